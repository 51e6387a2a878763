import { Sparkles } from 'lucide-react';

/** Illustrative figures: the preview shows the dashboard's shape, not anyone's account. */
const tiles = [
  { label: 'Spend', value: '$4,820', change: '+12%' },
  { label: 'Results', value: '312', change: '+18%' },
  { label: 'Cost per result', value: '$15.45', change: '−5%' },
  { label: 'Link CTR', value: '1.84%', change: '+0.2 pt' },
];
const bars = [38, 52, 47, 61, 58, 72, 66, 80, 74, 88, 83, 92, 86, 97];

/** A drawn preview of the product (campaign dashboard and an AI ad-copy card) for the home page. */
export function ProductPreview() {
  return (
    <figure className="relative mx-auto mt-16 max-w-5xl text-left">
      <div
        role="img"
        aria-label="Preview of the Adsmith dashboard: spend, results, cost per result and click-through rate with a daily results chart, beside an AI-written ad"
        className="grid gap-4 rounded-2xl border bg-card/90 p-4 shadow-2xl shadow-indigo-500/10 sm:p-6 lg:grid-cols-[1fr_18rem]"
      >
        <div aria-hidden="true" className="min-w-0">
          <div className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-pink-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
            <span className="ml-3 text-xs font-medium text-muted-foreground">Campaigns · last 14 days</span>
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
            {tiles.map((tile) => (
              <div key={tile.label} className="rounded-lg border bg-background p-3">
                <p className="text-xs text-muted-foreground">{tile.label}</p>
                <p className="mt-1 text-lg font-semibold tabular-nums">{tile.value}</p>
                <p className="text-xs font-medium text-emerald-700">{tile.change}</p>
              </div>
            ))}
          </div>
          <div className="mt-4 flex h-32 items-end gap-1.5 rounded-lg border bg-background p-3 sm:h-40">
            {bars.map((height, index) => (
              <span
                key={index}
                className="flex-1 rounded-t bg-gradient-to-t from-indigo-500 to-pink-500 opacity-90"
                style={{ height: `${height}%` }}
              />
            ))}
          </div>
        </div>
        <div aria-hidden="true" className="rounded-xl border bg-background p-4">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-primary">
            <Sparkles className="size-3.5" /> AI ad copy
          </p>
          <p className="mt-3 text-sm font-semibold">Run further, recover faster</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Cushioned trail shoes that grip on wet rock. Free returns for 60 days.
          </p>
          <span className="mt-3 inline-flex rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-primary-foreground">
            Shop now
          </span>
          <div className="mt-4 space-y-2">
            <div className="h-2 w-full rounded bg-muted" />
            <div className="h-2 w-4/5 rounded bg-muted" />
            <div className="h-2 w-2/3 rounded bg-muted" />
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        Your campaigns and results from Meta, and AI-written ads, in one workspace.
      </figcaption>
    </figure>
  );
}
