/**
 * Meta's rate-limit usage headers, parsed leniently: a malformed header is
 * ignored rather than failing a call that otherwise succeeded.
 *
 * - X-App-Usage: {"call_count","total_cputime","total_time"} (percent of the app's limit)
 * - X-Ad-Account-Usage: {"acc_id_util_pct","reset_time_duration" (seconds),"ads_api_access_tier"}
 * - X-Business-Use-Case-Usage: {"<business object id>":[{type, call_count, total_cputime,
 *   total_time, estimated_time_to_regain_access (minutes)}]}
 */

export interface AppUsage {
  callCount: number;
  totalCputime: number;
  totalTime: number;
}

export interface AdAccountUsage {
  utilisationPct: number;
  resetTimeSeconds: number;
  accessTier?: string;
}

export interface BusinessUseCaseUsage {
  businessId: string;
  type: string;
  callCount: number;
  totalCputime: number;
  totalTime: number;
  /** Meta reports it in minutes; 0 when not throttled. */
  regainAccessMinutes: number;
}

/** X-FB-Ads-Insights-Throttle: how close the app and the ad account are to insights throttling, in percent. */
export interface InsightsThrottle {
  appUtilisationPct: number;
  accountUtilisationPct: number;
}

export interface GraphUsage {
  app?: AppUsage;
  insightsThrottle?: InsightsThrottle;
  adAccount?: AdAccountUsage;
  businessUseCases: BusinessUseCaseUsage[];
  /** From a standard Retry-After header, if a proxy or Meta ever sends one. */
  retryAfterSeconds?: number;
}

export function parseUsageHeaders(headers: Headers): GraphUsage | undefined {
  const app = parseAppUsage(readJson(headers.get('x-app-usage')));
  const adAccount = parseAdAccountUsage(readJson(headers.get('x-ad-account-usage')));
  const businessUseCases = parseBusinessUseCaseUsage(readJson(headers.get('x-business-use-case-usage')));
  const retryAfter = toNumber(headers.get('retry-after'));
  const insightsThrottle = parseInsightsThrottle(readJson(headers.get('x-fb-ads-insights-throttle')));
  if (!app && !adAccount && !insightsThrottle && businessUseCases.length === 0 && retryAfter === undefined) {
    return undefined;
  }
  return {
    ...(app ? { app } : {}),
    ...(insightsThrottle ? { insightsThrottle } : {}),
    ...(adAccount ? { adAccount } : {}),
    businessUseCases,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/**
 * How long until Meta lets us call again, in seconds: the longest wait any
 * header announces. `undefined` when no header says anything about time, which
 * is different from 0 (a header says access is not blocked).
 */
export function secondsUntilAccess(usage: GraphUsage | undefined): number | undefined {
  if (!usage) return undefined;
  const waits: number[] = [];
  for (const entry of usage.businessUseCases) waits.push(entry.regainAccessMinutes * 60);
  if (usage.adAccount) waits.push(usage.adAccount.resetTimeSeconds);
  if (usage.retryAfterSeconds !== undefined) waits.push(usage.retryAfterSeconds);
  return waits.length === 0 ? undefined : Math.max(...waits);
}

function parseInsightsThrottle(value: unknown): InsightsThrottle | undefined {
  if (!isRecord(value)) return undefined;
  return {
    appUtilisationPct: toNumber(value.app_id_util_pct) ?? 0,
    accountUtilisationPct: toNumber(value.acc_id_util_pct) ?? 0,
  };
}

function parseAppUsage(value: unknown): AppUsage | undefined {
  if (!isRecord(value)) return undefined;
  return {
    callCount: toNumber(value.call_count) ?? 0,
    totalCputime: toNumber(value.total_cputime) ?? 0,
    totalTime: toNumber(value.total_time) ?? 0,
  };
}

function parseAdAccountUsage(value: unknown): AdAccountUsage | undefined {
  if (!isRecord(value)) return undefined;
  const tier = value.ads_api_access_tier;
  return {
    utilisationPct: toNumber(value.acc_id_util_pct) ?? 0,
    resetTimeSeconds: toNumber(value.reset_time_duration) ?? 0,
    ...(typeof tier === 'string' ? { accessTier: tier } : {}),
  };
}

function parseBusinessUseCaseUsage(value: unknown): BusinessUseCaseUsage[] {
  if (!isRecord(value)) return [];
  const entries: BusinessUseCaseUsage[] = [];
  for (const [businessId, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isRecord(item)) continue;
      entries.push({
        businessId,
        type: typeof item.type === 'string' ? item.type : 'unknown',
        callCount: toNumber(item.call_count) ?? 0,
        totalCputime: toNumber(item.total_cputime) ?? 0,
        totalTime: toNumber(item.total_time) ?? 0,
        regainAccessMinutes: toNumber(item.estimated_time_to_regain_access) ?? 0,
      });
    }
  }
  return entries;
}

function readJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') return toNumber(Number(value));
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The highest utilisation any header reports, in percent: how close we are to being throttled. */
export function peakUsagePct(usage: GraphUsage | undefined): number | undefined {
  if (!usage) return undefined;
  const values: number[] = [];
  if (usage.app) values.push(usage.app.callCount, usage.app.totalCputime, usage.app.totalTime);
  if (usage.adAccount) values.push(usage.adAccount.utilisationPct);
  if (usage.insightsThrottle) {
    values.push(usage.insightsThrottle.appUtilisationPct, usage.insightsThrottle.accountUtilisationPct);
  }
  for (const entry of usage.businessUseCases) values.push(entry.callCount, entry.totalCputime, entry.totalTime);
  return values.length === 0 ? undefined : Math.max(...values);
}
