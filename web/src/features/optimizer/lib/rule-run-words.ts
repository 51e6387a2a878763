import type { RuleRun } from '@shared/schemas/rules';

/** The words of the rules screen's run history and rule list. */
export const OUTCOME_LABEL: Record<RuleRun['outcome'], string> = {
  acted: 'Acted',
  nothing_to_do: 'Nothing to do',
  skipped: 'Skipped',
  failed: 'Failed',
};
export const SKIP_LABEL: Record<string, string> = {
  min_spend: 'below minimum spend',
  learning: 'learning',
  cooldown: 'in cooldown',
  not_applicable: 'nothing to change',
  at_limit: 'budget at its limit',
  plan_limit: 'refused by the plan',
};
export const ACTION_LABEL: Record<string, string> = {
  pause: 'Paused',
  resume: 'Resumed',
  change_budget: 'Budget changed',
  notify: 'Notified',
};

export const formatRunTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
