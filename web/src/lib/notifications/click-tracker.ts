/**
 * Every click on a button, link or role=button becomes a `button_click`
 * notification with its label and the current path. Clicks are queued and sent
 * in batches (every 5 s, at 20, and when the page is hidden, with `keepalive`
 * so the last ones survive navigation), so tracking never slows a click.
 * Deliberately tiny and free of app imports: it is installed once at start.
 */
export interface TrackedClick {
  buttonText: string;
  page: string;
  timestamp: string;
}

export type ClickSender = (clicks: TrackedClick[], options: { keepalive: boolean }) => void;

export const CLICK_FLUSH_MS = 5_000;
export const CLICK_BATCH_SIZE = 20;
/** Clicks kept while the sender is failing; beyond this the oldest go (they are telemetry, not data). */
const MAX_QUEUED = 200;
const MAX_LABEL = 100;

const CLICKABLE = 'button, a, [role="button"], input[type="button"], input[type="submit"]';

/** The label a person sees (or hears) on the control; never a typed value. */
export function clickLabel(element: Element): string {
  const aria = element.getAttribute('aria-label')?.trim();
  const text = (element as HTMLElement).innerText ?? element.textContent ?? '';
  const value = element instanceof HTMLInputElement ? element.value : '';
  const label =
    aria || text.replace(/\s+/g, ' ').trim() || element.getAttribute('title')?.trim() || value || '(unlabelled)';
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

export interface ClickTrackerOptions {
  send: ClickSender;
  flushMs?: number;
  batchSize?: number;
  target?: Document;
  now?: () => Date;
}

/** Starts tracking; returns a function that stops it (flushing what is queued). */
export function startClickTracker(options: ClickTrackerOptions): () => void {
  const doc = options.target ?? document;
  const view = doc.defaultView ?? window;
  const batchSize = options.batchSize ?? CLICK_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  let queue: TrackedClick[] = [];

  const flush = (keepalive: boolean) => {
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      options.send(batch, { keepalive });
    } catch {
      // A sender that throws must not break clicking; the batch is dropped like a failed beacon.
    }
  };

  const onClick = (event: MouseEvent) => {
    const element = (event.target as Element | null)?.closest?.(CLICKABLE);
    if (!element) return;
    queue.push({ buttonText: clickLabel(element), page: view.location.pathname, timestamp: now().toISOString() });
    if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
    // Sent after the click's own handlers, never in their way.
    if (queue.length >= batchSize) view.setTimeout(() => flush(false), 0);
  };
  const onHide = () => flush(true);
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') flush(true);
  };

  doc.addEventListener('click', onClick, { capture: true, passive: true });
  view.addEventListener('pagehide', onHide);
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = view.setInterval(() => flush(false), options.flushMs ?? CLICK_FLUSH_MS);

  return () => {
    doc.removeEventListener('click', onClick, { capture: true });
    view.removeEventListener('pagehide', onHide);
    doc.removeEventListener('visibilitychange', onVisibility);
    view.clearInterval(timer);
    flush(true);
  };
}
