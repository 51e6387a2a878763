/**
 * The trust signal (issue 24, requirement 7): a channel the data cannot separate is called out with the
 * reason and the experiment that would sharpen it; held-out weeks are scored on coefficients that never saw them.
 */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { ConfigSchema, type MmmDataset } from '@shared/mmm/spec';
import { assessTrust, correlation, holdoutFit, regressionR2 } from '@shared/mmm/trust';
import { createRandom } from '@shared/mmm/random';
import { simulateWorld } from './support/worlds';

const quick = ConfigSchema.parse({
  search: { seed: 1, trials: 1, populationSize: 16, generations: 12, polishEvaluations: 0 },
  bootstrap: { replicates: 8, refitEvaluations: 20, level: 0.9, jitter: 0.1 },
});

/** World 1 with two channels added: a near copy of channel_1, and one whose spend barely moves. */
function withConfoundedChannels(): MmmDataset {
  const world = simulateWorld(1, 208, 3);
  const random = createRandom(42);
  const first = world.data.channels[0]!.spend;
  return {
    ...world.data,
    channels: [
      ...world.data.channels,
      { name: 'copycat', spend: first.map((s) => s * 0.8 * (1 + 0.01 * random.normal())), organic: false },
      { name: 'flat', spend: first.map(() => 1000 * (1 + 0.03 * random.normal())), organic: false },
    ],
  };
}

describe('regression helpers', () => {
  it('R² is 1 for an exact combination, about 0 for an unrelated series; correlation is Pearson', () => {
    const random = createRandom(3);
    const a = Array.from({ length: 200 }, () => random.normal());
    const b = Array.from({ length: 200 }, () => random.normal());
    expect(
      regressionR2(
        a.map((v, i) => 2 * v - b[i]!),
        [a, b],
      ),
    ).toBeCloseTo(1, 6);
    expect(regressionR2(a, [b])).toBeLessThan(0.05);
    expect(
      correlation(
        a,
        a.map((v) => -3 * v + 1),
      ),
    ).toBeCloseTo(-1, 12);
  });
});

describe('trust signal', () => {
  const data = withConfoundedChannels();
  const raw = fitSequential(data, quick);
  const trust = assessTrust(raw, new Map([['channel_2', 1]]));
  const byName = new Map(trust.channels.map((c) => [c.name, c]));

  it('calls a channel that copies another poorly identified, names the other, and advises a lift test on it', () => {
    const copycat = byName.get('copycat')!;
    expect(copycat.vif).toBeGreaterThan(10);
    expect(copycat.closestChannel).toMatchObject({ name: 'channel_1' });
    expect(copycat.closestChannel!.correlation).toBeGreaterThan(0.99);
    expect(copycat.identified).toBe('poorly');
    expect(copycat.reasons.join(' ')).toMatch(/hard to tell apart/);
    const liftAdvice = trust.advice.filter((a) => a.startsWith('Run a lift test on'));
    expect(liftAdvice.some((a) => a.includes('copycat') || a.includes('channel_1'))).toBe(true);
    expect(trust.level).not.toBe('high');
  });

  it('calls out spend that barely varies and advises varying it', () => {
    const flat = byName.get('flat')!;
    expect(flat.spendVariation).toBeLessThan(0.1);
    expect(flat.identified).toBe('poorly');
    expect(trust.advice).toContain(
      "Vary flat's spend: a few weeks 30–50 % above and below its usual level show the model how the KPI answers.",
    );
  });

  it('calls a channel whose spend never pauses roughly measured and advises pausing it; a flighted one is not', () => {
    const world = simulateWorld(1, 208, 3);
    expect(world.channels.map((c) => c.spendPattern)).toEqual(['bursts', 'flighting', 'flighting']);
    const alwaysOn = byName.get('channel_1')!;
    expect(alwaysOn.pausedShare).toBeLessThan(0.05);
    expect(alwaysOn.identified).not.toBe('well');
    expect(alwaysOn.reasons.join(' ')).toMatch(/never paused \(\d+ of 208 weeks below a tenth of its average\)/);
    expect(trust.advice.some((a) => a.startsWith('Pause channel_1 for a few weeks'))).toBe(true);
    const flighted = byName.get('channel_3')!;
    expect(flighted.pausedShare).toBeGreaterThan(0.3);
    expect(flighted.reasons.join(' ')).not.toMatch(/never paused/);
    expect(trust.advice.some((a) => a.startsWith('Pause channel_3'))).toBe(false);
  });

  it('counts the lift tests each channel is anchored by', () => {
    expect(byName.get('channel_2')!.liftTests).toBe(1);
    expect(byName.get('copycat')!.liftTests).toBe(0);
  });

  it('scores held-out weeks on coefficients fitted before them (the last 15 %, worse than in-sample)', () => {
    const holdout = holdoutFit(raw)!;
    expect(holdout.weeks).toBe(31);
    expect(holdout.r2).toBeLessThan(raw.chosen.metrics.train.r2);
    expect(trust.holdout).toEqual(holdout);
  });

  it('asks for more weeks on a short history', () => {
    const short = simulateWorld(2, 80, 3).data;
    const shortTrust = assessTrust(fitSequential(short, quick));
    expect(shortTrust.level).not.toBe('high');
    expect(shortTrust.advice.some((a) => a.startsWith('Add more weeks: 80 weeks is less than two years'))).toBe(true);
  });
});
