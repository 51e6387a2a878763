import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';

// The panel (and with it zod, the runtime config and the stream reader) loads on first open,
// so public pages keep their JavaScript budget.
const ChatPanel = lazy(() => import('./chat-panel'));

const noSubscription = () => () => {};

/**
 * The chatbot widget's button, on every page. Opening it loads the panel once; closing
 * hides it but keeps it mounted, so a streaming answer carries on and the conversation
 * stays (it is also kept in sessionStorage for the tab).
 */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // The button appears once the page is interactive: in the prerendered HTML it would be a dead
  // button that swallows clicks until hydration ends (it is fixed-position, so nothing shifts).
  // The server snapshot (false) is used while hydrating, the client one (true) right after.
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  if (!interactive) return null;
  return (
    // Smaller and closer to the corner on a phone; the footer keeps a clear strip below its last line
    // (site-footer.tsx), so scrolled to the end nothing is under the button.
    <div className="fixed bottom-3 right-3 z-40 flex flex-col items-end gap-3 sm:bottom-4 sm:right-4 print:hidden">
      {loaded ? (
        <Suspense
          fallback={
            <div role="status" className="rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground shadow-lg">
              Opening the assistant…
            </div>
          }
        >
          <ChatPanel open={open} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="adsmith-chat-panel"
        aria-label={open ? 'Close the Adsmith assistant' : 'Ask the Adsmith assistant'}
        onClick={() => {
          setLoaded(true);
          setOpen((value) => !value);
        }}
        className="inline-flex size-12 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:size-14 [&_svg]:size-6"
      >
        {open ? <X aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      </button>
    </div>
  );
}
