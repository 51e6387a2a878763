import { Bot, RotateCcw, Send, Square, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { chatLimits, type ChatMessage } from '@shared/schemas/chat';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { loadWebConfig } from '@web/config/web-config';
import { quotaExceededOf, type QuotaExceeded } from '@web/lib/billing/quota-exceeded';
import { announceUsageChanged } from '@web/lib/billing/usage-key';
import { hasStoredSession } from '@web/lib/auth/stored-session';
import { cn } from '@web/lib/cn';
import { ChatError, streamChat } from '../api/chat-stream';
import { historyToSend, loadConversation, saveConversation } from '../lib/chat-storage';

const SUGGESTIONS = [
  'What does Adsmith cost?',
  'How do I connect my Meta ad account?',
  'How should I set my daily budget?',
];

/** The signed-in visitor's access token, without loading Amplify for anyone else. */
async function accessToken(): Promise<string | null> {
  if (!hasStoredSession(localStorage)) return null;
  try {
    const { getAccessToken } = await import('@web/lib/auth/cognito');
    return await getAccessToken();
  } catch {
    return null;
  }
}

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
}

/** The chatbot's conversation: answers render as they stream in. */
export default function ChatPanel({ open, onClose }: ChatPanelProps) {
  const { pathname } = useLocation();
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadConversation());
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [waitingFirstWords, setWaitingFirstWords] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A signed-in user's answers are AI generations of their plan: once the day's are used, the way up, not an error.
  const [quotaHit, setQuotaHit] = useState<QuotaExceeded | null>(null);
  const [offline, setOffline] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const counterId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!streaming) saveConversation(messages);
    logRef.current?.scrollTo?.({ top: logRef.current.scrollHeight });
  }, [messages, streaming]);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function ask(question: string) {
    const text = question.trim();
    if (!text || streaming) return;
    if (text.length > chatLimits.messageChars) {
      setError(`Please keep a message under ${chatLimits.messageChars} characters.`);
      return;
    }
    setError(null);
    setQuotaHit(null);
    setDraft('');
    const asked: ChatMessage[] = [...messages, { role: 'user', content: text }];
    setMessages([...asked, { role: 'assistant', content: '' }]);
    setStreaming(true);
    setWaitingFirstWords(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const [config, token] = await Promise.all([loadWebConfig(), accessToken()]);
      const result = await streamChat({
        // Same origin: CloudFront's `/api/chat` behaviour streams from the chatbot's function URL.
        url: `${config.apiBaseUrl}/chat`,
        body: { messages: historyToSend(asked), page: pathname },
        token,
        signal: controller.signal,
        onDelta: (piece) => {
          setWaitingFirstWords(false);
          setMessages((current) => {
            const last = current.at(-1);
            if (last?.role !== 'assistant') return current;
            return [...current.slice(0, -1), { role: 'assistant', content: last.content + piece }];
          });
        },
      });
      setOffline(result.offline);
    } catch (caught) {
      const aborted = caught instanceof DOMException && caught.name === 'AbortError';
      // Keep what has arrived; drop an empty answer so the question can simply be asked again.
      setMessages((current) =>
        current.at(-1)?.role === 'assistant' && current.at(-1)?.content === '' ? current.slice(0, -1) : current,
      );
      const quota = caught instanceof ChatError ? quotaExceededOf(caught) : null;
      if (quota) setQuotaHit(quota);
      else if (!aborted) {
        setError(caught instanceof ChatError ? caught.message : 'The assistant could not answer. Please try again.');
      }
    } finally {
      setStreaming(false);
      setWaitingFirstWords(false);
      abortRef.current = null;
      // An answer (or a refused one) counts against the workspace's AI generations: meters on screen catch up.
      announceUsageChanged();
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void ask(draft);
  };
  const onInputKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void ask(draft);
    }
  };

  return (
    <section
      id="adsmith-chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="flex h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-2xl"
    >
      <header className="flex items-center gap-2 border-b px-4 py-3">
        <Bot aria-hidden="true" className="size-5 text-primary" />
        <div className="flex-1">
          <h2 id={titleId} className="text-sm font-semibold">
            Adsmith assistant
          </h2>
          <p className="text-xs text-muted-foreground">
            {offline
              ? 'Offline demo model · answers from Adsmith’s facts and your account’s figures'
              : 'Ask about Adsmith or your Facebook and Instagram ads'}
          </p>
        </div>
        {messages.length > 0 ? (
          <button
            type="button"
            onClick={() => {
              abortRef.current?.abort();
              setMessages([]);
              setError(null);
              inputRef.current?.focus();
            }}
            aria-label="Start a new conversation"
            className="rounded-md p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          >
            <RotateCcw aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the assistant"
          className="rounded-md p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
        >
          <X aria-hidden="true" />
        </button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-3 text-sm"
      >
        {messages.length === 0 ? (
          <div className="space-y-3">
            <p className="text-muted-foreground">
              Hi! I can explain what Adsmith does and what it costs, or help with Facebook and Instagram advertising.
            </p>
            <ul className="flex flex-col items-start gap-2" aria-label="Suggested questions">
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    onClick={() => void ask(suggestion)}
                    className="rounded-full border px-3 py-1 text-left text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          messages.map((message, index) => (
            <div
              key={index}
              className={cn(
                'max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2',
                message.role === 'user'
                  ? 'ml-auto bg-primary text-primary-foreground'
                  : 'mr-auto bg-muted text-foreground',
              )}
            >
              <span className="sr-only">{message.role === 'user' ? 'You: ' : 'Assistant: '}</span>
              {message.content}
            </div>
          ))
        )}
        {waitingFirstWords ? (
          <p role="status" className="text-xs text-muted-foreground">
            The assistant is writing…
          </p>
        ) : null}
      </div>

      {quotaHit ? (
        <div className="border-t px-3 py-2 text-xs">
          <QuotaUpgradePrompt quota={quotaHit} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="border-t bg-destructive/10 px-4 py-2 text-xs text-destructive">
          {error}
        </p>
      ) : null}

      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t px-3 py-3">
        <div className="flex-1">
          <label htmlFor={`${titleId}-input`} className="sr-only">
            Your question
          </label>
          <textarea
            id={`${titleId}-input`}
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKey}
            rows={2}
            maxLength={chatLimits.messageChars}
            aria-describedby={counterId}
            placeholder="Ask a question…"
            className="w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <p id={counterId} className="text-right text-[11px] text-muted-foreground">
            {draft.length} / {chatLimits.messageChars}
          </p>
        </div>
        {streaming ? (
          <button
            type="button"
            onClick={() => abortRef.current?.abort()}
            aria-label="Stop the answer"
            className="mb-5 inline-flex size-10 items-center justify-center rounded-md border hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          >
            <Square aria-hidden="true" />
          </button>
        ) : (
          <button
            type="submit"
            disabled={draft.trim() === ''}
            aria-label="Send"
            className="mb-5 inline-flex size-10 items-center justify-center rounded-md bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 [&_svg]:size-4"
          >
            <Send aria-hidden="true" />
          </button>
        )}
      </form>
    </section>
  );
}
