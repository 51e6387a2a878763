/**
 * The pooled fit of several regions (shared/mmm/pooled.ts, issue 24) and the channel-by-channel polish it and the
 * single-region fit use (blockPolish in shared/mmm/search.ts): regions share each channel's curves, keep their own
 * effects (pulled toward the channel's mean when asked), and each region gets a whole RawFit.
 */
import { describe, expect, it } from 'vitest';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { geometricAdstock } from '@shared/mmm/adstock';
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { mediaBetas } from '@shared/mmm/fit';
import { fitPooled } from '@shared/mmm/pooled';
import { createRandom } from '@shared/mmm/random';
import { hill } from '@shared/mmm/saturation';
import { blockPolish, channelBlocks, nelderMead } from '@shared/mmm/search';
import { ConfigSchema, DatasetSchema, type MmmDataset } from '@shared/mmm/spec';

const WEEKS = 104;
const DECAY = [0.5, 0.1, 0.3];
const SLOPE = [1, 2, 1.5];
/** Half-saturation as a share of the channel's largest weekly spend in the region. */
const KAPPA = [0.5, 0.3, 0.8];
/** Each channel's effect at saturation, as a share of the region's base KPI. */
const EFFECT = [0.3, 0.15, 0.2];

/** A region: its own spend and scale, the channels' curves and relative effects shared by every region. */
function region(seed: number, scale: number): { data: MmmDataset; roas: number[] } {
  const random = createRandom(seed);
  const start = dayNumber('2021-01-04');
  const dates = Array.from({ length: WEEKS }, (_, t) => isoFromDay(start + 7 * t));
  const spends = DECAY.map((_, c) =>
    Array.from({ length: WEEKS }, () => {
      const u = random.next();
      // Flighted, or always-on with bursts: spend that varies enough for the data to tell effect from baseline.
      return scale * (c === 1 ? (u > 0.5 ? u : 0) : u > 0.75 ? 2 * u : 0.3 * u);
    }),
  );
  const effects = spends.map((spend, c) => {
    const adstocked = geometricAdstock(spend, DECAY[c]!);
    const kappa = KAPPA[c]! * Math.max(...spend);
    return Array.from(adstocked, (v) => EFFECT[c]! * 100 * scale * hill(v, SLOPE[c]!, kappa));
  });
  const kpi = dates.map(
    (_, t) =>
      100 * scale * (1 + 0.2 * Math.sin((2 * Math.PI * t) / 52) + 0.01 * random.normal()) +
      effects.reduce((sum, e) => sum + e[t]!, 0),
  );
  return {
    data: DatasetSchema.parse({
      dates,
      kpi,
      channels: spends.map((spend, c) => ({ name: `channel_${c + 1}`, spend })),
    }),
    roas: effects.map((e, c) => e.reduce((a, b) => a + b, 0) / spends[c]!.reduce((a, b) => a + b, 0)),
  };
}

const regions = [region(11, 1), region(12, 3), region(13, 0.5)];
const config = ConfigSchema.parse({
  ...fitConfig({ adstock: 'geometric', saturation: 'hill', quality: 'quick' }),
  bootstrap: { replicates: 8, refitEvaluations: 60, level: 0.9, jitter: 0.1 },
});

describe('fitPooled', () => {
  const pooled = fitPooled(
    regions.map((r) => r.data),
    config,
  );

  it('shares the curves across regions and recovers each region’s ROAS', () => {
    expect(pooled.regions).toHaveLength(3);
    const errors = pooled.regions.flatMap((raw, i) => {
      expect(raw.chosen.hyper).toEqual(pooled.hyper);
      expect(raw.draws).toHaveLength(8);
      const betas = mediaBetas(raw.chosen);
      return raw.chosen.mediaContributions.map((contribution, c) => {
        expect(betas[c]).toBeGreaterThan(0);
        const spend = regions[i]!.data.channels[c]!.spend.reduce((a, b) => a + b, 0);
        return Math.abs(contribution.reduce((a, b) => a + b, 0) / spend / regions[i]!.roas[c]! - 1);
      });
    });
    errors.sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(0.1);
    expect(errors[errors.length - 1]).toBeLessThan(0.25);
  });

  it('a replicate’s draw holds the same curves in every region', () => {
    for (let r = 0; r < 8; r += 1) {
      const hyper = pooled.regions[0]!.draws[r]!.hyper;
      for (const raw of pooled.regions) expect(raw.draws[r]!.hyper).toEqual(hyper);
    }
  });

  it('pulls the regions’ effects toward the channel’s mean when asked', () => {
    const relativeSpread = (fit: ReturnType<typeof fitPooled>) => {
      const relative = fit.regions.map((raw) => {
        const mean = raw.problem.y.reduce((a, b) => a + b, 0) / raw.problem.y.length;
        return mediaBetas(raw.chosen).map((b) => b / mean);
      });
      return DECAY.reduce((worst, _, c) => {
        const values = relative.map((r) => r[c]!);
        return Math.max(worst, Math.max(...values) - Math.min(...values));
      }, 0);
    };
    const noBootstrap = ConfigSchema.parse({ ...config, bootstrap: { ...config.bootstrap, replicates: 0 } });
    const data = regions.map((r) => r.data);
    const free = fitPooled(data, noBootstrap, { effectPooling: 0 });
    const strong = fitPooled(data, noBootstrap, { effectPooling: 100 });
    expect(relativeSpread(strong)).toBeLessThan(relativeSpread(free) / 5);
  });

  it('refuses regions with other channels, and selections other than the posterior', () => {
    const other = DatasetSchema.parse({
      ...regions[0]!.data,
      channels: regions[0]!.data.channels.map((c, i) => ({ ...c, name: `other_${i}` })),
    });
    expect(() => fitPooled([regions[0]!.data, other], config)).toThrow(/same channels/);
    expect(() => fitPooled([regions[0]!.data], ConfigSchema.parse({ ...config, objectives: 'nrmse+rssd' }))).toThrow(
      /map/,
    );
  });
});

describe('blockPolish', () => {
  it('groups each channel’s dimensions, the shared ones last', () => {
    const dims = [{ channel: 'a' }, { channel: 'a' }, { channel: 'b' }, { channel: 'b' }, { channel: '' }];
    expect(channelBlocks(dims)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('reaches the optimum of a 24-dimension objective where one simplex stalls on the same budget', () => {
    const d = 24;
    const target = Array.from({ length: d }, (_, k) => 0.2 + (0.6 * ((k * 7) % d)) / d);
    // Blocks of four coupled within (a narrow valley), weakly across blocks: curves interacting through the fit.
    const objective = (x: number[]) => {
      let value = 0;
      for (let k = 0; k < d; k += 1) value += (x[k]! - target[k]!) ** 2;
      for (let k = 0; k + 1 < d; k += 1)
        if (k % 4 !== 3) value += 10 * (x[k]! - target[k]! - (x[k + 1]! - target[k + 1]!)) ** 2;
      return value;
    };
    const bounds = Array.from({ length: d }, () => ({ lower: 0, upper: 1 }));
    const blocks = Array.from({ length: d / 4 }, (_, b) => [4 * b, 4 * b + 1, 4 * b + 2, 4 * b + 3]);
    const start = new Array<number>(d).fill(0.5);
    const simplex = nelderMead(bounds, objective, start, 1500);
    const polished = blockPolish(blocks, bounds, objective, start, 1500, 3);
    expect(polished.value).toBeLessThan(1e-3);
    expect(polished.value).toBeLessThan(simplex.value / 10);
  });
});
