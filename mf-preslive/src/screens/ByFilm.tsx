import { useTranslation } from 'react-i18next';
import type { FeatureSalesItem } from '@ticketing/shared';
import { useFeatureDatesQuery, useFeatureSalesQuery, useFilterDataQuery } from '../dashboardApi';
import { BarChart } from '../lib/charts';
import { formatDayMonthYear } from '@ticketing/shared';
import { Loadable } from '../lib/Loadable';
import { LocationSelect } from '../lib/LocationSelect';
import { ReportTable } from '../lib/ReportTable';
import { idParam, isIsoDate, useQueryParams } from '../lib/query';
import { num, pct } from '../lib/format';
import { dateOptions, defaultDate } from './ByCinema';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

/** Sales by film (featureTicketSales) for a day, optionally by location (isByLocation); the choices in the address. */
export function ByFilm() {
  const { t } = useTranslation(NAMESPACE);
  const datesQ = useFeatureDatesQuery();
  // the cinema filter's options asked for at once, beside the dates: they come with the table, not after it
  useFilterDataQuery();
  const [params, setParams] = useQueryParams();
  const picked = params.get('date');
  const locationId = idParam(params.get('location'));
  const featureId = idParam(params.get('film'));
  const isByLocation = params.get('byCinema') === '1';
  const date = isIsoDate(picked) ? picked : defaultDate((datesQ.data?.dates ?? []).map((d) => d.Date));
  const q = useFeatureSalesQuery({ date: date ?? '', isByLocation, locationId, featureId }, { skip: !date });
  const label = (r: FeatureSalesItem) => (r.LocationName ? `${r.FeatureName} — ${r.LocationName}` : r.FeatureName);

  return (
    <section aria-labelledby="by-film-title">
      <h2 id="by-film-title">{t('film.title')}</h2>
      <Loadable q={datesQ}>
        {(d) => (
          <div className={styles.filters}>
            <label className={styles.field}>{t('cinema.date')}{' '}
              <select value={date ?? ''} onChange={(e) => setParams({ date: e.target.value })}>
                {dateOptions(d.dates, date).map((x) => (
                  <option key={x.Date} value={x.Date}>{x.Value === undefined ? formatDayMonthYear(x.Date) : t('cinema.dateOption', { date: formatDayMonthYear(x.Date), n: num(x.Value) })}</option>
                ))}
              </select>
            </label>
            <label className={styles.field}>{t('cols.feature')}{' '}
              <select value={featureId ?? ''} onChange={(e) => setParams({ film: e.target.value })}>
                <option value="">{t('film.allFeatures')}</option>
                {d.features.map((f) => <option key={f.FeatureId} value={f.FeatureId}>{f.FeatureName}</option>)}
              </select>
            </label>
            <LocationSelect value={locationId ?? ''} onChange={(location) => setParams({ location })} />
            <label className={styles.field}>
              <input type="checkbox" checked={isByLocation} onChange={(e) => setParams({ byCinema: e.target.checked ? 1 : undefined })} /> {t('film.byLocation')}
            </label>
          </div>
        )}
      </Loadable>
      {date && (
        <Loadable q={q}>
          {(s) => (
            <>
              <BarChart title={t('film.chart', { date: formatDayMonthYear(s.date) })} legend={{ main: t('cols.sold'), secondary: t('cols.held') }}
                bars={s.items.map((r) => ({ key: `${r.FeatureId}-${r.LocationId ?? 0}`, label: label(r), value: r.Sold, secondary: r.Held, max: r.Capacity,
                  valueText: t('cinema.barValue', { sold: num(r.Sold), held: num(r.Held), capacity: num(r.Capacity) }) }))} />
              <ReportTable caption={t('film.tableCaption', { date: formatDayMonthYear(s.date) })} filename={`sales-by-film-${s.date}`} rows={s.items}
                basis={t('basis.seats')}
                rowKey={(r) => `${r.FeatureId}-${r.LocationId ?? 0}`}
                columns={[
                  { key: 'f', header: t('cols.feature'), rowHeader: true, value: (r) => r.FeatureName },
                  ...(s.isByLocation ? [{ key: 'l', header: t('cols.location'), value: (r: FeatureSalesItem) => r.LocationName }] : []),
                  { key: 'n', header: t('cols.presentations'), numeric: true, value: (r) => r.Presentations },
                  { key: 'c', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
                  { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.Sold, render: (r) => num(r.Sold) },
                  { key: 'h', header: t('cols.held'), numeric: true, value: (r) => r.Held, render: (r) => num(r.Held) },
                  { key: 'a', header: t('cols.availability'), numeric: true, value: (r) => r.Availability, render: (r) => num(r.Availability) },
                  { key: 'p', header: t('cols.percentageSold'), numeric: true, value: (r) => (r.Capacity ? Math.round((r.Sold * 100) / r.Capacity) : 0),
                    render: (r) => pct(r.Capacity ? Math.round((r.Sold * 100) / r.Capacity) : 0) },
                ]} />
            </>
          )}
        </Loadable>
      )}
    </section>
  );
}
