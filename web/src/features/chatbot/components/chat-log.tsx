import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@shared/schemas/chat';
import { cn } from '@web/lib/cn';

const SUGGESTIONS = [
  'What does Adsmith cost?',
  'How do I connect my Meta ad account?',
  'How should I set my daily budget?',
];

interface ChatLogProps {
  messages: ChatMessage[];
  streaming: boolean;
  /** Asked, nothing has arrived yet. */
  waitingFirstWords: boolean;
  onAsk: (question: string) => void;
}

/** The conversation, kept scrolled to its end; before the first question, a greeting and suggested questions. */
export function ChatLog({ messages, streaming, waitingFirstWords, onAsk }: ChatLogProps) {
  const logRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    logRef.current?.scrollTo?.({ top: logRef.current.scrollHeight });
  }, [messages, streaming]);

  return (
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
                  onClick={() => onAsk(suggestion)}
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
  );
}
