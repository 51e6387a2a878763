import { RESTRICTED_TARGETING_CATEGORIES, type BriefGoal } from './campaign-rules';
import type { CampaignPlan, PlanAdSet, PlanAudience, PlanIssue } from './schemas/campaign-plan';

/**
 * Meta's rules on the custom audiences an ad set includes (`targeting.custom_audiences`) and excludes
 * (`targeting.excluded_custom_audiences`), as the pre-publish validator applies them:
 * - an ad set uses audiences of its own ad account, and a lookalike is built from a source in the lookalike's
 *   account (`origin_audience_id` names an audience of the account it is created in: Marketing API, Lookalike
 *   Audiences guide, developers.facebook.com/docs/marketing-api/audiences/guides/lookalike-audiences);
 * - an audience Meta does not report ready (`delivery_status.code` 200, "This audience is ready for use", the same
 *   guide) is too small or not yet usable: Ads Manager refuses to deliver to it;
 * - housing, employment and financial products and services campaigns may not use lookalike audiences nor exclude
 *   audiences ("Age, gender, ZIP code or postal code, audience exclusion targeting, lookalike audiences … are
 *   limited or unavailable", Meta Business Help Center, "About audiences for housing, employment or financial
 *   products and services campaigns", facebook.com/business/help/2220749868045706).
 */

/** Goals that win new customers: people who already bought are the ones to leave out. */
export const ACQUISITION_GOALS: readonly BriefGoal[] = ['sales', 'leads', 'app_promotion'];

const READY = 200;

function restrictedCategories(plan: CampaignPlan): string[] {
  return plan.campaign.specialAdCategories.filter((category) => RESTRICTED_TARGETING_CATEGORIES.includes(category));
}

function ownAccountIssues(plan: CampaignPlan, audience: PlanAudience, path: string): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (audience.adAccountId !== plan.adAccountId) {
    issues.push({
      path,
      severity: 'error',
      message: `“${audience.name}” belongs to another ad account (${audience.adAccountId}): an ad set uses only its own account's audiences.`,
    });
  }
  if (audience.kind === 'lookalike' && audience.source?.adAccountId !== audience.adAccountId) {
    issues.push({
      path,
      severity: 'error',
      message: `The lookalike “${audience.name}” and its source are not in the same ad account${
        audience.source?.adAccountId
          ? ` (the source is in ${audience.source.adAccountId})`
          : ' (its source can’t be read)'
      }: Meta builds a lookalike from a source of its own account. Make it again from a source here.`,
    });
  }
  return issues;
}

function includedIssues(plan: CampaignPlan, audience: PlanAudience, path: string, restricted: string[]): PlanIssue[] {
  const issues = ownAccountIssues(plan, audience, path);
  if (audience.deliveryCode !== READY) {
    issues.push({
      path,
      severity: 'error',
      message: `“${audience.name}” is too small or not ready for ads${
        audience.deliveryDescription ? ` (Meta: ${audience.deliveryDescription})` : ''
      }. Add people to it, or choose another audience.`,
    });
  }
  if (audience.kind === 'lookalike' && restricted.length > 0) {
    issues.push({
      path,
      severity: 'error',
      message: `Ads in ${restricted.join(', ')} can’t use lookalike audiences: remove “${audience.name}”.`,
    });
  }
  return issues;
}

function excludedIssues(plan: CampaignPlan, audience: PlanAudience, path: string, restricted: string[]): PlanIssue[] {
  const issues = ownAccountIssues(plan, audience, path);
  if (restricted.length > 0) {
    issues.push({
      path,
      severity: 'error',
      message: `Ads in ${restricted.join(', ')} can’t exclude audiences: remove the exclusion of “${audience.name}”.`,
    });
  } else if (audience.deliveryCode !== READY) {
    // Leaving out a list Meta cannot use yet leaves out (almost) no one: allowed, but not what was meant.
    issues.push({
      path,
      severity: 'warning',
      message: `“${audience.name}” is not ready for ads yet, so excluding it leaves out few people or none.`,
    });
  }
  return issues;
}

/** Every finding on one ad set's included and excluded audiences. */
export function checkAdSetAudiences(plan: CampaignPlan, adSet: PlanAdSet, at: string): PlanIssue[] {
  const restricted = restrictedCategories(plan);
  const included = adSet.targeting.audiences ?? [];
  const excluded = adSet.targeting.excludedAudiences ?? [];
  const issues: PlanIssue[] = [];
  included.forEach((audience, index) =>
    issues.push(...includedIssues(plan, audience, `${at}.targeting.audiences.${index}`, restricted)),
  );
  excluded.forEach((audience, index) => {
    const path = `${at}.targeting.excludedAudiences.${index}`;
    issues.push(...excludedIssues(plan, audience, path, restricted));
    // Ours, not Meta's: an audience both reached and left out reaches no one of it, which is never meant.
    if (included.some((other) => other.id === audience.id)) {
      issues.push({
        path,
        severity: 'error',
        message: `“${audience.name}” is both included and excluded: keep it in one list.`,
      });
    }
  });
  return issues;
}
