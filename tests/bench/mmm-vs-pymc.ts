/**
 * `npm run bench:mmm:pymc`: Adsmith's marketing-mix fit beside PyMC-Marketing's MMM on the same generated datasets in
 * the same run (issue 24, requirement 3). Each dataset is fitted exactly as the app fits (the worker's settings, one
 * thread) and by tests/bench/mmm-pymc-fit.py (PyMC-Marketing 0.14.1, default priors, GeometricAdstock +
 * LogisticSaturation; tests/bench/requirements-pymc.txt pins it), then both are scored against the generator's truth:
 * |ROAS error| per channel, 90 % interval coverage, contribution SRMSE and share error as PyMC Labs reports them, and
 * CPU seconds per fit. Not in CI: PyMC-Marketing takes minutes a dataset. The published run is in docs/mmm-scorecard.md.
 *
 *   PYMC_PYTHON=/tmp/pymc-venv/bin/python nice -n 10 npm run bench:mmm:pymc
 *   PYMC_PYTHON=… npm run bench:mmm:pymc -- --presets basic --worlds 0 --draws 200 --tune 200   # a quick look
 *   npm run bench:mmm:pymc -- --merge a.json,b.json   # one scorecard of runs made apart (each with --json)
 *
 * A multi-region preset is fitted pooled on both sides, as each library pools regions: Adsmith's `fitPooled` and
 * PyMC-Marketing's multidimensional MMM (dims = geo) with PyMC Labs' own benchmark configuration
 * (tests/bench/mmm-pymc-fit-regions.py). `--per-region` fits every region on its own instead (the session-15 run).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { DEFAULT_EFFECT_POOLING, fitPooled } from '@shared/mmm/pooled';
import type { MmmDataset } from '@shared/mmm/spec';
import type { MmmReport } from '@shared/schemas/mmm';
import { loadPreset, type PymcLabsPreset } from '@tests/mmm/support/pymc-labs-presets';
import { simulateWorld } from '@tests/mmm/support/worlds';

/** A dataset and its generator's truth per paid channel. */
interface Case {
  id: string;
  data: MmmDataset;
  truth: { channel: string; roas: number; contribution: number[] }[];
}

/** One library's fit of a case: per channel its ROAS with the 90 % interval and its weekly contribution. */
interface LibraryFit {
  channels: { name: string; roas: number; low: number; high: number; contribution: number[] }[];
  cpuSeconds: number;
  note: string;
}

interface ChannelScore {
  roasError: number;
  covered: boolean;
  srmse: number;
  shareError: number;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};
const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo]! + (sorted[Math.ceil(pos)]! - sorted[lo]!) * (pos - lo);
};

/** Each preset's regions: fitted together when there are several (unless --per-region). */
function presetCases(presets: string[]): Case[][] {
  return presets.map((preset) =>
    loadPreset(preset as PymcLabsPreset).map((region) => ({
      id: `${preset}/${region.region}`,
      data: region.data,
      truth: region.truth,
    })),
  );
}

function worldCases(indices: number[]): Case[] {
  return indices.map((i) => {
    const world = simulateWorld(i);
    return {
      id: `${world.id} ${world.family}`,
      data: world.data,
      truth: world.channels.map((c) => ({ channel: c.name, roas: c.roas, contribution: c.contribution })),
    };
  });
}

const adsmithConfig = () => fitConfig({ adstock: 'delayed', saturation: 'hill', quality: 'standard' });

function adsmithFit(report: MmmReport, cpuSeconds: number, note = ''): LibraryFit {
  return {
    // The report's ROAS and interval (the bootstrap draws' median and middle 90 %); the weekly contribution of the
    // chosen model, as the benchmark suite scores it (tests/mmm/support/scorecard.ts).
    channels: report.channels.map((c) => ({
      name: c.name,
      roas: c.roi?.estimate ?? Number.NaN,
      low: c.roi?.low ?? Number.NaN,
      high: c.roi?.high ?? Number.NaN,
      contribution: report.decomposition.find((d) => d.name === c.name)!.values,
    })),
    cpuSeconds,
    note: `R² ${report.metrics.rSquared.toFixed(3)}${note}`,
  };
}

async function fitAdsmith(data: MmmDataset): Promise<LibraryFit> {
  const cpu = process.cpuUsage();
  const report = buildReport(await fitParallel(data, adsmithConfig(), { threads: 1 }));
  const used = process.cpuUsage(cpu);
  return adsmithFit(report, (used.user + used.system) / 1e6);
}

/** The regions pooled as bench:mmm:pymc-labs pools them; the joint fit's CPU shared out over its regions. */
function fitAdsmithPooled(regions: readonly MmmDataset[]): LibraryFit[] {
  const cpu = process.cpuUsage();
  const fit = fitPooled(regions, adsmithConfig(), { effectPooling: DEFAULT_EFFECT_POOLING });
  const reports = fit.regions.map((raw) => buildReport(raw));
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6 / regions.length;
  return reports.map((report) => adsmithFit(report, seconds, ', pooled'));
}

interface Sampler {
  chains: number;
  tune: number;
  draws: number;
  targetAccept: number;
  seed: number;
}

interface PymcDiagnostics {
  cpuSeconds: number;
  divergences: number;
  maxRhat: number;
  atMaxTreeDepth: number;
}

const datasetJson = (data: MmmDataset) => ({
  dates: data.dates,
  kpi: data.kpi,
  channels: data.channels.map((c) => ({ name: c.name, spend: c.spend })),
  controls: data.controls.map((c) => ({ name: c.name, values: c.values })),
});

function runPython(python: string, script: string, input: unknown) {
  const run = spawnSync(python, [join(import.meta.dirname, script)], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`PyMC-Marketing fit failed (${run.status}): ${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout) as unknown;
}

const diagnosticsNote = (out: PymcDiagnostics) =>
  `divergences ${out.divergences}, max R-hat ${out.maxRhat.toFixed(3)}, ${(100 * out.atMaxTreeDepth).toFixed(0)} % at max tree depth`;

function fitPymc(python: string, data: MmmDataset, sampler: Sampler): LibraryFit {
  const out = runPython(python, 'mmm-pymc-fit.py', { ...datasetJson(data), sampler }) as Omit<LibraryFit, 'note'> &
    PymcDiagnostics;
  return { ...out, note: diagnosticsNote(out) };
}

/** PyMC-Marketing's multidimensional MMM on every region at once; its CPU shared out over the regions. */
function fitPymcRegions(python: string, regions: readonly MmmDataset[], sampler: Sampler): LibraryFit[] {
  const out = runPython(python, 'mmm-pymc-fit-regions.py', {
    regions: regions.map((data, i) => ({ name: `geo_${i}`, ...datasetJson(data) })),
    sampler,
  }) as PymcDiagnostics & { regions: { channels: LibraryFit['channels'] }[] };
  const note = `${diagnosticsNote(out)}, multidimensional`;
  return out.regions.map((r) => ({ channels: r.channels, cpuSeconds: out.cpuSeconds / regions.length, note }));
}

function score(c: Case, fit: LibraryFit): ChannelScore[] {
  const trueTotals = c.truth.map((t) => sum(t.contribution));
  const fitted = c.truth.map((t) => fit.channels.find((f) => f.name === t.channel)!);
  const fittedTotals = fitted.map((f) => sum(f.contribution));
  return c.truth.flatMap((t, k) => {
    const f = fitted[k]!;
    if (!Number.isFinite(f.roas) || t.roas === 0) return [];
    const n = t.contribution.length;
    const rmse = Math.sqrt(sum(t.contribution.map((v, w) => (v - f.contribution[w]!) ** 2)) / n);
    return [
      {
        roasError: Math.abs(f.roas / t.roas - 1),
        covered: f.low <= t.roas && t.roas <= f.high,
        // PyMC Labs' calculate_srmse: RMSE of the weekly contribution / |mean true weekly contribution|.
        srmse: rmse / Math.abs(sum(t.contribution) / n),
        shareError: Math.abs(fittedTotals[k]! / sum(fittedTotals) - trueTotals[k]! / sum(trueTotals)),
      },
    ];
  });
}

interface Summary {
  channels: number;
  medianError: number;
  p90Error: number;
  coverage: number;
  meanSrmse: number;
  medianShareError: number;
  medianCpu: number;
  totalCpu: number;
}

function summarise(scores: ChannelScore[], cpu: number[]): Summary {
  const errors = scores.map((s) => s.roasError);
  return {
    channels: scores.length,
    medianError: quantile(errors, 0.5),
    p90Error: quantile(errors, 0.9),
    coverage: scores.filter((s) => s.covered).length / scores.length,
    meanSrmse: sum(scores.map((s) => s.srmse)) / scores.length,
    medianShareError: median(scores.map((s) => s.shareError)),
    medianCpu: median(cpu),
    totalCpu: sum(cpu),
  };
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
const ratio = (a: number, b: number) => (b === 0 ? '—' : `${(a / b).toFixed(2)}×`);

function table(label: string, adsmith: Summary, pymc: Summary): string[] {
  const row = (name: string, a: string, b: string, r: string) => `| ${name} | ${a} | ${b} | ${r} |`;
  return [
    `${label} (${adsmith.channels} channels)`,
    '',
    '| Measure | Adsmith | PyMC-Marketing | Adsmith ÷ PyMC |',
    '|---|---|---|---|',
    row(
      '\\|ROAS error\\| median',
      pct(adsmith.medianError),
      pct(pymc.medianError),
      ratio(adsmith.medianError, pymc.medianError),
    ),
    row('\\|ROAS error\\| p90', pct(adsmith.p90Error), pct(pymc.p90Error), ratio(adsmith.p90Error, pymc.p90Error)),
    row('90 % interval coverage', pct(adsmith.coverage), pct(pymc.coverage), ratio(adsmith.coverage, pymc.coverage)),
    row(
      'Contribution SRMSE, mean',
      adsmith.meanSrmse.toFixed(3),
      pymc.meanSrmse.toFixed(3),
      ratio(adsmith.meanSrmse, pymc.meanSrmse),
    ),
    row(
      'Contribution-share error, median (pts)',
      (100 * adsmith.medianShareError).toFixed(1),
      (100 * pymc.medianShareError).toFixed(1),
      ratio(adsmith.medianShareError, pymc.medianShareError),
    ),
    row(
      'CPU s per fit, median',
      adsmith.medianCpu.toFixed(1),
      pymc.medianCpu.toFixed(1),
      ratio(adsmith.medianCpu, pymc.medianCpu),
    ),
    row(
      'CPU s, all fits',
      adsmith.totalCpu.toFixed(0),
      pymc.totalCpu.toFixed(0),
      ratio(adsmith.totalCpu, pymc.totalCpu),
    ),
    '',
  ];
}

interface Row {
  id: string;
  source: 'preset' | 'world';
  adsmith: ChannelScore[];
  pymc: ChannelScore[];
  /** CPU seconds of the fit: Adsmith, PyMC-Marketing. */
  cpu: [number, number];
}

function printScorecard(rows: Row[]) {
  const groups: [string, Row[]][] = [
    ['PyMC Labs presets', rows.filter((r) => r.source === 'preset')],
    ['Simulator worlds', rows.filter((r) => r.source === 'world')],
    ['All', rows],
  ];
  for (const [label, subset] of groups) {
    if (subset.length === 0) continue;
    const a = summarise(
      subset.flatMap((r) => r.adsmith),
      subset.map((r) => r.cpu[0]),
    );
    const p = summarise(
      subset.flatMap((r) => r.pymc),
      subset.map((r) => r.cpu[1]),
    );
    for (const line of table(label, a, p)) console.log(line);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      presets: { type: 'string', default: 'basic,seasonal,small_business,growing_business' },
      worlds: { type: 'string', default: '0,1,2,3' },
      chains: { type: 'string', default: '2' },
      tune: { type: 'string', default: '500' },
      draws: { type: 'string', default: '500' },
      'target-accept': { type: 'string', default: '0.9' },
      'per-region': { type: 'boolean', default: false },
      json: { type: 'string' },
      merge: { type: 'string' },
    },
  });
  const list = (text: string) => text.split(',').filter((s) => s.trim() !== '');
  const rows: Row[] = [];
  if (values.merge) {
    // The scorecard of runs made apart (e.g. one per core, each with --json): their rows together, nothing fitted.
    for (const file of list(values.merge))
      rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows);
    printScorecard(rows);
    return;
  }
  const python = process.env.PYMC_PYTHON;
  if (!python) throw new Error('Set PYMC_PYTHON to a Python with tests/bench/requirements-pymc.txt installed.');
  const sampler: Sampler = {
    chains: Number(values.chains),
    tune: Number(values.tune),
    draws: Number(values.draws),
    targetAccept: Number(values['target-accept']),
    seed: 2148,
  };
  const groups = [
    ...presetCases(list(values.presets)).flatMap((regions) =>
      regions.length > 1 && !values['per-region'] ? [regions] : regions.map((r) => [r]),
    ),
    ...worldCases(list(values.worlds).map(Number)).map((c) => [c]),
  ];
  for (const group of groups) {
    const pooled = group.length > 1;
    const adsmithFits = pooled ? fitAdsmithPooled(group.map((c) => c.data)) : [await fitAdsmith(group[0]!.data)];
    const pymcFits = pooled
      ? fitPymcRegions(
          python,
          group.map((c) => c.data),
          sampler,
        )
      : [fitPymc(python, group[0]!.data, sampler)];
    for (const [i, c] of group.entries()) {
      const adsmith = adsmithFits[i]!;
      const pymc = pymcFits[i]!;
      const a = score(c, adsmith);
      const p = score(c, pymc);
      rows.push({
        id: c.id,
        source: c.id.startsWith('world') ? 'world' : 'preset',
        adsmith: a,
        pymc: p,
        cpu: [adsmith.cpuSeconds, pymc.cpuSeconds],
      });
      const errors = (s: ChannelScore[]) =>
        s.map((x) => `${(100 * x.roasError).toFixed(0)}%${x.covered ? '' : '!'}`).join(' ');
      console.log(
        `${c.id.padEnd(28)} ${c.data.dates.length} wk  Adsmith ${errors(a)} (${adsmith.cpuSeconds.toFixed(1)} s CPU, ${adsmith.note})  ` +
          `PyMC ${errors(p)} (${pymc.cpuSeconds.toFixed(1)} s CPU, ${pymc.note})`,
      );
    }
    // Written after every dataset, so a run stopped early keeps what it measured.
    if (values.json) writeFileSync(values.json, `${JSON.stringify({ sampler, rows }, null, 1)}\n`);
  }
  console.log('');
  console.log(
    `PyMC-Marketing sampler: ${sampler.chains} chains × (${sampler.tune} tune + ${sampler.draws} draws), target_accept ${sampler.targetAccept}, one core; ` +
      `Adsmith: standard quality, one thread. "!" marks a channel whose 90 % interval misses the truth.`,
  );
  console.log(
    values['per-region']
      ? 'Every region fitted on its own.'
      : `Multi-region presets pooled on both sides: Adsmith's fitPooled (effect pooling ${DEFAULT_EFFECT_POOLING}), ` +
          "PyMC-Marketing's multidimensional MMM (dims geo, PyMC Labs' benchmark configuration); CPU shared out per region.",
  );
  console.log('');
  printScorecard(rows);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
