import { Split } from 'lucide-react';
import type { CampaignPlan, PlanIssue } from '@shared/schemas/campaign-plan';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import type { PlanUpdate } from '../hooks/use-plan-editor';
import { errorAt, majorText, minorFrom, setBudgetLevel } from '../lib/plan-edits';

interface CampaignCardProps {
  plan: CampaignPlan;
  issues: PlanIssue[];
  update: PlanUpdate;
}

/** The campaign's name, objective and where its budget lives (the campaign or each ad set). */
export function CampaignCard({ plan, issues, update }: CampaignCardProps) {
  const currency = plan.currency;
  const campaignBudget = plan.campaign.budget;
  return (
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
              onChange={(e) => update((p) => setBudgetLevel(p, e.target.value === 'campaign' ? 'campaign' : 'adsets'))}
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
  );
}
