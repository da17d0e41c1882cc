import { useId } from "react";
import type { Chart } from "~/lib/admin/dashboard-charts.server";

/**
 * A chart the server drew (app/lib/admin/dashboard-charts.server.ts) as SVG: no script, no
 * charting library, its name from its title, a <title> on every mark for the hover detail. It
 * scales with its box (the viewBox), from a phone to a desktop; the table beside it holds the same figures.
 */
export function ChartSvg({ chart }: { chart: Chart }) {
  const id = useId();
  const { plot } = chart;
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        className="h-auto w-full max-w-2xl text-gray-800"
      >
        <title id={`${id}-title`}>{chart.title}</title>
        {chart.yTicks.map((tick) => (
          <g key={`y${tick.label}`}>
            <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} stroke="#e5e7eb" />
            <text x={tick.x} y={tick.y} dy="0.32em" textAnchor="end" fontSize="13" fill="currentColor">
              {tick.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((tick) => (
          <text key={`x${tick.label}`} x={tick.x} y={tick.y} textAnchor="middle" fontSize="13" fill="currentColor">
            {tick.label}
          </text>
        ))}
        {chart.areaPath ? <path d={chart.areaPath} fill="#2874f0" fillOpacity="0.12" /> : null}
        {chart.linePath ? <path d={chart.linePath} fill="none" stroke="#1d4ed8" strokeWidth="2" /> : null}
        {chart.points.map((point, i) => (
          <circle key={i} cx={point.x} cy={point.y} r="4" fill="#1d4ed8">
            <title>{point.title}</title>
          </circle>
        ))}
        {chart.bars.map((bar, i) => (
          <rect
            key={i}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            fill={bar.negative ? "#b91c1c" : "#1d4ed8"}
          >
            <title>{bar.title}</title>
          </rect>
        ))}
        {chart.barLabels.map((label, i) => (
          <text key={i} x={label.x} y={label.y} dy="0.32em" textAnchor="start" fontSize="13" fill="currentColor">
            {label.label}
          </text>
        ))}
        <line {...chart.zero} stroke="#4b5563" />
        <text
          x={(plot.left + plot.right) / 2}
          y={chart.height - 6}
          textAnchor="middle"
          fontSize="13"
          fontWeight="600"
          fill="currentColor"
        >
          {chart.xAxisLabel}
        </text>
        {chart.yAxisLabel ? (
          <text
            transform={`translate(12 ${(plot.top + plot.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize="13"
            fontWeight="600"
            fill="currentColor"
          >
            {chart.yAxisLabel}
          </text>
        ) : null}
      </svg>
    </figure>
  );
}
