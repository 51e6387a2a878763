import { describe, expect, it } from 'vitest';
import { parseUsageHeaders, peakUsagePct, secondsUntilAccess } from '@lambdas/lib/meta/graph-usage';

describe('Graph usage headers', () => {
  it('reads all three of Meta’s usage headers', () => {
    const headers = new Headers({
      'x-app-usage': '{"call_count":28,"total_time":25,"total_cputime":25}',
      'x-ad-account-usage': '{"acc_id_util_pct":9.67,"reset_time_duration":0,"ads_api_access_tier":"standard_access"}',
      'x-business-use-case-usage': JSON.stringify({
        '111': [
          {
            type: 'ads_insights',
            call_count: 95,
            total_cputime: 20,
            total_time: 20,
            estimated_time_to_regain_access: 0,
          },
        ],
        '222': [
          {
            type: 'ads_management',
            call_count: 100,
            total_cputime: 10,
            total_time: 10,
            estimated_time_to_regain_access: 7,
          },
        ],
      }),
    });

    const usage = parseUsageHeaders(headers);

    expect(usage).toEqual({
      app: { callCount: 28, totalCputime: 25, totalTime: 25 },
      adAccount: { utilisationPct: 9.67, resetTimeSeconds: 0, accessTier: 'standard_access' },
      businessUseCases: [
        {
          businessId: '111',
          type: 'ads_insights',
          callCount: 95,
          totalCputime: 20,
          totalTime: 20,
          regainAccessMinutes: 0,
        },
        {
          businessId: '222',
          type: 'ads_management',
          callCount: 100,
          totalCputime: 10,
          totalTime: 10,
          regainAccessMinutes: 7,
        },
      ],
    });
    expect(secondsUntilAccess(usage)).toBe(7 * 60);
  });

  it('returns nothing when no usage header is present, and ignores malformed ones', () => {
    expect(parseUsageHeaders(new Headers())).toBeUndefined();
    expect(
      parseUsageHeaders(new Headers({ 'x-app-usage': 'not json', 'x-business-use-case-usage': '[1,2]' })),
    ).toBeUndefined();
  });

  it('tells “no timing known” (undefined) apart from “not blocked” (0)', () => {
    expect(secondsUntilAccess(parseUsageHeaders(new Headers({ 'x-app-usage': '{"call_count":100}' })))).toBeUndefined();
    expect(
      secondsUntilAccess(
        parseUsageHeaders(new Headers({ 'x-ad-account-usage': '{"acc_id_util_pct":50,"reset_time_duration":0}' })),
      ),
    ).toBe(0);
    expect(secondsUntilAccess(parseUsageHeaders(new Headers({ 'retry-after': '12' })))).toBe(12);
  });
});

describe('X-FB-Ads-Insights-Throttle', () => {
  it('is read into the usage and counts towards how close we are to throttling', () => {
    const usage = parseUsageHeaders(
      new Headers({
        'x-fb-ads-insights-throttle':
          '{"app_id_util_pct":12.5,"acc_id_util_pct":87,"ads_api_access_tier":"standard_access"}',
      }),
    );

    expect(usage?.insightsThrottle).toEqual({ appUtilisationPct: 12.5, accountUtilisationPct: 87 });
    expect(peakUsagePct(usage)).toBe(87);
  });
});
