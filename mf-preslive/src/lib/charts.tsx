import { useId } from 'react';
import { formatDayMonthYear as day } from '@ticketing/shared';
import styles from './charts.module.css';

/** Share of the track in percent; any figure above zero stays visible (a few held seats of a full day's capacity). */
export const MIN_VISIBLE_PERCENT = 1.5;
export const barWidth = (value: number, scale: number) => (value > 0 ? Math.max(MIN_VISIBLE_PERCENT, (value / scale) * 100) : 0);

export interface Bar { key: string | number; label: string; value: number; secondary?: number; max?: number; valueText: string }

/**
 * Horizontal bars (plain SVG, no chart library): `value` in the main colour, `secondary` (e.g. held)
 * stacked after it, both against the bar's own `max` (e.g. its cinema's capacity: the bar shows the % sold of
 * that cinema). Bars without a `max` share one scale, the largest of them. Mirrored in right-to-left pages.
 */
export function BarChart({ title, bars, legend }: { title: string; bars: Bar[]; legend?: { main: string; secondary?: string } }) {
  const id = useId();
  const common = Math.max(1, ...bars.map((b) => b.value + (b.secondary ?? 0)));
  // The secondary key (e.g. Held) is listed only when some bar draws it.
  const anySecondary = bars.some((b) => (b.secondary ?? 0) > 0);
  return (
    <figure className={styles.figure} aria-labelledby={id}>
      <figcaption id={id} className={styles.caption}>{title}</figcaption>
      {legend && (
        <p className={styles.legend}>
          <span className={styles.keyMain} aria-hidden="true" /> {legend.main}
          {legend.secondary && anySecondary && <><span className={styles.keySecondary} aria-hidden="true" /> {legend.secondary}</>}
        </p>
      )}
      <ul className={styles.bars}>
        {bars.map((b) => {
          const scale = b.max && b.max > 0 ? b.max : common;
          const w = barWidth(b.value, scale);
          const w2 = barWidth(b.secondary ?? 0, scale);
          return (
            <li key={b.key} className={styles.barRow}>
              <span className={styles.barLabel}>{b.label}</span>
              <svg className={styles.barSvg} viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={`${b.label}: ${b.valueText}`}>
                <rect x="0" y="0" width="100" height="10" className={styles.track} />
                <rect x="0" y="0" width={w} height="10" className={styles.main} />
                {w2 > 0 && <rect x={w} y="0" width={Math.min(w2, Math.max(0, 100 - w))} height="10" className={styles.secondary} data-testid="held-bar" />}
              </svg>
              <span className={styles.barValue}>{b.valueText}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** x: a business day YYYY-MM-DD, shown day/month/year. */
export interface Point { x: string; y: number }

/** A line of values over time (plain SVG), with the first and last dates and the maximum marked. */
export function LineChart({ title, points, valueLabel }: { title: string; points: Point[]; valueLabel: (y: number) => string }) {
  const id = useId();
  const W = 600, H = 180, P = 28;
  const max = Math.max(1, ...points.map((p) => p.y));
  const x = (i: number) => P + (points.length <= 1 ? (W - 2 * P) / 2 : (i * (W - 2 * P)) / (points.length - 1));
  const y = (v: number) => H - P - (v / max) * (H - 2 * P);
  const path = points.map((p, i) => `${x(i).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
  const total = points.reduce((a, p) => a + p.y, 0);
  return (
    <figure className={styles.figure} aria-labelledby={id}>
      <figcaption id={id} className={styles.caption}>{title}</figcaption>
      <svg className={styles.line} viewBox={`0 0 ${W} ${H}`} role="img"
        aria-label={`${title}: ${points.length ? `${day(points[0]!.x)} – ${day(points[points.length - 1]!.x)}, ${valueLabel(total)}` : ''}`}>
        <line x1={P} y1={H - P} x2={W - P} y2={H - P} className={styles.axis} />
        <line x1={P} y1={P} x2={P} y2={H - P} className={styles.axis} />
        {points.length > 0 && <polyline points={path} className={styles.path} />}
        {points.map((p, i) => <circle key={p.x} cx={x(i)} cy={y(p.y)} r="2.5" className={styles.dot}><title>{`${day(p.x)}: ${valueLabel(p.y)}`}</title></circle>)}
        <text x={P} y={P - 8} className={styles.tick}>{valueLabel(max)}</text>
        {points.length > 0 && <text x={P} y={H - 8} className={styles.tick}>{day(points[0]!.x)}</text>}
        {points.length > 1 && <text x={W - P} y={H - 8} className={styles.tick} textAnchor="end">{day(points[points.length - 1]!.x)}</text>}
      </svg>
    </figure>
  );
}
