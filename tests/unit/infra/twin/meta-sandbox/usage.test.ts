import { describe, expect, it } from 'vitest';
import { GraphError } from '@infra/twin/meta-sandbox/graph-error';
import { DEVELOPMENT_TIER, UsageMeter } from '@infra/twin/meta-sandbox/usage';
import { errorOf } from './graph-error-of';

function clock(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

describe('UsageMeter (development tier: 60 points, 300 s decay, 300 s block)', () => {
  it('scores reads 1 and writes 3 and reports the share in X-Ad-Account-Usage', () => {
    const time = clock();
    const meter = new UsageMeter(DEVELOPMENT_TIER, time.now);

    for (let i = 0; i < 6; i += 1) meter.charge('1001', 'read', 'ads_management');
    meter.charge('1001', 'write', 'ads_management');

    const headers = meter.accountHeaders('1001', 'ads_management');
    expect(JSON.parse(headers['X-Ad-Account-Usage']!)).toEqual({
      acc_id_util_pct: 15,
      reset_time_duration: 300,
      ads_api_access_tier: 'development_access',
    });
    const buc = JSON.parse(headers['X-Business-Use-Case-Usage']!);
    expect(buc['1001'][0]).toMatchObject({ type: 'ads_management', call_count: 2, estimated_time_to_regain_access: 0 });
  });

  it('throttles with 80004/2446079 above the maximum and blocks for the block time', () => {
    const time = clock();
    const meter = new UsageMeter(DEVELOPMENT_TIER, time.now);
    for (let i = 0; i < 20; i += 1) meter.charge('1001', 'write', 'ads_management');

    const error = errorOf(() => meter.charge('1001', 'read', 'ads_management'));

    expect(error.body).toMatchObject({
      code: 80004,
      error_subcode: 2446079,
      type: 'OAuthException',
    });
    expect(error.body.message).toMatch(
      /^\(#80004\) There have been too many calls to this ad-account\. Wait a bit and try again\./,
    );
    expect(JSON.parse(error.headers['X-Business-Use-Case-Usage']!)['1001'][0]).toMatchObject({
      call_count: 100,
      estimated_time_to_regain_access: 5,
    });
    time.advance(200);
    expect(() => meter.charge('1001', 'read', 'ads_management')).toThrow(GraphError);
    time.advance(301);
    expect(() => meter.charge('1001', 'read', 'ads_management')).not.toThrow();
  });

  it('lets points decay after the window and keeps accounts apart', () => {
    const time = clock();
    const meter = new UsageMeter(DEVELOPMENT_TIER, time.now);
    for (let i = 0; i < 20; i += 1) meter.charge('1001', 'write', 'ads_management');

    expect(() => meter.charge('2002', 'read', 'ads_management')).not.toThrow();
    time.advance(301);
    expect(JSON.parse(meter.accountHeaders('1001', 'ads_management')['X-Ad-Account-Usage']!).acc_id_util_pct).toBe(0);
  });

  it('throttles insights with 80000 when the hourly ads_insights budget is used up', () => {
    const time = clock();
    const meter = new UsageMeter({ ...DEVELOPMENT_TIER, maxScore: 1e9, adsInsightsPerHour: 3 }, time.now);
    for (let i = 0; i < 3; i += 1) meter.charge('1001', 'read', 'ads_insights');

    expect(errorOf(() => meter.charge('1001', 'read', 'ads_insights')).body.code).toBe(80000);
  });
});
