import { useEffect, useId, useRef } from 'react';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { ChatComposer } from './chat-composer';
import { ChatHeader } from './chat-header';
import { ChatLog } from './chat-log';

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
}

/** The chatbot's conversation: answers render as they stream in. */
export default function ChatPanel({ open, onClose }: ChatPanelProps) {
  const chat = useChatConversation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

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
      <ChatHeader
        titleId={titleId}
        offline={chat.offline}
        canStartOver={chat.messages.length > 0}
        onStartOver={() => {
          chat.startOver();
          inputRef.current?.focus();
        }}
        onClose={onClose}
      />
      <ChatLog
        messages={chat.messages}
        streaming={chat.streaming}
        waitingFirstWords={chat.waitingFirstWords}
        onAsk={(question) => void chat.ask(question)}
      />
      {chat.quotaHit ? (
        <div className="border-t px-3 py-2 text-xs">
          <QuotaUpgradePrompt quota={chat.quotaHit} />
        </div>
      ) : null}
      {chat.error ? (
        <p role="alert" className="border-t bg-destructive/10 px-4 py-2 text-xs text-destructive">
          {chat.error}
        </p>
      ) : null}
      <ChatComposer
        inputId={`${titleId}-input`}
        inputRef={inputRef}
        draft={chat.draft}
        onDraftChange={chat.setDraft}
        streaming={chat.streaming}
        onAsk={() => void chat.ask(chat.draft)}
        onStop={chat.stop}
      />
    </section>
  );
}
