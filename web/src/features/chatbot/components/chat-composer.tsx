import { Send, Square } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { chatLimits } from '@shared/schemas/chat';

interface ChatComposerProps {
  /** Labels the textarea (`<inputId>` is its id). */
  inputId: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  draft: string;
  onDraftChange: (draft: string) => void;
  streaming: boolean;
  onAsk: () => void;
  onStop: () => void;
}

/** The question box with its character count; Enter sends (Shift+Enter is a new line), Stop ends a streaming answer. */
export function ChatComposer({ inputId, inputRef, draft, onDraftChange, streaming, onAsk, onStop }: ChatComposerProps) {
  const counterId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAsk();
      }}
      className="flex items-end gap-2 border-t px-3 py-3"
    >
      <div className="flex-1">
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              onAsk();
            }
          }}
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
          onClick={onStop}
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
  );
}
