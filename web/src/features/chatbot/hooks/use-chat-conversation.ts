import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { chatLimits, type ChatMessage } from '@shared/schemas/chat';
import { loadWebConfig } from '@web/config/web-config';
import { quotaExceededOf, type QuotaExceeded } from '@web/lib/billing/quota-exceeded';
import { announceUsageChanged } from '@web/lib/billing/usage-key';
import { hasStoredSession } from '@web/lib/auth/stored-session';
import { ChatError, streamChat } from '../api/chat-stream';
import { historyToSend, loadConversation, saveConversation } from '../lib/chat-storage';

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

/**
 * The conversation kept in the browser: the question being typed, asking (the answer streams into the last
 * message), stopping an answer, starting over, and what went wrong.
 */
export function useChatConversation() {
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

  useEffect(() => {
    if (!streaming) saveConversation(messages);
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

  const stop = () => abortRef.current?.abort();

  function startOver() {
    abortRef.current?.abort();
    setMessages([]);
    setError(null);
  }

  return {
    messages,
    draft,
    setDraft,
    streaming,
    waitingFirstWords,
    error,
    quotaHit,
    offline,
    ask,
    stop,
    startOver,
  };
}
