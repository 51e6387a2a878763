import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import { Card, CardContent } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { formatMoney, formatNumber, formatPercent } from '@web/lib/format';
import { RANKING_NAMES, rankingTone, rankingWords } from '../lib/ad-words';
import { AdCardActions } from './ad-card-actions';
import { AdCardHeader } from './ad-card-header';
import { FatigueCurve } from './fatigue-curve';

function latestTestOf(ad: AdCard, tests: readonly AdTest[]): AdTest | undefined {
  return tests.find((t) => t.adId === ad.id && t.status === 'created');
}

const TONE_CLASSES = {
  good: 'bg-success/15 text-success',
  average: 'bg-secondary text-secondary-foreground',
  low: 'bg-destructive/10 text-destructive',
  unknown: 'border text-muted-foreground',
} as const;

/** One ad: its creative, last week’s figures, Meta’s rankings and verdicts, its fatigue curve and its actions. */
export function AdCardView({
  ad,
  list,
  onRewrite,
  onShowCopy,
  onDeleteCopy,
  deletingTestId,
  focused,
}: {
  ad: AdCard;
  list: AdCardList;
  /** The ad an optimizer recommendation linked to. */
  focused: boolean;
  onRewrite: () => void;
  onShowCopy: (copyAdId: string) => void;
  onDeleteCopy: (testId: string) => void;
  deletingTestId: string | undefined;
}) {
  const test = latestTestOf(ad, list.tests);
  const copyOf = list.tests.find((t) => t.copyAdId === ad.id && t.status === 'created');
  const deleting = test !== undefined && deletingTestId === test.id;
  const m = ad.metrics;
  const metrics: Array<[string, string]> = [
    ['CTR (link)', formatPercent(m.ctrLink)],
    ['Frequency', formatNumber(m.frequency, 2)],
    ['Cost per result', formatMoney(m.costPerResult, list.currency)],
    ['Spend', formatMoney(m.spend, list.currency)],
  ];
  return (
    <li id={`ad-${ad.id}`} className="min-w-0">
      <Card
        className={cn('h-full min-w-0', copyOf ? 'ring-2 ring-primary/40' : '', focused ? 'ring-2 ring-primary' : '')}
        aria-current={focused ? 'true' : undefined}
        aria-label={`Ad ${ad.name}`}
        role="group"
      >
        <AdCardHeader ad={ad} copyOf={copyOf} />
        <CardContent className="grid min-w-0 grid-cols-1 gap-3">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Last 7 days of ${ad.name}`}>
            {metrics.map(([label, value]) => (
              <div key={label} className="rounded-md border p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {ad.rankings ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={`Meta's rankings of ${ad.name}`}>
              {(Object.keys(RANKING_NAMES) as Array<keyof typeof RANKING_NAMES>).map((key) => {
                const value = ad.rankings?.[key];
                if (!value) return null;
                return (
                  <li key={key} className={cn('rounded-full px-2.5 py-0.5 text-xs', TONE_CLASSES[rankingTone(value)])}>
                    {RANKING_NAMES[key]}: {rankingWords(value)}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {ad.verdicts.map((v) => (
            <p key={v.kind} className="text-sm">
              <span className="font-medium">{v.title}.</span> {v.why}
            </p>
          ))}
          <FatigueCurve ad={ad} />
          <AdCardActions
            ad={ad}
            list={list}
            test={test}
            deleting={deleting}
            onRewrite={onRewrite}
            onShowCopy={onShowCopy}
            onDeleteCopy={onDeleteCopy}
          />
        </CardContent>
      </Card>
    </li>
  );
}
