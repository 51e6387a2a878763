import type { TrustReportView } from '@shared/schemas/mmm-trust';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber } from '@web/lib/format';

const LEVEL_WORDS: Record<TrustReportView['level'], string> = {
  high: 'High trust',
  medium: 'Medium trust',
  low: 'Low trust',
};
const IDENTIFIED_WORDS: Record<TrustReportView['channels'][number]['identified'], string> = {
  well: 'Measured well',
  weakly: 'Measured roughly',
  poorly: 'Not measured reliably',
};
const percent = (v: number) => `${formatNumber(v * 100, 0)} %`;

/** How much to trust the model, in plain words: held-out fit, each channel's identification, what would sharpen it. */
export function TrustPanel({ trust }: { trust: TrustReportView }) {
  const { holdout } = trust;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base">How much to trust this model</CardTitle>
          <Badge variant={trust.level === 'high' ? 'success' : 'outline'}>{LEVEL_WORDS[trust.level]}</Badge>
        </div>
        <CardDescription>{trust.headline}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          {holdout
            ? `On the last ${holdout.weeks} of ${trust.weeks} weeks, which the model's coefficients never saw, it explains ${percent(Math.max(0, holdout.r2))} of the KPI's movement and is off by ${percent(holdout.mape)} on a typical week.`
            : `${trust.weeks} weeks are too few to hold some back and check the model on them.`}
        </p>
        <ul aria-label="How well the data measure each channel" className="grid gap-2">
          {trust.channels.map((c) => (
            <li key={c.name} className="rounded-md border p-3">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{c.name}</span>
                <Badge variant={c.identified === 'well' ? 'success' : 'outline'}>
                  {IDENTIFIED_WORDS[c.identified]}
                </Badge>
                {c.liftTests > 0 ? (
                  <Badge variant="outline">
                    {c.liftTests === 1 ? 'Anchored by a lift test' : `Anchored by ${c.liftTests} lift tests`}
                  </Badge>
                ) : null}
              </p>
              {c.reasons.length > 0 ? (
                <p className="text-muted-foreground mt-1">Because {c.reasons.join('; ')}.</p>
              ) : (
                <p className="text-muted-foreground mt-1">
                  Its spend varies enough{c.pausedShare !== undefined ? ', pauses at times' : ''} and does not move with
                  another channel or the season.
                </p>
              )}
            </li>
          ))}
        </ul>
        {trust.advice.length > 0 ? (
          <div>
            <h3 className="font-medium">What would sharpen it</h3>
            <ul className="mt-1 list-disc pl-5">
              {trust.advice.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
