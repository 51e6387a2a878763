import type { CampaignPlan } from '@shared/schemas/campaign-plan';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatBudget } from '@web/lib/format';

type AdSet = CampaignPlan['adSets'][number];
type Ad = AdSet['ads'][number];

const words = (value: string) => value.toLowerCase().replaceAll('_', ' ');
const sentence = (value: string) => words(value).replace(/^./, (first) => first.toUpperCase());
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function budgetText(budget: CampaignPlan['campaign']['budget'], currency: string): string {
  if (!budget) return 'Set per ad set';
  return `${formatBudget(budget.amountMinor, currency)} ${budget.type === 'daily' ? 'a day' : 'in total'}`;
}

function scheduleText(set: AdSet): string {
  return set.endTime ? `${day(set.startTime)} to ${day(set.endTime)}` : `From ${day(set.startTime)}, no end date`;
}

function audienceText(set: AdSet): string[] {
  const t = set.targeting;
  const places = [...t.countries, ...t.regions.map((r) => r.name), ...t.cities.map((c) => c.name)].join(', ');
  const people = `Ages ${t.ageMin}–${t.ageMax}${t.genders.length === 1 ? `, ${t.genders[0]} only` : ''}`;
  return [
    `${people} in ${places}`,
    ...(t.interests.length ? [`Interested in ${t.interests.map((i) => i.name).join(', ')}`] : []),
    ...(t.audiences?.length ? [`Including ${t.audiences.map((a) => a.name).join(', ')}`] : []),
    ...(t.excludedAudiences?.length ? [`Leaving out ${t.excludedAudiences.map((a) => a.name).join(', ')}`] : []),
  ];
}

/** The ad as a feed post would show it: the words, the picture's name and the button, as they will be sent. */
function AdMock({ ad }: { ad: Ad }) {
  const host = new URL(ad.link).host;
  return (
    <article aria-label={`Ad: ${ad.name}`} className="grid gap-2 rounded-md border bg-background p-3 text-sm">
      <p className="whitespace-pre-line">{ad.primaryText}</p>
      <div className="grid h-28 place-items-center rounded bg-muted px-2 text-center text-xs text-muted-foreground">
        {ad.format === 'carousel' && ad.cards?.length
          ? `Carousel of ${ad.cards.length} cards: ${ad.cards.map((card) => card.headline).join(' · ')}`
          : ad.image
            ? `Image: ${ad.image.name}`
            : 'No image chosen'}
      </div>
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-xs uppercase text-muted-foreground">{host}</p>
          <p className="font-semibold">{ad.headline}</p>
          {ad.description ? <p className="text-muted-foreground">{ad.description}</p> : null}
        </div>
        <span className="shrink-0 rounded bg-secondary px-2 py-1 text-xs font-medium">{sentence(ad.callToAction)}</span>
      </div>
    </article>
  );
}

/**
 * What a client approves (issue 28, req 3): the campaign's budget and goal, each ad set's schedule, budget and
 * audience, and every ad as it will read. Built from the plan as it was sent, nothing else of the workspace.
 */
export function PlanSummary({ plan }: { plan: CampaignPlan }) {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{plan.campaign.name}</CardTitle>
          <CardDescription>Goal: {sentence(plan.campaign.objective.replace('OUTCOME_', ''))}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Campaign budget</dt>
              <dd className="font-medium">{budgetText(plan.campaign.budget, plan.currency)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Ad sets</dt>
              <dd className="font-medium">{plan.adSets.length}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Ads</dt>
              <dd className="font-medium">{plan.adSets.reduce((sum, set) => sum + set.ads.length, 0)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {plan.adSets.map((set, index) => (
        <section key={index} aria-label={`Ad set: ${set.name}`}>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{set.name}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground">Schedule</dt>
                  <dd>{scheduleText(set)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Budget</dt>
                  <dd>{set.budget ? budgetText(set.budget, plan.currency) : 'From the campaign budget'}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-muted-foreground">Audience</dt>
                  {audienceText(set).map((line) => (
                    <dd key={line}>{line}</dd>
                  ))}
                </div>
              </dl>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {set.ads.map((ad, adIndex) => (
                  <AdMock key={adIndex} ad={ad} />
                ))}
              </div>
            </CardContent>
          </Card>
        </section>
      ))}
    </div>
  );
}
