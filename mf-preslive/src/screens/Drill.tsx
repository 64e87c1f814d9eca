import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DrillBy, formatDayMonthYear, formatDayMonthYearTime } from '@ticketing/shared';
import { useAttendanceByShowTimeQuery, useFilterDataQuery, usePresentationBoxQuery } from '../dashboardApi';
import { BarChart } from '../lib/charts';
import { Loadable } from '../lib/Loadable';
import { useQueryParams, withQuery } from '../lib/query';
import { num } from '../lib/format';
import { BoxTable } from './BoxTable';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

/** The cinema's name in the page's language (the report filters list the manager's cinemas), once known. */
function useCinemaName(locationId: number): string | undefined {
  const filters = useFilterDataQuery();
  return filters.data?.locations.find((l) => l.LocationId === locationId)?.Name;
}

/** By hall or by film: from the address (?by=feature), by hall otherwise. */
const drillByOf = (s: string | null | undefined): DrillBy => (s === 'feature' ? 'feature' : 'venue');

/**
 * Drill-down of one cinema on one day: show times grouped by venue or by feature. The heading names the cinema; the
 * grouping is in the address (a reload, and the way back from a presentation box, keep it); the way back to sales by
 * cinema keeps the day (fifteenth session: it went back to today).
 */
export function CinemaDrill() {
  const { t } = useTranslation(NAMESPACE);
  const { date = '', locationId = '' } = useParams();
  const [params, setParams] = useQueryParams();
  const by = drillByOf(params.get('by'));
  const q = useAttendanceByShowTimeQuery({ date, locationId: Number(locationId), by });
  const cinema = useCinemaName(Number(locationId)) ?? q.data?.groups[0]?.rows[0]?.LocationName;
  const day = formatDayMonthYear(date);
  return (
    <section aria-labelledby="drill-title">
      <p><Link to={withQuery('/', { date })}>{t('drill.back')}</Link></p>
      <h2 id="drill-title">{cinema ? t('drill.titleAt', { date: day, cinema }) : t('drill.title', { date: day })}</h2>
      <div className={styles.toggle} role="group" aria-label={t('drill.by')}>
        {(['venue', 'feature'] as const).map((k) => (
          <button key={k} type="button" className={by === k ? 'tx-btn' : 'tx-btn-secondary'} aria-pressed={by === k}
            onClick={() => setParams({ by: k === 'venue' ? undefined : k })}>
            {t(`drill.${k}`)}
          </button>
        ))}
      </div>
      <Loadable q={q}>
        {(d) => (
          <>
            {d.groups.length === 0 && <p>{t('common:table.empty')}</p>}
            {d.groups.map((g) => (
              <article key={g.Id} aria-labelledby={`g-${g.Id}`}>
                <h3 id={`g-${g.Id}`}>
                  <Link to={`/box/${date}/${locationId}/${by}/${g.Id}`}>{g.Name}</Link>
                </h3>
                <BarChart title={t('drill.chart', { name: g.Name })} legend={{ main: t('cols.sold'), secondary: t('cols.held') }}
                  bars={g.rows.map((r) => ({ key: r.PresentationId, label: formatDayMonthYearTime(r.PresentationDateTime).slice(-5) + ' ' + (by === 'venue' ? r.FeatureName : r.VenueName),
                    value: r.SoldQuantity, secondary: r.HeldQuantity, max: r.Capacity, valueText: t('cinema.barValue', { sold: num(r.SoldQuantity), held: num(r.HeldQuantity), capacity: num(r.Capacity) }) }))} />
              </article>
            ))}
          </>
        )}
      </Loadable>
    </section>
  );
}

/** The presentation box of one venue or feature at a cinema on a day; its heading names the hall or film, the cinema and the day. */
export function PresentationBox() {
  const { t } = useTranslation(NAMESPACE);
  const { date = '', locationId = '', drillBy = 'venue', id = '' } = useParams();
  const by = DrillBy.safeParse(drillBy).success ? (drillBy as DrillBy) : 'venue';
  const q = usePresentationBoxQuery({ date, locationId: Number(locationId), drillBy: by, id: Number(id) });
  const first = q.data?.rows[0];
  const cinema = useCinemaName(Number(locationId)) ?? first?.LocationName;
  const name = first ? (by === 'venue' ? first.VenueName : first.FeatureName) : undefined;
  const day = formatDayMonthYear(date);
  const title = name && cinema ? t('box.captionAt', { name, cinema, date: day }) : t('box.title');
  return (
    <section aria-labelledby="box-title">
      <p><Link to={withQuery(`/cinema/${date}/${locationId}`, { by: by === 'venue' ? undefined : by })}>{t('box.back')}</Link></p>
      <h2 id="box-title">{title}</h2>
      <Loadable q={q}>
        {(d) => (
          <BoxTable caption={name && cinema ? title : t('box.caption', { name: name ?? '', date: day })}
            filename={`presentation-box-${date}-${by}-${id}`} rows={d.rows} show={by === 'venue' ? ['feature'] : ['venue']} withTotal />
        )}
      </Loadable>
    </section>
  );
}
