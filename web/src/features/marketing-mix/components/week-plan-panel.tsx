import { useState, type FormEvent } from 'react';
import type { MmmReport } from '@shared/schemas/mmm';
import type { WeekPlan, WeekPlanBody } from '@shared/schemas/mmm-week-plan';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { formatNumber, formatPercent } from '@web/lib/format';
import { useWeekPlan } from '../api/mmm-api';
import { download, fileStem } from '../lib/report-files';
import { checkWeekPlan, emptyWeekPlanDraft, type WeekPlanDraft, type WeekPlanErrors } from '../lib/week-plan-draft';
import { weekPlanCsv } from '../lib/week-plan-files';
import { WeekPlanChart } from './week-plan-chart';
import { WeekPlanHandoff } from './week-plan-handoff';
import { WeekPlanTable } from './week-plan-table';

/** What the plan says in one sentence: its KPI with the interval, against the same total spread evenly. */
function PlanSummary({ plan }: { plan: WeekPlan }) {
  const pct = Math.round(plan.level * 100);
  const gain = plan.evenSplitKpi !== 0 ? plan.expectedKpi.estimate / plan.evenSplitKpi - 1 : 0;
  const what = plan.kpiKind === 'revenue' ? 'revenue' : 'conversions';
  return (
    <p className="text-sm">
      Over {plan.weeks.length} weeks, {formatNumber(plan.total)} of spend is expected to bring{' '}
      <strong>
        {formatNumber(plan.expectedKpi.estimate)} {what}
      </strong>{' '}
      ({pct} % interval {formatNumber(plan.expectedKpi.low)}–{formatNumber(plan.expectedKpi.high)}),{' '}
      {formatPercent(gain, 1)} against today’s mix spread evenly over the weeks. Its carry-over brings about{' '}
      {formatNumber(plan.tailKpi)} more in the weeks after the plan.
    </p>
  );
}

/** A computed plan: its summary, the CSV, the chart, the table and its hand-off to the optimizer. */
function WeekPlanResult({
  plan,
  request,
  modelId,
  modelName,
  report,
}: {
  plan: WeekPlan;
  request: WeekPlanBody;
  modelId: string;
  modelName: string;
  report: MmmReport;
}) {
  return (
    <div className="grid gap-4" aria-live="polite">
      <PlanSummary plan={plan} />
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download(`${fileStem(modelName)}-week-plan.csv`, weekPlanCsv(plan), 'text/csv')}
        >
          Download the plan (CSV)
        </Button>
      </div>
      <WeekPlanChart plan={plan} />
      <WeekPlanTable plan={plan} />
      <WeekPlanHandoff modelId={modelId} report={report} request={request} plan={plan} />
    </div>
  );
}

/**
 * "Plan the weeks ahead" (issue 24, requirement 6): the next N weeks' spend per paid channel under a total and
 * weekly bounds, counting carry-over from spend already made and the season; KPI per week with its interval, a
 * chart, a table and a CSV. The plan is computed by the API from the saved model, so it takes a few seconds.
 */
export function WeekPlanPanel({
  modelId,
  modelName,
  report,
}: {
  modelId: string;
  modelName: string;
  report: MmmReport;
}) {
  const channels = report.allocation.channels.map((c) => c.name);
  const [draft, setDraft] = useState<WeekPlanDraft>(() => emptyWeekPlanDraft(channels));
  const [errors, setErrors] = useState<WeekPlanErrors>({});
  const plan = useWeekPlan();
  if (channels.length === 0) return null;

  const setBound = (channel: string, side: 'min' | 'max', value: string) =>
    setDraft((d) => ({ ...d, bounds: { ...d.bounds, [channel]: { ...d.bounds[channel]!, [side]: value } } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWeekPlan(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    plan.mutate({ modelId, body: checked.body });
  };
  // The API's own refusals name their field too (details), shown beside it.
  const serverDetails = plan.error instanceof ApiError ? (plan.error.details ?? {}) : {};
  const fieldError = (field: string) => errors[field] ?? serverDetails[field];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Plan the weeks ahead</CardTitle>
        <CardDescription>
          A week-by-week budget for the weeks after your data: it counts the carry-over of spend already made, follows
          the season the model found a year earlier, and keeps each channel within its weekly bounds.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Week-by-week plan">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              className="content-start"
              label="Weeks to plan"
              description="From 4 to 52."
              error={fieldError('weeks')}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={draft.weeks}
                  onChange={(e) => setDraft({ ...draft, weeks: e.target.value })}
                />
              )}
            </FormField>
            <FormField
              className="content-start"
              label="Total budget"
              description="Over all the weeks and paid channels. Empty: today’s weekly spend for every week."
              error={fieldError('totalBudget')}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={draft.totalBudget}
                  placeholder="Today’s spend"
                  onChange={(e) => setDraft({ ...draft, totalBudget: e.target.value })}
                />
              )}
            </FormField>
            <FormField
              className="content-start"
              label="Season sensitivity"
              description="How much ads earn more in busy weeks. The fit alone cannot tell; 1 is a multiplicative model’s view."
              error={fieldError('seasonSensitivity')}
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.seasonSensitivity}
                  onChange={(e) =>
                    setDraft({ ...draft, seasonSensitivity: e.target.value as WeekPlanDraft['seasonSensitivity'] })
                  }
                >
                  <option value="1">In step with the season (1)</option>
                  <option value="0.5">Half as much (0.5)</option>
                  <option value="0">The same every week (0)</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <fieldset className="grid gap-3">
            <legend className="text-sm font-medium">Weekly bounds per channel (empty: ½× to 2× of recent spend)</legend>
            {channels.map((channel) => (
              <div key={channel} className="grid gap-3 sm:grid-cols-2">
                {(['min', 'max'] as const).map((side) => (
                  <FormField
                    key={side}
                    className="content-start"
                    label={`${channel}: weekly ${side === 'min' ? 'minimum' : 'maximum'}`}
                    error={fieldError(`${channel}.${side}`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        value={draft.bounds[channel]?.[side] ?? ''}
                        onChange={(e) => setBound(channel, side, e.target.value)}
                      />
                    )}
                  </FormField>
                ))}
              </div>
            ))}
            {fieldError('bounds') ? (
              <p className="text-sm font-medium text-destructive">{fieldError('bounds')}</p>
            ) : null}
          </fieldset>
          <div>
            <Button type="submit" disabled={plan.isPending}>
              {plan.isPending ? <Spinner label="Planning the weeks" className="size-4" /> : null}
              {plan.isPending ? 'Planning the weeks…' : 'Plan the weeks'}
            </Button>
          </div>
        </form>
        {plan.isError ? (
          <Alert variant="destructive" title="No plan">
            {plan.error.message}
          </Alert>
        ) : null}
        {plan.isIdle ? (
          <p className="text-sm text-muted-foreground">
            No plan yet: choose the weeks and a budget, then plan them. The model is not changed.
          </p>
        ) : null}
        {plan.isSuccess ? (
          // A new plan starts a new hand-off: the one shown is always of the plan above it.
          <WeekPlanResult
            key={plan.submittedAt}
            plan={plan.data}
            request={plan.variables.body}
            modelId={modelId}
            modelName={modelName}
            report={report}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
