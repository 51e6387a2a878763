import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table's box. When the chosen columns are wider than the screen, it says so above the table (a
 * sideways scroll nobody sees is a column nobody reads) and the box takes the keyboard's arrow keys.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setMore(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div className="grid grid-cols-1 gap-1.5">
      {more ? (
        <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
          More columns to the right: scroll the table sideways <ArrowRight aria-hidden="true" className="size-3.5" />
        </p>
      ) : null}
      <div
        ref={box}
        // Focusable only when it scrolls, so keyboard users can reach what is off to the side.
        tabIndex={more ? 0 : undefined}
        role={more ? 'region' : undefined}
        aria-label={more ? `${label}, scrolls sideways` : undefined}
        className="overflow-x-auto rounded-lg border bg-card shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </div>
    </div>
  );
}
