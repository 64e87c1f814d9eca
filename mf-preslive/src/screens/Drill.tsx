import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DrillBy, formatDayMonthYear, formatDayMonthYearTime } from '@ticketing/shared';
import { useAttendanceByShowTimeQuery, usePresentationBoxQuery } from '../dashboardApi';
import { BarChart } from '../lib/charts';
import { Loadable } from '../lib/Loadable';
import { num } from '../lib/format';
import { BoxTable } from './BoxTable';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

/** Drill-down of one cinema on one day: show times grouped by venue or by feature. */
export function CinemaDrill() {
  const { t } = useTranslation(NAMESPACE);
  const { date = '', locationId = '' } = useParams();
  const [by, setBy] = useState<DrillBy>('venue');
  const q = useAttendanceByShowTimeQuery({ date, locationId: Number(locationId), by });
  return (
    <section aria-labelledby="drill-title">
      <p><Link to="/">{t('drill.back')}</Link></p>
      <h2 id="drill-title">{t('drill.title', { date: formatDayMonthYear(date) })}</h2>
      <div className={styles.toggle} role="group" aria-label={t('drill.by')}>
        {(['venue', 'feature'] as const).map((k) => (
          <button key={k} type="button" className={by === k ? 'tx-btn' : 'tx-btn-secondary'} aria-pressed={by === k} onClick={() => setBy(k)}>
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
                    value: r.SoldQuantity, secondary: r.HeldQuantity, max: r.Capacity, valueText: `${num(r.SoldQuantity)} / ${num(r.Capacity)}` }))} />
              </article>
            ))}
          </>
        )}
      </Loadable>
    </section>
  );
}

/** The presentation box of one venue or feature at a cinema on a day. */
export function PresentationBox() {
  const { t } = useTranslation(NAMESPACE);
  const { date = '', locationId = '', drillBy = 'venue', id = '' } = useParams();
  const by = DrillBy.safeParse(drillBy).success ? (drillBy as DrillBy) : 'venue';
  const q = usePresentationBoxQuery({ date, locationId: Number(locationId), drillBy: by, id: Number(id) });
  return (
    <section aria-labelledby="box-title">
      <p><Link to={`/cinema/${date}/${locationId}`}>{t('box.back')}</Link></p>
      <h2 id="box-title">{t('box.title')}</h2>
      <Loadable q={q}>
        {(d) => (
          <BoxTable caption={t('box.caption', { name: d.rows[0] ? (by === 'venue' ? d.rows[0].VenueName : d.rows[0].FeatureName) : '', date: formatDayMonthYear(date) })}
            filename={`presentation-box-${date}-${by}-${id}`} rows={d.rows} show={by === 'venue' ? ['feature'] : ['venue']} />
        )}
      </Loadable>
    </section>
  );
}
