import type { DailyKeyFigures } from '@vip/contracts';
import { useId } from 'react';
import { formatDay } from '../../lib/dates.ts';
import { niceCeiling } from './figures.ts';

const WIDTH = 300;
const HEIGHT = 100;

/**
 * Keys generated and redeemed per day (30 days), as inline SVG bars. The bars stretch with
 * the box; the labels are HTML, so they stay readable at any width. The numbers are also in
 * a table for screen readers and for anyone who wants them exactly.
 */
export function DailyChart({ days }: { days: DailyKeyFigures[] }) {
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...days.map((day) => Math.max(day.generated, day.redeemed))));
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = slot * 0.38;
  const height = (value: number) => (value / top) * HEIGHT;
  // first, middle and last day, each once (a chart of one or two days has fewer)
  const labelled =
    days.length === 0
      ? []
      : [...new Set([0, Math.floor(days.length / 2), days.length - 1])].map((index) => days[index]);

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        Keys per day, last {days.length} days
      </figcaption>
      <div className="chart-legend" aria-hidden="true">
        <span className="legend-generated">Generated</span>
        <span className="legend-redeemed">Redeemed</span>
      </div>
      <div className="chart-body">
        <div className="chart-y" aria-hidden="true">
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          className="chart-svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Bar chart of keys generated and redeemed per day"
        >
          {[0, 0.5, 1].map((fraction) => (
            <line
              key={fraction}
              x1={0}
              x2={WIDTH}
              y1={HEIGHT * fraction}
              y2={HEIGHT * fraction}
              className="chart-grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => (
            <g key={day.date}>
              <rect
                className="bar-generated"
                x={index * slot + slot * 0.1}
                width={bar}
                y={HEIGHT - height(day.generated)}
                height={height(day.generated)}
              >
                <title>{`${formatDay(day.date)}: ${day.generated} generated`}</title>
              </rect>
              <rect
                className="bar-redeemed"
                x={index * slot + slot * 0.1 + bar}
                width={bar}
                y={HEIGHT - height(day.redeemed)}
                height={height(day.redeemed)}
              >
                <title>{`${formatDay(day.date)}: ${day.redeemed} redeemed`}</title>
              </rect>
            </g>
          ))}
        </svg>
      </div>
      <div className="chart-x" aria-hidden="true">
        {labelled.map((day) => (
          <span key={day.date}>{formatDay(day.date)}</span>
        ))}
      </div>
      <details className="chart-table">
        <summary>Show the numbers</summary>
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Generated</th>
                <th scope="col">Redeemed</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td>{day.generated}</td>
                  <td>{day.redeemed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
