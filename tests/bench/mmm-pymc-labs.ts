/**
 * `npm run bench:mmm:pymc-labs`: PyMC Labs' parameter-recovery presets (issue 24, requirement 1a),
 * fitted with the app's settings and scored against their generator's truth, each region's report built as the app
 * builds it. A multi-region preset is fitted jointly (`fitPooled`: carry-over and saturation shared by the regions,
 * effects by region, partially pooled with --effect-pooling); --per-region fits each region on its own as the app fits
 * one dataset today. The exports come from
 * tests/mmm/support/pymc-labs/export-presets.py (see docs/mmm-scorecard.md); large_business is fitted
 * when its export (not committed: 10,400 rows) is in --dir.
 *
 *   npm run bench:mmm:pymc-labs
 *   npm run bench:mmm:pymc-labs -- --presets basic,seasonal --quality quick
 *   npm run bench:mmm:pymc-labs -- --dir /tmp/presets --json out.json
 *   npm run bench:mmm:pymc-labs -- --presets medium_business --per-region
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { DEFAULT_EFFECT_POOLING, fitPooled } from '@shared/mmm/pooled';
import { type MmmReport } from '@shared/schemas/mmm';
import { ConfigSchema } from '@shared/mmm/spec';
import {
  formatPresetLine,
  loadPreset,
  PRESET_DIR,
  presetAvailable,
  PYMC_LABS_PRESETS,
  type PresetChannelScore,
  type PymcLabsPreset,
  scoreRegion,
} from '@tests/mmm/support/pymc-labs-presets';

async function main() {
  const { values } = parseArgs({
    options: {
      presets: { type: 'string', default: PYMC_LABS_PRESETS.join(',') },
      dir: { type: 'string', default: PRESET_DIR },
      quality: { type: 'string', default: 'standard' },
      adstock: { type: 'string', default: 'delayed' },
      saturation: { type: 'string', default: 'hill' },
      config: { type: 'string' },
      json: { type: 'string' },
      'per-region': { type: 'boolean', default: false },
      'effect-pooling': { type: 'string', default: String(DEFAULT_EFFECT_POOLING) },
    },
  });
  const appConfig = fitConfig({
    adstock: values.adstock as 'delayed',
    saturation: values.saturation as 'hill',
    quality: values.quality as 'standard',
  });
  const config = values.config
    ? ConfigSchema.parse({ ...appConfig, ...(JSON.parse(values.config) as object) })
    : appConfig;
  const all: PresetChannelScore[] = [];
  const allSeconds: number[] = [];
  const lines: string[] = [];
  for (const preset of values.presets.split(',') as PymcLabsPreset[]) {
    if (!presetAvailable(preset, values.dir)) {
      lines.push(`${preset.padEnd(17)} not exported in ${values.dir} (run export-presets.py)`);
      continue;
    }
    const scores: PresetChannelScore[] = [];
    const seconds: number[] = [];
    const regions = loadPreset(preset, values.dir);
    const pooled = regions.length > 1 && !values['per-region'];
    let reports: MmmReport[] = [];
    if (pooled) {
      const cpu = process.cpuUsage();
      const fit = fitPooled(
        regions.map((r) => r.data),
        config,
        { effectPooling: Number(values['effect-pooling']) },
      );
      reports = fit.regions.map((raw) => buildReport(raw));
      const used = process.cpuUsage(cpu);
      // The joint fit's CPU shared out over its regions, so the per-region figure compares with --per-region.
      seconds.push(...regions.map(() => (used.user + used.system) / 1e6 / regions.length));
    }
    for (const [i, region] of regions.entries()) {
      let report = reports[i];
      if (!report) {
        const cpu = process.cpuUsage();
        report = buildReport(await fitParallel(region.data, config, { threads: 1 }));
        const used = process.cpuUsage(cpu);
        seconds.push((used.user + used.system) / 1e6);
      }
      const regionScores = scoreRegion(region, report);
      scores.push(...regionScores);
      console.log(
        `${preset} ${region.region} R² ${report.metrics.rSquared.toFixed(3)}  |ROAS err| ` +
          regionScores.map((s) => `${(100 * s.roasError).toFixed(0)}%${s.covered ? '' : '!'}`).join(' '),
      );
    }
    lines.push(formatPresetLine(preset, scores, seconds));
    all.push(...scores);
    allSeconds.push(...seconds);
  }
  console.log('');
  const how = values['per-region'] ? 'fitted per region' : `regions pooled, effect pooling ${values['effect-pooling']}`;
  console.log(`PyMC Labs presets (${values.quality}, ${values.adstock} + ${values.saturation}, ${how}):`);
  for (const line of lines) console.log(line);
  if (all.length > 0) console.log(formatPresetLine('all', all, allSeconds));
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ scores: all }, null, 1)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
