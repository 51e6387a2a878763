/**
 * The model library's formulas against reference values computed independently with numpy/scipy
 * from the anchors' published formulas (tests/fixtures/mmm/make-transform-reference.py): 1e-12.
 */
import { describe, expect, it } from 'vitest';
import {
  convolveAdstock,
  delayedAdstock,
  geometricAdstock,
  geometricAdstockNormalised,
  weibullAdstock,
  weibullWeights,
  type WeibullKind,
} from '@shared/mmm/adstock';
import { changepointLocations, fourierColumns, trendColumns } from '@shared/mmm/baseline';
import { detectGrain } from '@shared/mmm/calendar';
import { easterSunday, holidayCounts, holidaysFor } from '@shared/mmm/holidays';
import { adjustedRSquared, decompRssd, mape, nrmse, rSquared } from '@shared/mmm/metrics';
import { saturateSeries } from '@shared/mmm/problem';
import { hill, hillInflexion, logistic, michaelisMenten } from '@shared/mmm/saturation';
import { readJson } from './support/fixtures';

interface Reference {
  x: number[];
  geometric: { theta: number; expected: number[] }[];
  normalised: { alpha: number; lMax: number; expected: number[] }[];
  weibull: { shape: number; scale: number; kind: WeibullKind; window: number; weights: number[]; expected: number[] }[];
  hill: { alpha: number; gamma: number; inflexion: number; expected: number[] }[];
  logistic: { lambda: number; expected: number[] }[];
  menten: { k: number; expected: number[] }[];
}

const ref = readJson<Reference>('transform-reference.json');

/** |a − b| ≤ 1e-12 · max(1, |b|) element by element. */
function expectClose(actual: ArrayLike<number>, expected: readonly number[], tolerance = 1e-12) {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, i) => {
    const error = Math.abs(actual[i]! - e) / Math.max(1, Math.abs(e));
    if (error > tolerance) throw new Error(`element ${i}: ${actual[i]} vs ${e} (relative error ${error})`);
  });
}

describe('adstock', () => {
  it.each(ref.geometric)("geometric (Robyn's recursion), θ = $theta", ({ theta, expected }) => {
    expectClose(geometricAdstock(ref.x, theta), expected);
  });

  it.each(ref.normalised)(
    'geometric normalised over l_max (PyMC-Marketing), α = $alpha, l_max = $lMax',
    ({ alpha, lMax, expected }) => {
      expectClose(geometricAdstockNormalised(ref.x, alpha, lMax), expected);
    },
  );

  it('the normalised form preserves total spend once the lags have run out', () => {
    const x = [...ref.x, ...new Array<number>(20).fill(0)];
    const total = x.reduce((a, b) => a + b, 0);
    const adstocked = geometricAdstockNormalised(x, 0.6, 8).reduce((a, b) => a + b, 0);
    expect(Math.abs(adstocked - total) / total).toBeLessThan(1e-12);
  });

  it.each(ref.weibull)('Weibull $kind (Robyn), shape $shape, scale $scale, window $window', (w) => {
    expectClose(weibullWeights(w.shape, w.scale, w.window, w.kind), w.weights);
    expectClose(weibullAdstock(ref.x, w.shape, w.scale, w.window, w.kind), w.expected);
  });

  it('a zero shape or scale switches Weibull carry-over off, as in Robyn', () => {
    expect(Array.from(weibullWeights(0, 0.5, 5, 'cdf'))).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(weibullAdstock([1, 2, 3], 2, 0, 5, 'pdf'))).toEqual([0, 0, 0]);
  });

  it("the delayed form is Robyn's geometric at θ = 0 and otherwise peaks θ periods out, decaying α per period either side", () => {
    expectClose(delayedAdstock(ref.x, 0.6, 0), Array.from(geometricAdstock(ref.x, 0.6)));
    const impulse = [1, ...new Array<number>(9).fill(0)];
    // α^|l − θ| over its largest value: θ = 2 gives 0.25, 0.5, 1, 0.5, 0.25, …
    expectClose(
      delayedAdstock(impulse, 0.5, 2),
      [0.25, 0.5, 1, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125],
    );
    // A fractional peak: the weights are α^|l − 1.5| / α^0.5, symmetric about 1.5.
    const w = Array.from(delayedAdstock(impulse, 0.4, 1.5));
    expectClose(
      w,
      impulse.map((_, l) => Math.pow(0.4, Math.abs(l - 1.5)) / Math.pow(0.4, 0.5)),
    );
    // Linear in the spend, as the allocator's response curves assume.
    const doubled = delayedAdstock(
      ref.x.map((v: number) => 2 * v),
      0.3,
      2.7,
    );
    expectClose(
      Array.from(doubled),
      Array.from(delayedAdstock(ref.x, 0.3, 2.7)).map((v) => 2 * v),
    );
  });

  it('convolution with a unit impulse returns the weights (the carry-over curve)', () => {
    expect(Array.from(convolveAdstock([1, 0, 0, 0], [0.5, 0.3, 0.2]))).toEqual([0.5, 0.3, 0.2, 0]);
  });
});

describe('saturation', () => {
  it.each(ref.hill)(
    "Hill with Robyn's γ inflexion, α = $alpha, γ = $gamma",
    ({ alpha, gamma, inflexion, expected }) => {
      expect(Math.abs(hillInflexion(ref.x, gamma) - inflexion)).toBeLessThan(1e-12 * inflexion);
      expectClose(
        ref.x.map((v) => hill(v, alpha, inflexion)),
        expected,
      );
      // The fitting loop's hoisted form is the same curve.
      expectClose(
        saturateSeries(Float64Array.from(ref.x), {
          adstock: { kind: 'geometric', lMax: 1 },
          saturation: { kind: 'hill', alpha, inflexion },
          reference: 1,
        }),
        expected,
      );
    },
  );

  it.each(ref.logistic)('logistic (PyMC-Marketing), λ = $lambda', ({ lambda, expected }) => {
    expectClose(
      ref.x.map((v) => logistic(v, lambda)),
      expected,
    );
  });

  it.each(ref.menten)('Michaelis–Menten, K = $k', ({ k, expected }) => {
    expectClose(
      ref.x.map((v) => michaelisMenten(v, k)),
      expected,
    );
  });
});

describe('baseline: trend, seasonality, holidays', () => {
  it('trend columns are t on [0, 1] and hinges at the changepoints', () => {
    const [t, hinge] = trendColumns(5, [0.5]);
    expect(Array.from(t!)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(Array.from(hinge!)).toEqual([0, 0, 0, 0.25, 0.5]);
    expect(changepointLocations(3, 0.8)).toEqual([0.2, 0.4, 0.6000000000000001]);
  });

  it('Fourier terms repeat every year', () => {
    const [sin1, cos1] = fourierColumns(['2020-01-01', '2021-01-01'], 1, 366);
    expect(sin1![0]).toBeCloseTo(sin1![1]!, 12);
    expect(cos1![0]).toBeCloseTo(cos1![1]!, 12);
  });

  it('Easter and rule-based holidays land on their known dates', () => {
    expect(easterSunday(2019)).toEqual([4, 21]);
    expect(easterSunday(2024)).toEqual([3, 31]);
    expect(easterSunday(2038)).toEqual([4, 25]);
    const us = holidaysFor('US', 2023, 2023);
    expect(us.find((h) => h.name === 'Thanksgiving')?.date).toBe('2023-11-23');
    expect(us.find((h) => h.name === 'Memorial Day')?.date).toBe('2023-05-29');
    const de = holidaysFor('DE', 2018, 2018);
    expect(de.find((h) => h.name === 'Pfingstmontag')?.date).toBe('2018-05-21');
  });

  it('holidays aggregate to the grain as counts per period', () => {
    const weeks = ['2018-12-17', '2018-12-24', '2018-12-31', '2019-01-07'];
    expect(detectGrain(weeks)).toBe('week');
    // 24 Dec week holds both Christmas days; 31 Dec week holds New Year.
    expect(Array.from(holidayCounts(weeks, 'week', 'DE'))).toEqual([0, 2, 1, 0]);
    const days = ['2018-12-24', '2018-12-25', '2018-12-26', '2018-12-27'];
    expect(Array.from(holidayCounts(days, 'day', 'DE'))).toEqual([0, 1, 1, 0]);
  });
});

describe('fit metrics', () => {
  const actual = [10, 12, 9, 15, 14];
  const fitted = [11, 12, 10, 14, 13];
  it('R², adjusted R², NRMSE and MAPE follow their definitions', () => {
    const mean = 12;
    const ssTot = actual.reduce((s, v) => s + (v - mean) ** 2, 0);
    expect(rSquared(actual, fitted)).toBeCloseTo(1 - 4 / ssTot, 14);
    expect(adjustedRSquared(0.9, 100, 9)).toBeCloseTo(1 - (0.1 * 99) / 90, 14);
    expect(nrmse(actual, fitted)).toBeCloseTo(Math.sqrt(4 / 5) / 6, 14);
    expect(mape(actual, fitted)).toBeCloseTo((1 / 10 + 0 + 1 / 9 + 1 / 15 + 1 / 14) / 5, 14);
  });

  it("DECOMP.RSSD is the distance between effect and spend shares (Robyn's definition)", () => {
    expect(decompRssd([1, 1], [1, 1])).toBe(0);
    expect(decompRssd([3, 1], [1, 1])).toBeCloseTo(Math.sqrt(2 * 0.25 ** 2), 14);
  });
});
