import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALL_CINEMAS_ID, jerusalemDate, type LocationSalesRow } from '@ticketing/shared';
import { useLocationDatesQuery, useLocationSalesQuery } from '../dashboardApi';
import { BarChart, LineChart } from '../lib/charts';
import { formatDayMonthYear } from '@ticketing/shared';
import { Loadable } from '../lib/Loadable';
import { ReportTable } from '../lib/ReportTable';
import { isIsoDate, useQueryParams } from '../lib/query';
import { num, pct } from '../lib/format';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

/** The dashboard date: today when it has presentations, else the nearest earlier date with presentations. */
export function defaultDate(dates: string[], today = jerusalemDate()): string | undefined {
  if (dates.includes(today)) return today;
  return [...dates].reverse().find((d) => d <= today) ?? dates[0];
}

/** A date select's options: the dates with value, and the chosen date when it is not one of them (a link, an older day). */
export function dateOptions<T extends { Date: string; Value: number }>(dates: T[], chosen: string | undefined): Array<{ Date: string; Value?: number }> {
  return chosen && !dates.some((d) => d.Date === chosen) ? [...dates, { Date: chosen }].sort((a, b) => a.Date.localeCompare(b.Date)) : dates;
}

/**
 * Sales by cinema: dates with value, then the day's locations with the all-cinemas row (LocationId −1). The chosen
 * date is in the address (?date=), so coming back from a cinema's screenings, or reloading, keeps it.
 */
export function ByCinema() {
  const { t } = useTranslation(NAMESPACE);
  const datesQ = useLocationDatesQuery();
  const [params, setParams] = useQueryParams();
  const picked = params.get('date');
  const dates = useMemo(() => datesQ.data?.dates ?? [], [datesQ.data]);
  const date = isIsoDate(picked) ? picked : defaultDate(dates.map((d) => d.Date));
  const salesQ = useLocationSalesQuery(date ?? '', { skip: !date });
  /** Spec: the 'all cinemas' row leaves out location 1 — named only when this manager sees it (issue 14 point 11). */
  const excludedName = (rows: LocationSalesRow[]) => rows.find((r) => r.LocationId === 1)?.Name;
  /** The row carries no Held column: held = capacity − sold − availability. */
  const heldOf = (r: LocationSalesRow) => Math.max(0, r.Capacity - r.Sold - r.Availability);
  const nameOf = (r: LocationSalesRow) => (r.LocationId === ALL_CINEMAS_ID ? t('cinema.allCinemas') : r.Name);
  /** The bar says what the table's row says: the total without location 1 (fifteenth session: '747 sold' read as the grand total). */
  const barNameOf = (r: LocationSalesRow, rows: LocationSalesRow[]) => {
    const excluded = r.LocationId === ALL_CINEMAS_ID ? excludedName(rows) : undefined;
    return excluded ? `${nameOf(r)} ${t('cinema.allCinemasWithout', { name: excluded })}` : nameOf(r);
  };

  return (
    <section aria-labelledby="by-cinema-title">
      <h2 id="by-cinema-title">{t('cinema.title')}</h2>
      <Loadable q={datesQ}>
        {(d) => (
          <>
            <LineChart title={t('cinema.perDayChart')} points={d.dates.map((x) => ({ x: x.Date, y: x.Value }))} valueLabel={(v) => t('units.tickets', { count: v, n: num(v) })} />
            <label className={styles.field}>
              {t('cinema.date')}{' '}
              <select value={date ?? ''} onChange={(e) => setParams({ date: e.target.value })}>
                {dateOptions(d.dates, date).map((x) => (
                  <option key={x.Date} value={x.Date}>{x.Value === undefined ? formatDayMonthYear(x.Date) : t('cinema.dateOption', { date: formatDayMonthYear(x.Date), n: num(x.Value) })}</option>
                ))}
              </select>
            </label>
          </>
        )}
      </Loadable>
      {date && (
        <Loadable q={salesQ}>
          {(s) => (
            <>
              <BarChart title={t('cinema.chart', { date: formatDayMonthYear(s.date) })} legend={{ main: t('cols.sold'), secondary: t('cols.held') }}
                bars={s.locations.map((r) => ({
                  key: r.LocationId, label: barNameOf(r, s.locations), value: r.Sold, secondary: heldOf(r), max: r.Capacity,
                  valueText: t('cinema.barValue', { sold: num(r.Sold), held: num(heldOf(r)), capacity: num(r.Capacity) }),
                }))} />
              <ReportTable caption={t('cinema.tableCaption', { date: formatDayMonthYear(s.date) })} filename={`sales-by-cinema-${s.date}`} rows={s.locations} rowKey={(r) => r.LocationId}
                basis={t('basis.seats')}
                columns={[
                  { key: 'name', header: t('cols.location'), rowHeader: true, value: nameOf,
                    render: (r) => (r.LocationId === ALL_CINEMAS_ID ? <>{nameOf(r)}{excludedName(s.locations) && <small className={styles.note}> {t('cinema.allCinemasWithout', { name: excludedName(s.locations) })}</small>}</> : <Link to={`/cinema/${s.date}/${r.LocationId}`}>{r.Name}</Link>) },
                  { key: 'cap', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
                  { key: 'sold', header: t('cols.sold'), numeric: true, value: (r) => r.Sold, render: (r) => num(r.Sold) },
                  { key: 'held', header: t('cols.held'), numeric: true, value: heldOf, render: (r) => num(heldOf(r)) },
                  { key: 'avail', header: t('cols.availability'), numeric: true, value: (r) => r.Availability, render: (r) => num(r.Availability) },
                  { key: 'pct', header: t('cols.percentageSold'), numeric: true, value: (r) => (r.Capacity ? Math.round((r.Sold * 100) / r.Capacity) : 0),
                    render: (r) => pct(r.Capacity ? Math.round((r.Sold * 100) / r.Capacity) : 0) },
                ]} />
              {excludedName(s.locations) && <p className={styles.note} data-testid="all-cinemas-note">{t('cinema.allCinemasNote', { name: excludedName(s.locations) })}</p>}
            </>
          )}
        </Loadable>
      )}
    </section>
  );
}
