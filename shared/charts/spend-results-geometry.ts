/**
 * The daily spend-and-results chart as geometry: bars for spend on the left axis, a line for results on the
 * right axis, rounded ticks, one slot per day. The app draws this chart with recharts in the browser; recharts 3
 * renders nothing on the server (its chart waits for a layout pass: react-dom/server gives an empty wrapper), so
 * the report renders the same encoding from this geometry to SVG (lambdas/lib/reports/trend-chart-svg.ts).
 * Pure numbers: no DOM, no fonts.
 */
export interface TrendPoint {
  /** What the x axis says under the slot, e.g. "Nov 3". */
  label: string;
  spend: number;
  /** Null when the day mixes result types (then no line is drawn, as in the app). */
  results: number | null;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axes' labels. */
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface AxisTick {
  value: number;
  /** Vertical position in chart pixels. */
  y: number;
}

export interface SpendResultsGeometry {
  plot: { x: number; y: number; width: number; height: number };
  bars: { x: number; y: number; width: number; height: number; value: number }[];
  /** Points of the results line; empty when no day has results. */
  line: { x: number; y: number; value: number }[];
  spendTicks: AxisTick[];
  resultTicks: AxisTick[];
  /** Labels under the slots, thinned so they never overlap (at most `maxXLabels`). */
  xLabels: { x: number; text: string }[];
}

/** 1, 2, 2.5 or 5 times a power of ten: ticks people read at a glance. */
export function niceStep(rawStep: number): number {
  if (!(rawStep > 0) || !Number.isFinite(rawStep)) return 1;
  const power = 10 ** Math.floor(Math.log10(rawStep));
  const fraction = rawStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Ticks from 0 up to the first nice value at or above `max`, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  const step = niceStep((max > 0 ? max : 1) / count);
  const top = Math.max(step, Math.ceil((max > 0 ? max : 1) / step) * step);
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 1e6; value += step) ticks.push(Number(value.toPrecision(12)));
  return ticks;
}

export function spendResultsGeometry(
  points: readonly TrendPoint[],
  box: ChartBox,
  maxXLabels = 8,
): SpendResultsGeometry {
  const plot = {
    x: box.padding.left,
    y: box.padding.top,
    width: box.width - box.padding.left - box.padding.right,
    height: box.height - box.padding.top - box.padding.bottom,
  };
  const spendTickValues = niceTicks(Math.max(0, ...points.map((p) => p.spend)));
  const hasResults = points.some((p) => p.results !== null);
  const resultTickValues = hasResults ? niceTicks(Math.max(0, ...points.map((p) => p.results ?? 0))) : [];
  const spendTop = spendTickValues[spendTickValues.length - 1] ?? 1;
  const resultTop = resultTickValues[resultTickValues.length - 1] ?? 1;
  const yOf = (value: number, top: number) => plot.y + plot.height - (value / top) * plot.height;
  const slot = points.length > 0 ? plot.width / points.length : plot.width;
  // Recharts' default bar category gap is 10% on each side of a slot.
  const barWidth = slot * 0.8;
  const bars = points.map((p, i) => {
    const y = yOf(p.spend, spendTop);
    return { x: plot.x + i * slot + slot * 0.1, y, width: barWidth, height: plot.y + plot.height - y, value: p.spend };
  });
  const line = hasResults
    ? points.map((p, i) => ({ x: plot.x + (i + 0.5) * slot, y: yOf(p.results ?? 0, resultTop), value: p.results ?? 0 }))
    : [];
  const every = Math.max(1, Math.ceil(points.length / maxXLabels));
  const xLabels = points.flatMap((p, i) => (i % every === 0 ? [{ x: plot.x + (i + 0.5) * slot, text: p.label }] : []));
  return {
    plot,
    bars,
    line,
    spendTicks: spendTickValues.map((value) => ({ value, y: yOf(value, spendTop) })),
    resultTicks: resultTickValues.map((value) => ({ value, y: yOf(value, resultTop) })),
    xLabels,
  };
}
