import { useEffect, useRef, useState } from 'react';
import type { MrrReport } from '../../../shared/api/projects';
import { formatMoney, formatMoneyShort } from './format-money';

type MrrPoint = MrrReport['series'][number];

const monthDate = (month: string): Date => {
  const [year = '1970', value = '01'] = month.split('-');
  return new Date(Date.UTC(Number(year), Number(value) - 1, 1));
};
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'March 2025' for '2025-03'. */
export function monthName(month: string): string {
  return longMonth.format(monthDate(month));
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value`: the top of the value axis. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1000;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** What the chart says, for screen readers: the range of months, the first and last values and the peak. */
export function mrrChartSummary(series: readonly MrrPoint[], currency: string | null): string {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return 'Monthly recurring revenue: no data.';
  const peak = series.reduce((best, point) => (point.mrrX100 > best.mrrX100 ? point : best), first);
  return (
    `Monthly recurring revenue over ${series.length} months, from ${formatMoney(first.mrrX100, currency)} in ` +
    `${monthName(first.month)} to ${formatMoney(last.mrrX100, currency)} in ${monthName(last.month)}; ` +
    `highest ${formatMoney(peak.mrrX100, currency)} in ${monthName(peak.month)}.`
  );
}

/**
 * The month axis: every `every`-th bar is labelled (counting back from the current month, which always
 * is), with the year under the first label and under the first label of each new year.
 */
export function axisLabels(
  series: readonly MrrPoint[],
  every: number,
): ({ month: string; year: string | null } | null)[] {
  let lastYear: number | null = null;
  return series.map((point, index) => {
    if ((series.length - 1 - index) % every !== 0) return null;
    const date = monthDate(point.month);
    const year = date.getUTCFullYear();
    const label = { month: shortMonth.format(date), year: year === lastYear ? null : String(year) };
    lastYear = year;
    return label;
  });
}

/** The width of an element, kept up to date as it resizes (`fallback` until measured). */
function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const HEIGHT = 260;
const MARGIN = { top: 16, right: 8, bottom: 40, left: 60 };
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The MRR of the last 12 months as an inline SVG bar chart, drawn at the width it is given (so labels
 * keep their size on a phone), the current month highlighted. Screen readers get a summary (`role="img"`)
 * and a visually hidden table of every value.
 */
export function MrrChart({ series, currency }: { series: readonly MrrPoint[]; currency: string | null }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 40);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceCeiling(Math.max(0, ...series.map((p) => p.mrrX100)));
  const band = plotWidth / Math.max(series.length, 1);
  const barWidth = Math.min(band * 0.66, 48);
  const labelEvery = band < 30 ? 2 : 1;
  const y = (value: number) => MARGIN.top + plotHeight - (Math.max(value, 0) / top) * plotHeight;
  const labels = axisLabels(series, labelEvery);

  return (
    <figure className="mb-0">
      <div ref={ref}>
        <svg
          className="mrr-chart"
          role="img"
          aria-label={mrrChartSummary(series, currency)}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
        >
          {TICKS.map((fraction) => {
            const value = top * fraction;
            return (
              <g key={fraction}>
                <line
                  className="mrr-gridline"
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(value)}
                  y2={y(value)}
                />
                <text x={MARGIN.left - 8} y={y(value)} textAnchor="end" dominantBaseline="middle">
                  {formatMoneyShort(value, currency)}
                </text>
              </g>
            );
          })}
          {series.map((point, index) => {
            const x = MARGIN.left + index * band + (band - barWidth) / 2;
            const current = index === series.length - 1;
            const label = labels[index];
            return (
              <g key={point.month}>
                <rect
                  className={current ? 'mrr-bar mrr-bar-current' : 'mrr-bar'}
                  x={x}
                  y={y(point.mrrX100)}
                  width={barWidth}
                  height={MARGIN.top + plotHeight - y(point.mrrX100)}
                  rx={2}
                >
                  <title>{`${monthName(point.month)}: ${formatMoney(point.mrrX100, currency)}`}</title>
                </rect>
                {label ? (
                  <text x={x + barWidth / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
                    {label.month}
                    {label.year ? (
                      <tspan x={x + barWidth / 2} dy={14}>
                        {label.year}
                      </tspan>
                    ) : null}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="small text-body-secondary mt-2">
        <span className="mrr-legend mrr-legend-current me-1" aria-hidden="true" />
        The last bar is the current month, valued now.
      </figcaption>
      {/* Hidden in a div: a table ignores the clip's 1px size and would add its full height below the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Monthly recurring revenue by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">MRR</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.month}>
                <th scope="row">{monthName(point.month)}</th>
                <td>{formatMoney(point.mrrX100, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
