import { GraphError } from './graph-error.js';

/**
 * Rate-limit accounting as the Marketing API does it, so clients see the same
 * headers and throttles:
 * - an ad-account score (read 1 point, write 3) over a sliding decay window;
 *   above the tier's maximum the account is blocked for a while (80004);
 * - Business Use Case call counts per hour and type (ads_management,
 *   ads_insights), reported in X-Business-Use-Case-Usage;
 * - app-level call counts in X-App-Usage.
 */

export type UseCaseType = 'ads_management' | 'ads_insights';

export interface UsageLimits {
  tier: 'development_access' | 'standard_access';
  maxScore: number;
  decaySeconds: number;
  blockSeconds: number;
  adsManagementPerHour: number;
  adsInsightsPerHour: number;
  /** App-level calls per hour shown as 100% in X-App-Usage (Graph platform limit: 200 × users). */
  appCallsPerHour: number;
}

/** Meta's development (Limited access) tier: 60 points, 300 s decay, 300 s block. */
export const DEVELOPMENT_TIER: UsageLimits = {
  tier: 'development_access',
  maxScore: 60,
  decaySeconds: 300,
  blockSeconds: 300,
  adsManagementPerHour: 300,
  adsInsightsPerHour: 600,
  appCallsPerHour: 200,
};

/** Standard (Full access) tier: what a published app gets; normal browsing never trips it. */
export const STANDARD_TIER: UsageLimits = {
  tier: 'standard_access',
  maxScore: 9000,
  decaySeconds: 300,
  blockSeconds: 60,
  adsManagementPerHour: 100_000,
  adsInsightsPerHour: 190_000,
  appCallsPerHour: 200_000,
};

interface Hit {
  at: number;
  points: number;
  type: UseCaseType;
}

interface AccountUsage {
  hits: Hit[];
  blockedUntil: number;
}

const HOUR_MS = 3_600_000;

function percent(value: number, limit: number): number {
  return Math.min(100, Math.round((value / limit) * 100));
}

export class UsageMeter {
  private readonly accounts = new Map<string, AccountUsage>();
  private appCalls: number[] = [];

  constructor(
    private readonly limits: UsageLimits,
    private readonly now: () => Date,
  ) {}

  private usage(accountId: string): AccountUsage {
    let usage = this.accounts.get(accountId);
    if (!usage) {
      usage = { hits: [], blockedUntil: 0 };
      this.accounts.set(accountId, usage);
    }
    const cutoff = this.now().getTime() - HOUR_MS;
    usage.hits = usage.hits.filter((hit) => hit.at > cutoff);
    return usage;
  }

  private score(usage: AccountUsage): number {
    const cutoff = this.now().getTime() - this.limits.decaySeconds * 1000;
    return usage.hits.filter((hit) => hit.at > cutoff).reduce((sum, hit) => sum + hit.points, 0);
  }

  private hourly(usage: AccountUsage, type: UseCaseType): number {
    return usage.hits.filter((hit) => hit.type === type).length;
  }

  private hourlyLimit(type: UseCaseType): number {
    return type === 'ads_management' ? this.limits.adsManagementPerHour : this.limits.adsInsightsPerHour;
  }

  recordAppCall(): void {
    const now = this.now().getTime();
    this.appCalls = this.appCalls.filter((at) => at > now - HOUR_MS);
    this.appCalls.push(now);
  }

  /**
   * Charges one call to the account, or throws Meta's throttle error when the
   * account is (or now becomes) over its limits. Blocked calls cost nothing.
   */
  charge(accountId: string, kind: 'read' | 'write', type: UseCaseType): void {
    const usage = this.usage(accountId);
    const now = this.now().getTime();
    if (usage.blockedUntil > now) throw this.throttled(accountId, type);
    usage.hits.push({ at: now, points: kind === 'write' ? 3 : 1, type });
    if (this.score(usage) > this.limits.maxScore) {
      usage.blockedUntil = now + this.limits.blockSeconds * 1000;
      throw this.throttled(accountId, type);
    }
    if (this.hourly(usage, type) > this.hourlyLimit(type)) {
      const oldest = usage.hits.find((hit) => hit.type === type)?.at ?? now;
      usage.blockedUntil = oldest + HOUR_MS;
      throw this.throttled(accountId, type);
    }
  }

  /** The error a throttled ad-account call gets (also used by the rateLimit fault), worded as Meta words it. */
  throttled(accountId: string, type: UseCaseType): GraphError {
    const headers = this.accountHeaders(accountId, type, true);
    const [code, message] =
      type === 'ads_insights'
        ? [
            80000,
            '(#80000) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
          ]
        : [
            80004,
            '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
          ];
    return new GraphError(400, { message, type: 'OAuthException', code, error_subcode: 2446079 }, headers);
  }

  /** The user-level throttle (17) for calls that do not touch an ad account. */
  userThrottled(): GraphError {
    return new GraphError(400, {
      message: '(#17) User request limit reached',
      type: 'OAuthException',
      is_transient: true,
      code: 17,
      error_subcode: 2446079,
    });
  }

  appHeaders(): Record<string, string> {
    const now = this.now().getTime();
    const calls = this.appCalls.filter((at) => at > now - HOUR_MS).length;
    const pct = percent(calls, this.limits.appCallsPerHour);
    return {
      'X-App-Usage': JSON.stringify({
        call_count: pct,
        total_cputime: Math.round(pct / 4),
        total_time: Math.round(pct / 3),
      }),
    };
  }

  /** X-Ad-Account-Usage and X-Business-Use-Case-Usage for an ad-account call; `forceBlocked` reports 100%. */
  accountHeaders(accountId: string, currentType: UseCaseType, forceBlocked = false): Record<string, string> {
    const usage = this.usage(accountId);
    const now = this.now().getTime();
    const blockedSeconds = Math.max(0, Math.ceil((usage.blockedUntil - now) / 1000));
    const scorePct = forceBlocked ? 100 : percent(this.score(usage), this.limits.maxScore);
    const types = new Set<UseCaseType>([currentType, ...usage.hits.map((hit) => hit.type)]);
    const entries = [...types].map((type) => {
      const pct =
        forceBlocked && type === currentType ? 100 : percent(this.hourly(usage, type), this.hourlyLimit(type));
      return {
        type,
        call_count: pct,
        total_cputime: Math.round(pct / 4),
        total_time: Math.round(pct / 3),
        estimated_time_to_regain_access: Math.ceil(blockedSeconds / 60),
        ads_api_access_tier: this.limits.tier,
      };
    });
    return {
      'X-Ad-Account-Usage': JSON.stringify({
        acc_id_util_pct: scorePct,
        reset_time_duration: blockedSeconds > 0 ? blockedSeconds : scorePct > 0 ? this.limits.decaySeconds : 0,
        ads_api_access_tier: this.limits.tier,
      }),
      'X-Business-Use-Case-Usage': JSON.stringify({ [accountId]: entries }),
    };
  }

  /** X-FB-Ads-Insights-Throttle, which Meta adds to insights calls. */
  insightsThrottleHeader(accountId: string): Record<string, string> {
    const usage = this.usage(accountId);
    const now = this.now().getTime();
    const appCalls = this.appCalls.filter((at) => at > now - HOUR_MS).length;
    return {
      'X-FB-Ads-Insights-Throttle': JSON.stringify({
        app_id_util_pct: percent(appCalls, this.limits.appCallsPerHour),
        acc_id_util_pct: percent(this.hourly(usage, 'ads_insights'), this.limits.adsInsightsPerHour),
        ads_api_access_tier: this.limits.tier,
      }),
    };
  }

  reset(): void {
    this.accounts.clear();
    this.appCalls = [];
  }
}
