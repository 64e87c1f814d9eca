import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addDays, jerusalemDate, type DrillBy, type ProductSalesRow } from '@ticketing/shared';
import {
  useAttendanceByDateQuery, useAttendanceByLocationQuery, useAttendanceByShowTimeQuery, useConcessionsQuery, useFilterDataQuery,
  useSalesByPosQuery, useTopFeaturesQuery,
} from '../dashboardApi';
import { BarChart, LineChart } from '../lib/charts';
import { formatDayMonthYear, type Column } from '@ticketing/shared';
import { DateRange, DayInput, useDateRange, useDay, type Range } from '../lib/DateRange';
import { Loadable } from '../lib/Loadable';
import { LocationSelect } from '../lib/LocationSelect';
import { ReportTable, totalCell } from '../lib/ReportTable';
import { idParam, useQueryParams } from '../lib/query';
import { money, num } from '../lib/format';
import { BoxTable } from './BoxTable';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

export const REPORTS = ['attendanceByDate', 'attendanceByLocation', 'showTimeByVenue', 'showTimeByFeature', 'filterData', 'concessions', 'salesByPos', 'topFeatures'] as const;
export type ReportKind = (typeof REPORTS)[number];
const isReport = (s: string | null): s is ReportKind => (REPORTS as readonly string[]).includes(s ?? '');

/**
 * Report screens (spec section 2): attendance, show times, filter data, concessions, points of sale, top ten features.
 * The report, its dates and its cinema are in the address (?report=&from=&to=&date=&location=): a reload keeps them.
 * Each report says under its table what it counts (fifteenth session: the reports seemed to disagree).
 */
export function Reports() {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const [params, setParams] = useQueryParams();
  const report = params.get('report');
  const kind: ReportKind = isReport(report) ? report : 'attendanceByDate';
  const { range, ready: rangeReady, field: rangeField } = useDateRange({ startDate: addDays(today, -30), endDate: today });
  const { day, ready: dayReady, field: dayField } = useDay(today);
  const filtersQ = useFilterDataQuery();
  const locationId = idParam(params.get('location'));
  const needsRange = ['attendanceByDate', 'concessions', 'salesByPos', 'topFeatures'].includes(kind);
  const needsDate = ['attendanceByLocation', 'showTimeByVenue', 'showTimeByFeature'].includes(kind);
  const needsLocation = ['showTimeByVenue', 'showTimeByFeature'].includes(kind);
  const optionalLocation = ['concessions', 'salesByPos', 'topFeatures'].includes(kind);
  const firstLocation = filtersQ.data?.locations[0]?.LocationId;
  const args = { ...range, locationId };

  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title">{t('reports.title')}</h2>
      <div className={styles.filters}>
        <label className={styles.field}>{t('reports.kind')}{' '}
          <select value={kind} onChange={(e) => setParams({ report: e.target.value === 'attendanceByDate' ? undefined : e.target.value })}>
            {REPORTS.map((k) => <option key={k} value={k}>{t(`reports.${k}`)}</option>)}
          </select>
        </label>
        {needsDate && <DayInput label={t('cinema.date')} {...dayField} />}
        {(needsLocation || optionalLocation) && (
          <LocationSelect value={locationId ?? (needsLocation ? firstLocation ?? '' : '')} allowAll={optionalLocation} onChange={(location) => setParams({ location })} />
        )}
      </div>
      {needsRange && <DateRange {...rangeField} />}
      {needsRange && rangeReady && (
        <>
          {kind === 'attendanceByDate' && <AttendanceByDate range={range} />}
          {kind === 'concessions' && <Concessions args={args} />}
          {kind === 'salesByPos' && <SalesByPos args={args} />}
          {kind === 'topFeatures' && <TopFeatures args={args} />}
        </>
      )}
      {needsDate && dayReady && (
        <>
          {kind === 'attendanceByLocation' && <AttendanceByLocation date={day} />}
          {needsLocation && (locationId ?? firstLocation) !== undefined && (
            <ShowTimes date={day} locationId={(locationId ?? firstLocation)!} by={kind === 'showTimeByVenue' ? 'venue' : 'feature'} />
          )}
        </>
      )}
      {kind === 'filterData' && <Loadable q={filtersQ}>{(f) => (
        <div className={styles.columns}>
          <ReportTable caption={t('reports.locations')} filename="filter-locations" rows={f.locations} rowKey={(r) => r.LocationId}
            columns={[{ key: 'id', header: t('cols.id'), numeric: true, value: (r) => r.LocationId }, { key: 'n', header: t('cols.location'), rowHeader: true, value: (r) => r.Name }]} />
          {/* A product class's id is the products' category code (drinks, food…), not a figure a manager looks up: the
              table names each class in the page's language (the api names them in Hebrew or English only). */}
          <ReportTable caption={t('reports.productClasses')} filename="filter-product-classes" rows={f.productClasses} rowKey={(r) => r.ProductClassId}
            columns={[{ key: 'n', header: t('cols.name'), rowHeader: true, value: (r) => t(`productClass.${r.ProductClassId}`, { defaultValue: r.Name }) }]} />
          <ReportTable caption={t('reports.weekendDays')} filename="filter-weekend-days" rows={f.weekendDays} rowKey={(r) => r}
            columns={[{ key: 'd', header: t('cols.day'), rowHeader: true, value: (r) => t(`weekday.${r}`) }]} />
        </div>
      )}</Loadable>}
    </section>
  );
}

/**
 * Attendance by date: the line over time, the table newest day first (fifteenth session: the last month opened on
 * ten days before the first screening, all zero) with the range's total.
 */
function AttendanceByDate({ range }: { range: Range }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useAttendanceByDateQuery(range);
  return (
    <Loadable q={q}>{(d) => {
      const sum = (k: 'SoldQuantity' | 'HeldQuantity' | 'Capacity') => d.rows.reduce((a, r) => a + r[k], 0);
      return (
        <>
          <LineChart title={t('reports.attendanceByDate')} points={d.rows.map((r) => ({ x: r.BusinessDate, y: r.SoldQuantity }))} valueLabel={(v) => num(v)} />
          <ReportTable caption={t('reports.attendanceByDateCaption', { start: formatDayMonthYear(range.startDate), end: formatDayMonthYear(range.endDate) })} filename={`attendance-${range.startDate}-${range.endDate}`}
            rows={[...d.rows].reverse()} rowKey={(r) => r.BusinessDate} basis={t('basis.seats')}
            total={{ label: t('total.all', { n: num(d.rows.length) }), values: { s: totalCell(num, sum('SoldQuantity')), h: totalCell(num, sum('HeldQuantity')), c: totalCell(num, sum('Capacity')) } }}
            columns={[
              { key: 'd', header: t('cols.businessDate'), rowHeader: true, value: (r) => formatDayMonthYear(r.BusinessDate) },
              { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.SoldQuantity, render: (r) => num(r.SoldQuantity) },
              { key: 'h', header: t('cols.held'), numeric: true, value: (r) => r.HeldQuantity, render: (r) => num(r.HeldQuantity) },
              { key: 'c', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
            ]} />
        </>
      );
    }}</Loadable>
  );
}

function AttendanceByLocation({ date }: { date: string }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useAttendanceByLocationQuery(date);
  return (
    <Loadable q={q}>{(d) => {
      const sum = (k: 'Presentations' | 'Capacity' | 'HeldQuantity' | 'SoldQuantity') => d.rows.reduce((a, r) => a + r[k], 0);
      return (
        <ReportTable caption={t('reports.attendanceByLocationCaption', { date: formatDayMonthYear(date) })} filename={`attendance-by-location-${date}`} rows={d.rows} rowKey={(r) => r.LocationId}
          basis={t('basis.seats')}
          total={d.rows.length > 1 ? { label: t('total.all', { n: num(d.rows.length) }), values: { n: totalCell(num, sum('Presentations')), c: totalCell(num, sum('Capacity')), h: totalCell(num, sum('HeldQuantity')), s: totalCell(num, sum('SoldQuantity')) } } : undefined}
          columns={[
            { key: 'l', header: t('cols.location'), rowHeader: true, value: (r) => r.LocationName, render: (r) => <Link to={`/cinema/${date}/${r.LocationId}`}>{r.LocationName}</Link> },
            { key: 'n', header: t('cols.presentations'), numeric: true, value: (r) => r.Presentations },
            { key: 'c', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
            { key: 'h', header: t('cols.held'), numeric: true, value: (r) => r.HeldQuantity, render: (r) => num(r.HeldQuantity) },
            { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.SoldQuantity, render: (r) => num(r.SoldQuantity) },
          ]} />
      );
    }}</Loadable>
  );
}

function ShowTimes({ date, locationId, by }: { date: string; locationId: number; by: DrillBy }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useAttendanceByShowTimeQuery({ date, locationId, by });
  return (
    <Loadable q={q}>{(d) => (
      <>
        {d.groups.length === 0 && <p>{t('common:table.empty')}</p>}
        {d.groups.map((g) => (
          <BoxTable key={g.Id} caption={g.Name} filename={`show-times-${by}-${g.Id}-${date}`} rows={g.rows} show={by === 'venue' ? ['feature'] : ['venue']} />
        ))}
      </>
    )}</Loadable>
  );
}

function Concessions({ args }: { args: { startDate: string; endDate: string; locationId?: number } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useConcessionsQuery(args);
  const leastId = useId();
  const cols: Column<ProductSalesRow>[] = [
    { key: 'p', header: t('cols.product'), rowHeader: true, value: (r) => r.ProductName },
    { key: 'q', header: t('cols.quantity'), numeric: true, value: (r) => r.Quantity, render: (r) => num(r.Quantity) },
    { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
  ];
  return (
    <Loadable q={q}>{(d) => (
      <>
      <div className={styles.columns}>
        <ReportTable caption={t('reports.concessionsMost')} filename={`concessions-most-${args.startDate}-${args.endDate}`} rows={d.most} rowKey={(r) => r.ProductId} columns={cols} />
        {d.least.length === 0 && d.most.length > 0 ? (
          // The least sold list leaves out the most sold ten (the api): with ten products or fewer it is empty.
          <section aria-labelledby={leastId}>
            <h3 id={leastId} className={styles.subheading}>{t('reports.concessionsLeast')}</h3>
            <p className={styles.note} data-testid="concessions-least-none">{t('reports.concessionsAllInTop', { n: num(d.most.length) })}</p>
          </section>
        ) : (
          <ReportTable caption={t('reports.concessionsLeast')} filename={`concessions-least-${args.startDate}-${args.endDate}`} rows={d.least} rowKey={(r) => r.ProductId} columns={cols} />
        )}
      </div>
      <p className={styles.note} data-testid="report-basis">{t('basis.concessions')}</p>
      </>
    )}</Loadable>
  );
}

/**
 * Sales by point of sale, with the range's total: orders and revenue are whole orders (tickets, video on demand, service
 * charges, booking fees, concessions: more than the screenings' ticket revenue), tickets are seats in halls — as
 * attendance counts them. The line under the table says so.
 */
function SalesByPos({ args }: { args: { startDate: string; endDate: string; locationId?: number } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useSalesByPosQuery(args);
  return (
    <Loadable q={q}>{(d) => {
      const orders = d.rows.reduce((a, r) => a + r.Reservations, 0);
      const tickets = d.rows.reduce((a, r) => a + r.Tickets, 0);
      const revenue = d.rows.reduce((a, r) => a + Math.round(r.Revenue * 100), 0) / 100;
      return (
        <>
          <BarChart title={t('reports.salesByPos')} bars={d.rows.map((r) => ({ key: r.PosId, label: r.PosName, value: r.Revenue, valueText: money(r.Revenue) }))} />
          <ReportTable caption={t('reports.salesByPos')} filename={`sales-by-pos-${args.startDate}-${args.endDate}`} rows={d.rows} rowKey={(r) => r.PosId}
            basis={t('basis.salesByPos')}
            total={{ label: t('total.all', { n: num(d.rows.length) }), values: { n: totalCell(num, orders), t: totalCell(num, tickets), r: totalCell(money, revenue) } }}
            columns={[
              { key: 'p', header: t('cols.pos'), rowHeader: true, value: (r) => r.PosName },
              { key: 'k', header: t('cols.kind'), value: (r) => t(`posKind.${r.Kind}`) },
              { key: 'l', header: t('cols.location'), value: (r) => r.LocationName },
              { key: 'n', header: t('cols.reservations'), numeric: true, value: (r) => r.Reservations, render: (r) => num(r.Reservations) },
              { key: 't', header: t('cols.tickets'), numeric: true, value: (r) => r.Tickets, render: (r) => num(r.Tickets) },
              { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
            ]} />
        </>
      );
    }}</Loadable>
  );
}

/** Top ten films by seats in halls sold in the range (sale days), as Films and screenings counts them. */
function TopFeatures({ args }: { args: { startDate: string; endDate: string; locationId?: number } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useTopFeaturesQuery(args);
  return (
    <Loadable q={q}>{(d) => (
      <>
        <BarChart title={t('reports.topFeatures')} bars={d.rows.map((r) => ({ key: r.FeatureId, label: r.FeatureName, value: r.Tickets, valueText: num(r.Tickets) }))} />
        <ReportTable caption={t('reports.topFeatures')} filename={`top-features-${args.startDate}-${args.endDate}`} rows={d.rows} rowKey={(r) => r.FeatureId}
          basis={t('basis.topFeatures')}
          columns={[
            { key: 'f', header: t('cols.feature'), rowHeader: true, value: (r) => r.FeatureName },
            { key: 't', header: t('cols.tickets'), numeric: true, value: (r) => r.Tickets, render: (r) => num(r.Tickets) },
            { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
          ]} />
      </>
    )}</Loadable>
  );
}
