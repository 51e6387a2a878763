/**
 * The CI part of `npm run bench:mmm:pymc-labs` (issue 24, requirement 1a): the committed exports of
 * PyMC Labs' presets hold what their generator said (true ROAS = Σ true contribution / Σ spend per
 * region, as its calculate_roas_values computes it), multi-region presets split into regions, and
 * the smallest preset is fitted exactly as the app fits (quick quality) and scored.
 */
import { describe, expect, it } from 'vitest';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { fitSequential } from '@shared/mmm/fit';
import { formatPresetLine, loadPreset, presetAvailable, scoreRegion } from './support/pymc-labs-presets';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe("PyMC Labs' presets", () => {
  it.each(['basic', 'seasonal', 'small_business', 'growing_business', 'medium_business'] as const)(
    '%s: exported with its truth, one dataset per region',
    (preset) => {
      expect(presetAvailable(preset)).toBe(true);
      const regions = loadPreset(preset);
      expect(regions.length).toBe(
        { basic: 1, seasonal: 1, small_business: 1, growing_business: 2, medium_business: 8 }[preset],
      );
      for (const region of regions) {
        region.truth.forEach((t, c) => {
          const spend = sum(region.data.channels[c]!.spend);
          if (spend > 0) expect(sum(t.contribution) / spend / t.roas).toBeCloseTo(1, 4);
        });
      }
    },
  );

  it('basic, fitted as the app fits (quick), recovers every channel within 25 %', () => {
    const [region] = loadPreset('basic');
    const report = buildReport(
      fitSequential(region!.data, fitConfig({ adstock: 'delayed', saturation: 'hill', quality: 'quick' })),
    );
    const scores = scoreRegion(region!, report);
    console.log(formatPresetLine('basic (quick)', scores, [0]));
    expect(report.metrics.rSquared).toBeGreaterThan(0.95);
    for (const s of scores) expect(s.roasError).toBeLessThan(0.25);
  });
});
