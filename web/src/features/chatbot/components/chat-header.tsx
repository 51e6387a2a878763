import { Bot, RotateCcw, X } from 'lucide-react';

const iconButtonClass =
  'rounded-md p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4';

interface ChatHeaderProps {
  titleId: string;
  /** Answers come from the offline demo model. */
  offline: boolean;
  /** Offer to start over (there is a conversation to clear). */
  canStartOver: boolean;
  onStartOver: () => void;
  onClose: () => void;
}

/** The panel's title, what the assistant answers from, and its Start over and Close buttons. */
export function ChatHeader({ titleId, offline, canStartOver, onStartOver, onClose }: ChatHeaderProps) {
  return (
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
      {canStartOver ? (
        <button type="button" onClick={onStartOver} aria-label="Start a new conversation" className={iconButtonClass}>
          <RotateCcw aria-hidden="true" />
        </button>
      ) : null}
      <button type="button" onClick={onClose} aria-label="Close the assistant" className={iconButtonClass}>
        <X aria-hidden="true" />
      </button>
    </header>
  );
}
