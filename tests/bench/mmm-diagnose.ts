/**
 * `npx tsx tests/bench/mmm-diagnose.ts --worlds 16,12,0`: why a known-truth world's channels come out wrong (issue 24).
 * Fits each world as the app fits (standard quality, one thread) and prints, per channel, the truth beside the fit:
 * the chosen carry-over and saturation (and which sit at a range bound), the chosen model's own ROAS and the draws'
 * median, how flat the chosen media column is (its coefficient of variation: a saturated column is a second
 * intercept), what the data say about the spend (week-to-week variation, share of dark weeks, season R², the
 * closest other channel), and, for geometric-Hill worlds (the model's own family), the posterior loss and ROAS at
 * the TRUE curves written in the model's parameters, so search failures and posterior failures can be told apart.
 */
import { parseArgs } from 'node:util';
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { createProblem } from '@shared/mmm/problem';
import { logPriorPenalty } from '@shared/mmm/priors';
import { ConfigSchema } from '@shared/mmm/spec';
import { geometricAdstock } from '@shared/mmm/adstock';
import { fourierColumns } from '@shared/mmm/baseline';
import { oracleRoasErrors } from '@tests/mmm/support/scorecard';
import { simulateWorld } from '@tests/mmm/support/worlds';

const sum = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);
const mean = (v: ArrayLike<number>) => sum(v) / v.length;
const sd = (v: ArrayLike<number>) => {
  const m = mean(v);
  return Math.sqrt(sum(Array.from(v, (x) => (x - m) ** 2)) / v.length);
};
const corr = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  const ma = mean(a);
  const mb = mean(b);
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += (a[i]! - ma) * (b[i]! - mb);
  return s / a.length / (sd(a) * sd(b));
};
/** R² of y on the given columns (least squares with an intercept, normal equations). */
function r2On(y: ArrayLike<number>, columns: ArrayLike<number>[]) {
  const n = y.length;
  const cols = [Array.from({ length: n }, () => 1), ...columns.map((c) => Array.from(c))];
  const p = cols.length;
  const a = cols.map((ci) => cols.map((cj) => sum(ci.map((v, t) => v * cj[t]!))));
  const b = cols.map((ci) => sum(ci.map((v, t) => v * y[t]!)));
  // Gaussian elimination with a tiny ridge for safety.
  for (let i = 0; i < p; i += 1) a[i]![i] = a[i]![i]! + 1e-9;
  for (let i = 0; i < p; i += 1) {
    for (let k = i + 1; k < p; k += 1) {
      const f = a[k]![i]! / a[i]![i]!;
      for (let j = i; j < p; j += 1) a[k]![j] = a[k]![j]! - f * a[i]![j]!;
      b[k] = b[k]! - f * b[i]!;
    }
  }
  const x = new Array<number>(p).fill(0);
  for (let i = p - 1; i >= 0; i -= 1) {
    let s = b[i]!;
    for (let j = i + 1; j < p; j += 1) s -= a[i]![j]! * x[j]!;
    x[i] = s / a[i]![i]!;
  }
  const fitted = Array.from({ length: n }, (_, t) => sum(cols.map((c, j) => c[t]! * x[j]!)));
  const my = mean(y);
  const ssr = sum(Array.from(y, (v, t) => (v - fitted[t]!) ** 2));
  const sst = sum(Array.from(y, (v) => (v - my) ** 2));
  return 1 - ssr / sst;
}

async function main() {
  const { values } = parseArgs({
    options: { worlds: { type: 'string', default: '16,12,0' }, config: { type: 'string' } },
  });
  const appConfig = fitConfig({ adstock: 'delayed', saturation: 'hill', quality: 'standard' });
  const config = values.config
    ? ConfigSchema.parse({ ...appConfig, ...(JSON.parse(values.config) as object) })
    : appConfig;
  for (const index of values.worlds!.split(',').map(Number)) {
    const world = simulateWorld(index);
    const raw = await fitParallel(world.data, config, { threads: 1 });
    const report = buildReport(raw);
    const problem = raw.problem;
    const oracle = oracleRoasErrors(world);
    const season = fourierColumns(world.data.dates, 2);
    const spends = world.data.channels.map((c) => c.spend);
    console.log(
      `\n${world.id} ${world.family} noise ${(100 * world.noiseShare).toFixed(1)} %  loss ${problem.evaluate(raw.chosen.hyper).loss?.toFixed(2)}  ` +
        `λ 10^${raw.chosen.hyper.at(-1)!.toFixed(2)}  intercept ${raw.chosen.intercept.toFixed(0)} (mean KPI ${mean(world.data.kpi).toFixed(0)})`,
    );
    const dims = problem.dimensions;
    world.channels.forEach((truth, c) => {
      const hyper = raw.chosen.hyper;
      const mine = dims.map((d, k) => ({ ...d, value: hyper[k]! })).filter((d) => d.channel === truth.name);
      const atBound = mine
        .filter(
          (d) => d.value <= d.lower + 1e-3 * (d.upper - d.lower) || d.value >= d.upper - 1e-3 * (d.upper - d.lower),
        )
        .map((d) => d.name);
      const fitted = report.channels.find((ch) => ch.name === truth.name)!;
      const spend = sum(spends[c]!);
      const chosenRoas = sum(raw.chosen.mediaContributions[c]!) / spend;
      const media = raw.chosen.mediaContributions[c]!;
      const trueShape =
        truth.adstock.kind === 'geometric'
          ? `decay ${truth.adstock.decay.toFixed(2)}`
          : `peak ${truth.adstock.peakWeek} shape ${truth.adstock.shape.toFixed(1)}`;
      const trueSat =
        truth.saturation.kind === 'hill'
          ? `hill slope ${truth.saturation.slope.toFixed(2)}`
          : `logistic λ ${truth.saturation.lambda.toFixed(2)}`;
      const others = spends.filter((_, k) => k !== c);
      const closest = others.length ? Math.max(...others.map((o) => Math.abs(corr(spends[c]!, o)))) : 0;
      const dark = spends[c]!.filter((v) => v === 0).length / spends[c]!.length;
      console.log(
        `  ${truth.name} ${truth.spendPattern.padEnd(9)} true ROAS ${truth.roas.toFixed(2)} → chosen ${chosenRoas.toFixed(2)}, draws ${fitted.roi!.estimate.toFixed(2)} ` +
          `[${fitted.roi!.low.toFixed(2)}, ${fitted.roi!.high.toFixed(2)}] err ${(100 * (fitted.roi!.estimate / truth.roas - 1)).toFixed(0)} % (oracle ${(100 * oracle[c]!).toFixed(0)} %)\n` +
          `     truth: ${trueShape}, ${trueSat}; fit: ${mine.map((d) => `${d.name} ${d.value.toFixed(2)}`).join(', ')}${atBound.length ? ` AT BOUND ${atBound.join(',')}` : ''}\n` +
          `     media column CV ${(sd(media) / mean(media)).toFixed(2)} (true ${(sd(truth.contribution) / mean(truth.contribution)).toFixed(2)}); ` +
          `spend CV ${(sd(spends[c]!) / mean(spends[c]!)).toFixed(2)}, dark ${(100 * dark).toFixed(0)} %, season R² ${r2On(spends[c]!, season).toFixed(2)} (corr ${truth.seasonCorrelation.toFixed(2)}), closest |r| ${closest.toFixed(2)}, spend share ${(spend / sum(spends.map(sum))).toFixed(2)}`,
      );
    });
    if (world.family === 'geometric-hill') {
      // The truth in the model's parameters: decay as is, peak 0, Hill slope as is, γ putting the inflexion at the
      // true half-saturation (Robyn's inflexion is γ of the way from the adstocked series' min to its max).
      const truthHyper = [...raw.chosen.hyper];
      world.channels.forEach((truth, c) => {
        if (truth.adstock.kind !== 'geometric' || truth.saturation.kind !== 'hill') return;
        const adstocked = geometricAdstock(spends[c]!, truth.adstock.decay);
        const lo = Math.min(...adstocked);
        const hi = Math.max(...adstocked);
        const gamma = (truth.saturation.halfSaturation - lo) / (hi - lo);
        const base = dims.findIndex((d) => d.channel === truth.name);
        truthHyper[base] = truth.adstock.decay;
        truthHyper[base + 1] = 0;
        truthHyper[base + 2] = truth.saturation.slope;
        truthHyper[base + 3] = gamma;
      });
      const atTruth = createProblem(world.data, config);
      const fitTruth = atTruth.fit(truthHyper);
      const loss = atTruth.evaluate(truthHyper).loss!;
      const chosenLoss = problem.evaluate(raw.chosen.hyper).loss!;
      const prior = (h: number[]) => logPriorPenalty(dims, h);
      console.log(
        `  at the true curves (λ as chosen): loss ${loss.toFixed(2)} = likelihood ${(loss - prior(truthHyper)).toFixed(2)} + prior ${prior(truthHyper).toFixed(2)}; ` +
          `chosen ${chosenLoss.toFixed(2)} = ${(chosenLoss - prior(raw.chosen.hyper)).toFixed(2)} + ${prior(raw.chosen.hyper).toFixed(2)}; ROAS ` +
          world.channels
            .map(
              (t, c) => `${(sum(fitTruth.mediaContributions[c]!) / sum(spends[c]!)).toFixed(2)}/${t.roas.toFixed(2)}`,
            )
            .join(' ') +
          `  hyper ${truthHyper.map((v) => v.toFixed(2)).join(' ')}`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
