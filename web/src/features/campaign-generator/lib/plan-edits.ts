import type { CampaignPlan, PlanIssue } from '@shared/schemas/campaign-plan';
import { budgetToMajor, majorToBudget } from '@shared/currency-units';

/** Plan edits as pure functions over a copy, so the editor state is always a whole, valid-shaped plan. */
export function edit(plan: CampaignPlan, change: (draft: CampaignPlan) => void): CampaignPlan {
  const copy = structuredClone(plan);
  change(copy);
  return copy;
}

export function issuesAt(issues: PlanIssue[], path: string): PlanIssue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
}

/** The first error message exactly at a field, for its inline message. */
export function errorAt(issues: PlanIssue[], path: string): string | undefined {
  return issues.find((issue) => issue.path === path && issue.severity === 'error')?.message;
}

export function warningAt(issues: PlanIssue[], path: string): string | undefined {
  return issues.find((issue) => issue.path === path && issue.severity === 'warning')?.message;
}

/** Minor units shown as the major amount a person types (19.99 USD; 3000 JPY). */
export function majorText(minor: number, currency: string): string {
  return String(budgetToMajor(minor, currency));
}

/** A typed amount back to minor units; NaN stays NaN so the validator reports it. */
export function minorFrom(text: string, currency: string): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : majorToBudget(value, currency);
}

/**
 * Steps a publish of this plan takes: campaign, ad sets, a creative and an ad per ad (images are in the
 * account's library already, sent when they were chosen).
 */
export function publishStepCount(plan: CampaignPlan): number {
  const ads = plan.adSets.reduce((sum, set) => sum + set.ads.length, 0);
  return 1 + plan.adSets.length + ads * 2;
}

/** Reads Meta's preview markup (`<iframe src=… width=… height=…>`) into attributes we render ourselves. */
export function previewFrame(html: string): { src: string; width: number; height: number } | null {
  const src = /src="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!src || !/^https?:\/\//.test(src)) return null;
  const width = Number(/width="(\d+)"/.exec(html)?.[1] ?? 320);
  const height = Number(/height="(\d+)"/.exec(html)?.[1] ?? 480);
  return { src, width, height };
}

/**
 * Moves the budget between the campaign (Meta shares it across ad sets) and the ad sets (split evenly, the
 * remainder on the first), keeping the total the person had set.
 */
export function setBudgetLevel(plan: CampaignPlan, level: 'campaign' | 'adsets'): void {
  const total = plan.campaign.budget ?? plan.adSets[0]?.budget ?? { type: 'daily', amountMinor: 0 };
  if (level === 'campaign') {
    const sum = plan.adSets.reduce((s, set) => s + (set.budget?.amountMinor ?? 0), 0);
    plan.campaign.budget = { type: total.type, amountMinor: sum || total.amountMinor };
    delete plan.campaign.isAdsetBudgetSharingEnabled;
    for (const set of plan.adSets) set.budget = null;
  } else {
    const share = Math.floor(total.amountMinor / plan.adSets.length);
    plan.adSets.forEach((set, i) => {
      set.budget = {
        type: total.type,
        amountMinor: share + (i === 0 ? total.amountMinor - share * plan.adSets.length : 0),
      };
    });
    plan.campaign.budget = null;
    plan.campaign.isAdsetBudgetSharingEnabled = false;
  }
}
