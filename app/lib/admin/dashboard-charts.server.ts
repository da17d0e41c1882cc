import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { area, line } from "d3-shape";
import { shortDay } from "~/lib/admin/dashboard";
import { formatRupees } from "~/lib/page/money";

/**
 * The dashboard's charts, drawn on the server (d3-scale places, d3-shape draws) into plain
 * geometry the page renders as SVG: no charting code reaches the browser. Each chart has a title,
 * labelled axes in rupees (Indian grouping, the one money formatter) and a <title> on every mark
 * for its hover detail; the page puts a table of the same figures beside it. The viewBox scales
 * the drawing from a 360 px phone to a desktop.
 */

export type ChartText = { x: number; y: number; label: string };
export type ChartMark = { x: number; y: number; width: number; height: number; title: string; negative: boolean };
export type Chart = {
  title: string;
  width: number;
  height: number;
  /** Where the plot's area sits in the viewBox. */
  plot: { left: number; right: number; top: number; bottom: number };
  xAxisLabel: string;
  yAxisLabel: string;
  xTicks: ChartText[];
  yTicks: ChartText[];
  /** The line at zero (a vertical one for horizontal bars). */
  zero: { x1: number; y1: number; x2: number; y2: number };
  /** A line chart's area and line (d3-shape paths), and its points. */
  areaPath: string | null;
  linePath: string | null;
  points: { x: number; y: number; title: string }[];
  bars: ChartMark[];
  /** The bars' names, for horizontal bars. */
  barLabels: ChartText[];
};

const WIDTH = 420;

/** Round tick values of a rupee scale: d3's "nice" ticks, whole rupees only. */
const rupeeTicks = (scale: ReturnType<typeof scaleLinear<number, number>>, count: number) =>
  scale.ticks(count).filter((tick) => Number.isInteger(tick));

/** A line of one value per day: sales per day. Days without orders are zero points, never gaps. */
export function dailyLineChart(
  title: string,
  days: { day: string; value: number; detail: string }[],
  yAxisLabel: string,
): Chart {
  const height = 240;
  const plot = { left: 84, right: WIDTH - 12, top: 16, bottom: height - 44 };
  const values = days.map((d) => d.value);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice(5)
    .range([plot.bottom, plot.top]);
  const x = scalePoint<string>()
    .domain(days.map((d) => d.day))
    .range([plot.left + 8, plot.right - 8])
    .padding(days.length === 1 ? 0.5 : 0);
  const xOf = (day: string) => x(day) ?? plot.left;
  const drawArea = area<(typeof days)[number]>()
    .x((d) => xOf(d.day))
    .y0(y(0))
    .y1((d) => y(d.value));
  const drawLine = line<(typeof days)[number]>()
    .x((d) => xOf(d.day))
    .y((d) => y(d.value));
  // At most about five day labels (they fit a phone), evenly spread, the last day always among them.
  const every = Math.max(1, Math.ceil(days.length / 5));
  const labelled = days.filter((_, i) => (days.length - 1 - i) % every === 0);
  return {
    title,
    width: WIDTH,
    height,
    plot,
    xAxisLabel: "Day (India time)",
    yAxisLabel,
    xTicks: labelled.map((d) => ({ x: xOf(d.day), y: plot.bottom + 16, label: shortDay(d.day) })),
    yTicks: rupeeTicks(y, 5).map((tick) => ({ x: plot.left - 6, y: y(tick), label: formatRupees(tick) })),
    zero: { x1: plot.left, y1: y(0), x2: plot.right, y2: y(0) },
    areaPath: drawArea(days),
    linePath: drawLine(days),
    points: days.map((d) => ({ x: xOf(d.day), y: y(d.value), title: d.detail })),
    bars: [],
    barLabels: [],
  };
}

/** Horizontal bars of rupees, one per row (top products, payment mix). */
export function rupeeBarChart(
  title: string,
  rows: { label: string; value: number; detail: string }[],
  xAxisLabel: string,
): Chart {
  // Each bar's name sits on its own line above the bar, the plot's full width, so a long product
  // name is not cut off at a phone's width.
  const rowHeight = 46;
  const height = 60 + Math.max(1, rows.length) * rowHeight;
  const plot = { left: 16, right: WIDTH - 28, top: 8, bottom: height - 44 };
  const values = rows.map((r) => r.value);
  const x = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice(4)
    .range([plot.left, plot.right]);
  const y = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([plot.top, plot.bottom])
    .paddingInner(0.55)
    .paddingOuter(0.4)
    .align(1);
  const clip = (label: string) => (label.length > 52 ? `${label.slice(0, 51)}…` : label);
  return {
    title,
    width: WIDTH,
    height,
    plot,
    xAxisLabel,
    yAxisLabel: "",
    xTicks: rupeeTicks(x, 4).map((tick) => ({ x: x(tick), y: plot.bottom + 16, label: formatRupees(tick) })),
    yTicks: [],
    zero: { x1: x(0), y1: plot.top, x2: x(0), y2: plot.bottom },
    areaPath: null,
    linePath: null,
    points: [],
    bars: rows.map((row, i) => ({
      x: Math.min(x(0), x(row.value)),
      y: y(i) ?? 0,
      width: Math.max(1, Math.abs(x(row.value) - x(0))),
      height: y.bandwidth(),
      title: row.detail,
      negative: row.value < 0,
    })),
    barLabels: rows.map((row, i) => ({ x: plot.left, y: (y(i) ?? 0) - 9, label: clip(row.label) })),
  };
}
