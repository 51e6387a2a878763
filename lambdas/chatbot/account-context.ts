import { roasText } from '@shared/roas-text';
import { CHAT_ACCOUNT_CAMPAIGNS } from '@shared/chat-limits';
import type { ChatAccountCampaign, ChatAccountContext } from '@shared/schemas/chat-account';
import type { AdAccount, CampaignWithMetrics } from '@shared/schemas/meta';

/** One period's campaign figures, as the campaigns list reads them (lambdas/secure-meta-api). */
export interface CampaignPeriod {
  campaigns: CampaignWithMetrics[];
  range: { since: string; until: string };
}

export interface AccountContextInput {
  account: Pick<AdAccount, 'id' | 'name' | 'currency'>;
  current: CampaignPeriod;
  /** The equal-length period before, for CPM and CTR trends; absent when it could not be read. */
  previous?: CampaignPeriod;
  otherAdAccounts: string[];
}

const DAY_MS = 86_400_000;

function moneyText(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}

function money(value: number | null, currency: string): { value: number; text: string } | null {
  return value === null || !Number.isFinite(value) ? null : { value, text: moneyText(value, currency) };
}

const RESULT_WORDS: Record<string, string> = {
  purchase: 'purchases',
  omni_purchase: 'purchases',
  lead: 'leads',
  lead_grouped: 'leads',
  link_click: 'link clicks',
  landing_page_view: 'landing page views',
  reach: 'people reached (cost per 1,000)',
  impressions: 'impressions',
  thruplay: 'ThruPlays',
  video_thruplay_watched_actions: 'ThruPlays',
  mobile_app_install: 'app installs',
  omni_app_install: 'app installs',
  app_install: 'app installs',
  complete_registration: 'registrations',
  add_to_cart: 'adds to cart',
  post_engagement: 'post engagements',
};

/** Meta's result indicator in a marketer's words ("offsite_conversion.fb_pixel_purchase" → "purchases"). */
export function resultWords(resultType: string): string {
  const simple = resultType.replace(/^offsite_conversion\.fb_pixel_/, '').replace(/^onsite_conversion\./, '');
  return RESULT_WORDS[simple] ?? RESULT_WORDS[resultType] ?? simple.replace(/[._]/g, ' ');
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Purchase value ÷ spend over the campaigns that report a purchase value (the others have no ROAS to pool). */
function totalRoas(campaigns: AccountContextInput['current']['campaigns']): { value: number; text: string } | null {
  const valued = campaigns.filter((c) => c.metrics.purchaseValue !== null && c.metrics.spend > 0);
  if (valued.length === 0) return null;
  const value = valued.reduce((sum, c) => sum + c.metrics.purchaseValue!, 0);
  const spend = valued.reduce((sum, c) => sum + c.metrics.spend, 0);
  const roas = round2(value / spend);
  return { value: roas, text: roasText(roas) };
}

/**
 * The account as the chatbot is told it: each campaign that delivered in the period with its results, cost per
 * result beside the median of the campaigns with the same result type, CPM and CTR now and in the period before,
 * frequency and age. Worst cost per result (against its median) first, at most CHAT_ACCOUNT_CAMPAIGNS of them.
 * Only figures Meta reported, or plain arithmetic on them (medians, totals), ever reach the model.
 */
export function accountContext(input: AccountContextInput): ChatAccountContext {
  const { currency } = input.account;
  const delivered = input.current.campaigns.filter((c) => c.metrics.spend > 0 || c.metrics.impressions > 0);
  const previousById = new Map((input.previous?.campaigns ?? []).map((c) => [c.id, c.metrics]));
  const costsByType = new Map<string, number[]>();
  for (const c of delivered) {
    const { resultType, costPerResult } = c.metrics;
    if (resultType === null || costPerResult === null) continue;
    costsByType.set(resultType, [...(costsByType.get(resultType) ?? []), costPerResult]);
  }
  const allCosts = [...costsByType.values()].flat();
  const until = Date.parse(`${input.current.range.until}T23:59:59Z`);
  const campaigns = delivered.map((c): ChatAccountCampaign & { ratio: number } => {
    const m = c.metrics;
    const before = previousById.get(c.id);
    const peers = m.resultType !== null ? (costsByType.get(m.resultType) ?? []) : [];
    // A campaign alone of its result type is compared with the whole account's median (the answer says so).
    const ownType = peers.length > 1;
    const pool = ownType ? peers : allCosts;
    const typical = m.costPerResult !== null && pool.length > 1 ? median(pool) : null;
    const started = c.startTime ? Date.parse(c.startTime) : NaN;
    return {
      name: c.name,
      objective: c.objective,
      status: c.effectiveStatus,
      resultLabel: m.resultType !== null && m.results !== null ? resultWords(m.resultType) : null,
      results: m.results,
      spend: money(round2(m.spend), currency)!,
      costPerResult: money(m.costPerResult, currency),
      medianCostPerResult: money(typical === null ? null : round2(typical), currency),
      medianScope: ownType ? 'resultType' : 'account',
      campaignsInMedian: typical === null ? 0 : pool.length,
      cpm: money(m.cpm, currency),
      previousCpm: money(before?.cpm ?? null, currency),
      // Rounded as Ads Manager shows them: the model quotes them as they stand.
      frequency: m.frequency === null ? null : round2(m.frequency),
      ctr: m.ctr === null ? null : round2(m.ctr),
      previousCtr: before?.ctr == null ? null : round2(before.ctr),
      roas: m.roas === null ? null : { value: m.roas, text: roasText(m.roas) },
      daysRunning: Number.isFinite(started) ? Math.max(0, Math.floor((until - started) / DAY_MS)) : null,
      ratio: m.costPerResult !== null && typical ? m.costPerResult / typical : -1,
    };
  });
  campaigns.sort((a, b) => b.ratio - a.ratio || b.spend.value - a.spend.value);
  const spend = round2(delivered.reduce((sum, c) => sum + c.metrics.spend, 0));
  const impressions = delivered.reduce((sum, c) => sum + c.metrics.impressions, 0);
  const sinceMs = Date.parse(`${input.current.range.since}T00:00:00Z`);
  return {
    adAccount: { id: input.account.id, name: input.account.name, currency },
    period: {
      since: input.current.range.since,
      until: input.current.range.until,
      days: Math.max(1, Math.round((until + 1000 - sinceMs) / DAY_MS)),
    },
    totals: {
      spend: money(spend, currency)!,
      impressions,
      cpm: impressions > 0 ? money(round2((spend / impressions) * 1000), currency) : null,
      roas: totalRoas(delivered),
    },
    campaigns: campaigns.slice(0, CHAT_ACCOUNT_CAMPAIGNS).map(({ ratio: _ratio, ...campaign }) => campaign),
    otherAdAccounts: input.otherAdAccounts,
  };
}
