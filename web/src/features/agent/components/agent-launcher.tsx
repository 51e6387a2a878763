import { Bot } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { buttonClasses } from '@web/components/ui/plain-classes';

// The panel (the stream reader, the API client's routes) loads on first open.
const AgentPanel = lazy(() => import('./agent-panel'));

/**
 * The agent's button in the app bar, for signed-in people on every screen; separate from the public site's chat
 * widget. Once opened, the panel stays mounted (hidden when closed), so an answer streaming in carries on.
 */
export function AgentLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        <Bot aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">Ask the agent</span>
      </button>
      {loaded ? (
        <Suspense
          fallback={
            <div role="status" className="fixed right-4 top-20 z-50 rounded-md border bg-card px-3 py-2 text-sm shadow">
              Opening the agent…
            </div>
          }
        >
          <AgentPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
