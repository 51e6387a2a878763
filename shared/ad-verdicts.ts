/**
 * The optimizer's verdicts an ad card shows (creative fatigue, low rankings). A plain constant, apart from
 * shared/schemas/ad-optimizer.ts, so that code needing only the kinds (the ad cards, which the agent's copy
 * proposal reads) does not build the ad optimizer's schemas at import.
 */
export const AD_VERDICT_KINDS = ['creative_fatigue', 'low_ranking'] as const;
export type AdVerdictKind = (typeof AD_VERDICT_KINDS)[number];
