import { briefTargeting } from '@shared/brief-audience';
import { useEffect, useMemo, useRef, useState } from 'react';
import { blockingIssues, briefOwnText, validatePlan } from '@shared/campaign-plan-validator';
import type { CampaignDraft, CampaignPlan, PlanAd } from '@shared/schemas/campaign-plan';
import { edit } from '../lib/plan-edits';

export type PlanUpdate = (change: (copy: CampaignPlan) => void) => void;

/** The ad as it was when its Preview was pressed, with the label the preview card shows. */
export interface PreviewedAd {
  ad: PlanAd;
  label: string;
}

/** The plan being edited, its validator issues on each change, and the ad being previewed. */
export function usePlanEditor(draft: CampaignDraft) {
  const [plan, setPlan] = useState<CampaignPlan>(draft.plan);
  // Each preview is a Meta call, not one per keystroke: the ad is kept as it was when Preview was pressed.
  const [previewing, setPreviewing] = useState<PreviewedAd | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const issues = useMemo(
    () =>
      validatePlan(plan, {
        minDailyBudgetMinor: draft.minDailyBudgetMinor,
        now: new Date(),
        ownText: briefOwnText(draft.brief),
        stated: briefTargeting(draft.brief),
      }),
    [plan, draft.minDailyBudgetMinor, draft.brief],
  );
  const blocking = blockingIssues(issues);
  const locked = draft.publish?.status === 'published';
  const update: PlanUpdate = (change) => setPlan((current) => edit(current, change));

  // The preview card is drawn below every ad set: bring it into view (and focus) when an ad's Preview is pressed,
  // or the press seems to do nothing on a long plan.
  useEffect(() => {
    if (!previewing) return;
    previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    previewRef.current?.focus({ preventScroll: true });
  }, [previewing]);

  return { plan, update, issues, blocking, locked, previewing, setPreviewing, previewRef };
}
