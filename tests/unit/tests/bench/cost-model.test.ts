import { describe, expect, it } from 'vitest';
import { monthlyCost, PRICES, total, type UsageModel } from '@tests/bench/cost-model';
import { USAGE_MODEL } from '@tests/bench/cost-usage';

const quiet: UsageModel = {
  workingDaysPerMonth: 20,
  appLoadsPerDay: 0,
  appLoadMB: 0,
  appLoadRequests: 0,
  functions: { optimizer: { perDay: 50, durationMs: 1_000, reads: 4, writes: 2, http: true } },
  fixed: { kmsKeys: 3, secrets: 7, wafRules: 4, alarms: 30, dashboards: 1 },
  logBytesPerInvocation: 0,
  storedGbPerMarketer: 0,
  threatProtection: false,
};
const line = (lines: { item: string; usd: number }[], start: string) =>
  lines.find((l) => l.item.startsWith(start))!.usd;

describe('monthly cost model', () => {
  it('bills Lambda by GB-s from the memory shared/functions.ts gives the function', () => {
    // 10 marketers × 20 days × 50 calls × 1 s × 1 GB (the optimizer has 1024 MB) = 10,000 GB-s.
    const lines = monthlyCost(quiet, 10, () => 1024);
    expect(line(lines, 'Lambda compute')).toBeCloseTo(10_000 * PRICES.lambdaArmGbSecond.usd, 6);
    expect(line(lines, 'DynamoDB on-demand')).toBeCloseTo(
      (10_000 * 4 * PRICES.dynamoReadPerMillion.usd + 10_000 * 2 * PRICES.dynamoWritePerMillion.usd) / 1e6,
      6,
    );
    expect(line(lines, 'API Gateway')).toBeCloseTo((10_000 / 1e6) * PRICES.httpApiPerMillion.usd, 6);
  });

  it('counts what is billed whatever the traffic: the web ACL and its rules, the keys, the secrets, the alarms', () => {
    const idle = monthlyCost(quiet, 0);
    expect(line(idle, 'WAF')).toBe(5 + 4);
    expect(line(idle, 'KMS')).toBe(3);
    expect(line(idle, 'Secrets Manager')).toBeCloseTo(2.8, 6);
    expect(line(idle, 'CloudWatch')).toBeCloseTo(30 * 0.1 + 3, 6);
  });

  it("keeps Cognito's first 10,000 monthly active users free, and adds threat protection per user when on", () => {
    expect(line(monthlyCost(quiet, 10_000), 'Cognito')).toBe(0);
    expect(line(monthlyCost(quiet, 10_100), 'Cognito')).toBeCloseTo(100 * 0.015, 6);
    expect(line(monthlyCost({ ...quiet, threatProtection: true }, 100), 'Cognito')).toBeCloseTo(2, 6);
  });

  it('puts a 100-marketer deployment of the stated usage under one $39 seat of the peers', () => {
    const bills = [10, 100, 1_000].map((n) => total(monthlyCost(USAGE_MODEL, n)));
    expect(bills[1]).toBeLessThan(39);
    // More marketers cost more in total and less each.
    expect(bills[0]! < bills[1]! && bills[1]! < bills[2]!).toBe(true);
    expect(bills[2]! / 1_000).toBeLessThan(bills[1]! / 100);
  });
});
