import type { PlanAd, PlanAdSet, PlanIssue } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { PreviewedAd } from '../hooks/use-plan-editor';
import { deliverySentence } from '../lib/plan-words';
import { AdCard } from './ad-card';
import { AdSetAudienceFields } from './ad-set-audience-fields';
import { AdSetCustomAudiences } from './ad-set-custom-audiences';
import { AdSetLocations } from './ad-set-locations';
import { AdSetScheduleFields } from './ad-set-schedule-fields';
import { AudienceSize } from './audience-size';
import { InterestPicker } from './interest-picker';

interface AdSetCardProps {
  set: PlanAdSet;
  setIndex: number;
  adAccountId: string;
  currency: string;
  issues: PlanIssue[];
  change: (change: (set: PlanAdSet) => void) => void;
  onPreview: (previewed: PreviewedAd) => void;
}

/** One ad set: its audience, locations, schedule and budget, interests with the audience size, and its ads. */
export function AdSetCard({ set, setIndex, adAccountId, currency, issues, change, onPreview }: AdSetCardProps) {
  const at = `adSets.${setIndex}`;
  const fields = { set, number: setIndex + 1, at, issues, change };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Ad set {setIndex + 1}: {set.name}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {issues
          .filter((issue) => issue.path === `${at}.targeting.audience`)
          .map((issue) => (
            <Alert key={issue.message} variant="warning" title="Audience overlap">
              {issue.message}
            </Alert>
          ))}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <AdSetAudienceFields {...fields} />
          <AdSetLocations {...fields} />
          <AdSetScheduleFields {...fields} currency={currency} />
        </div>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <InterestPicker
            adAccountId={adAccountId}
            label={`Ad set ${setIndex + 1} interests`}
            interests={set.targeting.interests}
            onChange={(interests) => change((s) => (s.targeting.interests = interests))}
          />
          <AudienceSize adAccountId={adAccountId} optimizationGoal={set.optimizationGoal} targeting={set.targeting} />
        </div>
        <AdSetCustomAudiences {...fields} adAccountId={adAccountId} />
        <p className="text-xs text-muted-foreground">{deliverySentence(set)}</p>
        <div className="grid gap-4 xl:grid-cols-3">
          {set.ads.map((ad, adIndex) => {
            const label = `Ad ${setIndex + 1}.${adIndex + 1}`;
            return (
              <AdCard
                key={adIndex}
                ad={ad}
                label={label}
                at={`${at}.ads.${adIndex}`}
                issues={issues}
                changeAd={(fn: (a: PlanAd) => void) => change((s) => fn(s.ads[adIndex]!))}
                onPreview={() => onPreview({ ad, label })}
              />
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
