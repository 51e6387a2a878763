import { Eye, Send, Save, Split } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callToActionLabels, callToActionTypes } from '@shared/ad-copy-rules';
import { blockingIssues, validatePlan } from '@shared/campaign-plan-validator';
import type { CampaignDraft, CampaignPlan, PlanAd, PlanAdSet } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { edit, errorAt, majorText, minorFrom, warningAt } from '../lib/plan-edits';
import { deliverySentence, issuePlace } from '../lib/plan-words';
import { AdPreviews } from './ad-previews';
import { AudienceSize } from './audience-size';
import { InterestPicker } from './interest-picker';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface PlanEditorProps {
  draft: CampaignDraft;
  saving: boolean;
  publishing: boolean;
  onSave: (plan: CampaignPlan) => void;
  onPublish: (plan: CampaignPlan) => void;
}

const placementValue = (set: PlanAdSet) =>
  set.targeting.placements === 'advantage' ? 'advantage' : set.targeting.placements.publisherPlatforms.join('+');

/** Every field of the plan, editable, with the pre-publish validator running on each change. */
export function PlanEditor({ draft, saving, publishing, onSave, onPublish }: PlanEditorProps) {
  const [plan, setPlan] = useState<CampaignPlan>(draft.plan);
  /** The ad as it was when its Preview was pressed (each preview is a Meta call, not one per keystroke). */
  const [previewing, setPreviewing] = useState<{ ad: PlanAd; label: string } | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const issues = useMemo(
    () => validatePlan(plan, { minDailyBudgetMinor: draft.minDailyBudgetMinor, now: new Date() }),
    [plan, draft.minDailyBudgetMinor],
  );
  const blocking = blockingIssues(issues);
  const locked = draft.publish?.status === 'published';
  const update = (change: (copy: CampaignPlan) => void) => setPlan((current) => edit(current, change));
  const currency = plan.currency;
  const campaignBudget = plan.campaign.budget;

  // The preview card is drawn below every ad set: bring it into view (and focus) when an ad's Preview is pressed,
  // or the press seems to do nothing on a long plan.
  useEffect(() => {
    if (!previewing) return;
    previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    previewRef.current?.focus({ preventScroll: true });
  }, [previewing]);

  return (
    <div className="grid gap-6">
      {locked ? null : blocking.length > 0 ? (
        <Alert
          variant="destructive"
          title={`${blocking.length} ${blocking.length === 1 ? 'thing' : 'things'} to fix before publishing`}
        >
          <ul className="list-disc pl-4">
            {blocking.slice(0, 6).map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>
                <span className="font-medium">{issuePlace(issue.path)}:</span> {issue.message}
              </li>
            ))}
          </ul>
          {blocking.length > 6 ? (
            <p className="mt-1">…and {blocking.length - 6} more, marked on their fields.</p>
          ) : null}
        </Alert>
      ) : (
        <Alert variant="success" title="Ready to publish">
          The plan passes every check Meta makes. It will be created paused.
        </Alert>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Campaign</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Campaign name" error={errorAt(issues, 'campaign.name')}>
            {(control) => (
              <Input
                {...control}
                value={plan.campaign.name}
                onChange={(e) => update((p) => (p.campaign.name = e.target.value))}
              />
            )}
          </FormField>
          <FormField label="Objective" description="Set by the goal of the brief (Meta's outcome objectives).">
            {(control) => <Input {...control} value={plan.campaign.objective} readOnly />}
          </FormField>
          <FormField label="Budget level">
            {(control) => (
              <NativeSelect
                {...control}
                value={campaignBudget ? 'campaign' : 'adsets'}
                onChange={(e) =>
                  update((p) => {
                    const total = p.campaign.budget ?? p.adSets[0]?.budget ?? { type: 'daily', amountMinor: 0 };
                    if (e.target.value === 'campaign') {
                      const sum = p.adSets.reduce((s, set) => s + (set.budget?.amountMinor ?? 0), 0);
                      p.campaign.budget = { type: total.type, amountMinor: sum || total.amountMinor };
                      delete p.campaign.isAdsetBudgetSharingEnabled;
                      for (const set of p.adSets) set.budget = null;
                    } else {
                      const share = Math.floor(total.amountMinor / p.adSets.length);
                      p.adSets.forEach((set, i) => {
                        set.budget = {
                          type: total.type,
                          amountMinor: share + (i === 0 ? total.amountMinor - share * p.adSets.length : 0),
                        };
                      });
                      p.campaign.budget = null;
                      p.campaign.isAdsetBudgetSharingEnabled = false;
                    }
                  })
                }
              >
                <option value="campaign">Campaign budget (Meta shares it across ad sets)</option>
                <option value="adsets">Ad set budgets (split evenly)</option>
              </NativeSelect>
            )}
          </FormField>
          {campaignBudget ? (
            <FormField
              label={`${campaignBudget.type === 'daily' ? 'Daily' : 'Total'} budget (${currency})`}
              error={errorAt(issues, 'campaign.budget.amountMinor')}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  defaultValue={majorText(campaignBudget.amountMinor, currency)}
                  onChange={(e) =>
                    update((p) => {
                      p.campaign.budget = {
                        type: campaignBudget.type,
                        amountMinor: minorFrom(e.target.value, currency),
                      };
                    })
                  }
                />
              )}
            </FormField>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Split aria-hidden="true" className="size-4" /> Each ad set has its own budget below.
            </p>
          )}
        </CardContent>
      </Card>

      {plan.adSets.map((set, setIndex) => {
        const at = `adSets.${setIndex}`;
        const change = (fn: (s: PlanAdSet) => void) => update((p) => fn(p.adSets[setIndex]!));
        return (
          <Card key={setIndex}>
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
                <FormField label={`Ad set ${setIndex + 1} name`} className="lg:col-span-2">
                  {(control) => (
                    <Input {...control} value={set.name} onChange={(e) => change((s) => (s.name = e.target.value))} />
                  )}
                </FormField>
                <FormField
                  label={`Ad set ${setIndex + 1} minimum age`}
                  error={errorAt(issues, `${at}.targeting.ageMin`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      value={set.targeting.ageMin}
                      onChange={(e) => change((s) => (s.targeting.ageMin = Number(e.target.value)))}
                    />
                  )}
                </FormField>
                <FormField
                  label={`Ad set ${setIndex + 1} maximum age`}
                  error={errorAt(issues, `${at}.targeting.ageMax`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      value={set.targeting.ageMax}
                      onChange={(e) => change((s) => (s.targeting.ageMax = Number(e.target.value)))}
                    />
                  )}
                </FormField>
                <FormField label={`Ad set ${setIndex + 1} genders`} error={errorAt(issues, `${at}.targeting`)}>
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={set.targeting.genders[0] ?? 'all'}
                      onChange={(e) =>
                        change((s) => {
                          const value = e.target.value;
                          s.targeting.genders = value === 'male' || value === 'female' ? [value] : [];
                        })
                      }
                    >
                      <option value="all">All genders</option>
                      <option value="female">Women</option>
                      <option value="male">Men</option>
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={`Ad set ${setIndex + 1} placements`}>
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={placementValue(set)}
                      onChange={(e) =>
                        change((s) => {
                          const value = e.target.value;
                          s.targeting.placements =
                            value === 'advantage'
                              ? 'advantage'
                              : { publisherPlatforms: value.split('+') as Array<'facebook' | 'instagram'> };
                        })
                      }
                    >
                      <option value="advantage">Advantage+ placements</option>
                      <option value="facebook+instagram">Facebook and Instagram</option>
                      <option value="facebook">Facebook only</option>
                      <option value="instagram">Instagram only</option>
                    </NativeSelect>
                  )}
                </FormField>
                <FormField
                  label={`Ad set ${setIndex + 1} countries`}
                  error={errorAt(issues, `${at}.targeting.countries`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      defaultValue={set.targeting.countries.join(', ')}
                      onChange={(e) =>
                        change(
                          (s) =>
                            (s.targeting.countries = e.target.value
                              .split(/[\s,]+/)
                              .map((c) => c.trim().toUpperCase())
                              .filter((c) => /^[A-Z]{2}$/.test(c))),
                        )
                      }
                    />
                  )}
                </FormField>
                {set.targeting.regions.length + set.targeting.cities.length > 0 ? (
                  <fieldset className="grid gap-2 sm:col-span-2">
                    <legend className="text-sm font-medium">Ad set {setIndex + 1} regions and cities</legend>
                    <ul className="grid gap-2">
                      {set.targeting.regions.map((region, index) => (
                        <li key={region.key} className="flex flex-wrap items-center gap-2 text-sm">
                          <span>
                            {region.name} ({region.countryCode}, region)
                          </span>
                          {errorAt(issues, `${at}.targeting.regions.${index}`) ? (
                            <span className="text-destructive">
                              {errorAt(issues, `${at}.targeting.regions.${index}`)}
                            </span>
                          ) : null}
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${region.name} from ad set ${setIndex + 1}`}
                            onClick={() =>
                              change(
                                (s) => (s.targeting.regions = s.targeting.regions.filter((r) => r.key !== region.key)),
                              )
                            }
                          >
                            Remove
                          </Button>
                        </li>
                      ))}
                      {set.targeting.cities.map((city, index) => (
                        <li key={city.key} className="flex flex-wrap items-center gap-2 text-sm">
                          <FormField
                            label={`${city.name} radius (${city.distanceUnit === 'mile' ? 'miles' : 'km'})`}
                            error={
                              errorAt(issues, `${at}.targeting.cities.${index}.radius`) ??
                              errorAt(issues, `${at}.targeting.cities.${index}`)
                            }
                          >
                            {(control) => (
                              <Input
                                {...control}
                                type="number"
                                className="w-24"
                                value={city.radius}
                                onChange={(e) =>
                                  change((s) => (s.targeting.cities[index]!.radius = Number(e.target.value)))
                                }
                              />
                            )}
                          </FormField>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${city.name} from ad set ${setIndex + 1}`}
                            onClick={() =>
                              change((s) => (s.targeting.cities = s.targeting.cities.filter((c) => c.key !== city.key)))
                            }
                          >
                            Remove
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ) : null}
                <FormField label={`Ad set ${setIndex + 1} start`}>
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      value={set.startTime.slice(0, 10)}
                      onChange={(e) => change((s) => (s.startTime = `${e.target.value}T00:00:00Z`))}
                    />
                  )}
                </FormField>
                <FormField label={`Ad set ${setIndex + 1} end`} error={errorAt(issues, `${at}.endTime`)}>
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      value={set.endTime?.slice(0, 10) ?? ''}
                      onChange={(e) =>
                        change((s) => {
                          if (e.target.value) s.endTime = `${e.target.value}T23:59:00Z`;
                          else delete s.endTime;
                        })
                      }
                    />
                  )}
                </FormField>
                {set.budget ? (
                  <FormField
                    label={`Ad set ${setIndex + 1} ${set.budget.type === 'daily' ? 'daily' : 'total'} budget (${currency})`}
                    error={errorAt(issues, `${at}.budget.amountMinor`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        defaultValue={majorText(set.budget!.amountMinor, currency)}
                        onChange={(e) =>
                          change(
                            (s) =>
                              (s.budget = { type: s.budget!.type, amountMinor: minorFrom(e.target.value, currency) }),
                          )
                        }
                      />
                    )}
                  </FormField>
                ) : null}
              </div>
              <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
                <InterestPicker
                  adAccountId={plan.adAccountId}
                  label={`Ad set ${setIndex + 1} interests`}
                  interests={set.targeting.interests}
                  onChange={(interests) => change((s) => (s.targeting.interests = interests))}
                />
                <AudienceSize
                  adAccountId={plan.adAccountId}
                  optimizationGoal={set.optimizationGoal}
                  targeting={set.targeting}
                />
              </div>
              <p className="text-xs text-muted-foreground">{deliverySentence(set)}</p>
              <div className="grid gap-4 xl:grid-cols-3">
                {set.ads.map((ad, adIndex) => {
                  const adAt = `${at}.ads.${adIndex}`;
                  const label = `Ad ${setIndex + 1}.${adIndex + 1}`;
                  const changeAd = (fn: (a: PlanAd) => void) => change((s) => fn(s.ads[adIndex]!));
                  return (
                    <fieldset key={adIndex} className="grid gap-3 rounded-md border p-3">
                      <legend className="px-1 text-sm font-medium">{label}</legend>
                      <FormField
                        label={`${label} headline`}
                        error={errorAt(issues, `${adAt}.headline`)}
                        description={warningAt(issues, `${adAt}.headline`)}
                      >
                        {(control) => (
                          <Input
                            {...control}
                            value={ad.headline}
                            onChange={(e) => changeAd((a) => (a.headline = e.target.value))}
                          />
                        )}
                      </FormField>
                      <FormField
                        label={`${label} primary text`}
                        error={errorAt(issues, `${adAt}.primaryText`)}
                        description={warningAt(issues, `${adAt}.primaryText`)}
                      >
                        {(control) => (
                          <textarea
                            {...control}
                            rows={3}
                            className={textareaClass}
                            value={ad.primaryText}
                            onChange={(e) => changeAd((a) => (a.primaryText = e.target.value))}
                          />
                        )}
                      </FormField>
                      <FormField
                        label={`${label} description`}
                        error={errorAt(issues, `${adAt}.description`)}
                        description={warningAt(issues, `${adAt}.description`)}
                      >
                        {(control) => (
                          <Input
                            {...control}
                            value={ad.description}
                            onChange={(e) => changeAd((a) => (a.description = e.target.value))}
                          />
                        )}
                      </FormField>
                      <FormField label={`${label} call to action`} error={errorAt(issues, `${adAt}.callToAction`)}>
                        {(control) => (
                          <NativeSelect
                            {...control}
                            value={ad.callToAction}
                            onChange={(e) =>
                              changeAd((a) => (a.callToAction = e.target.value as PlanAd['callToAction']))
                            }
                          >
                            {callToActionTypes.map((type) => (
                              <option key={type} value={type}>
                                {callToActionLabels[type]}
                              </option>
                            ))}
                          </NativeSelect>
                        )}
                      </FormField>
                      <FormField label={`${label} link`}>
                        {(control) => (
                          <Input
                            {...control}
                            value={ad.link}
                            onChange={(e) => changeAd((a) => (a.link = e.target.value))}
                          />
                        )}
                      </FormField>
                      <Button variant="outline" size="sm" onClick={() => setPreviewing({ ad, label })}>
                        <Eye aria-hidden="true" /> Preview {label}
                      </Button>
                    </fieldset>
                  );
                })}
              </div>
            </CardContent>
          </Card>
        );
      })}

      {previewing ? (
        <section ref={previewRef} tabIndex={-1} aria-labelledby="ad-preview-heading" className="scroll-mt-32">
          <Card>
            <CardHeader>
              <CardTitle id="ad-preview-heading">Preview of {previewing.label}</CardTitle>
            </CardHeader>
            <CardContent>
              <AdPreviews adAccountId={plan.adAccountId} ad={previewing.ad} />
            </CardContent>
          </Card>
        </section>
      ) : null}

      {locked ? null : (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" disabled={saving || publishing} onClick={() => onSave(plan)}>
            {saving ? <Spinner label="Saving" className="size-4" /> : <Save aria-hidden="true" />}
            Save draft
          </Button>
          <Button disabled={blocking.length > 0 || publishing} onClick={() => onPublish(plan)}>
            {publishing ? <Spinner label="Publishing" className="size-4" /> : <Send aria-hidden="true" />}
            Publish to Meta
          </Button>
        </div>
      )}
    </div>
  );
}
