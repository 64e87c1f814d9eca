import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addDays, jerusalemDate, type DrillBy, type ProductSalesRow } from '@ticketing/shared';
import {
  useAttendanceByDateQuery, useAttendanceByLocationQuery, useAttendanceByShowTimeQuery, useConcessionsQuery, useFilterDataQuery,
  useSalesByPosQuery, useTopFeaturesQuery,
} from '../dashboardApi';
import { BarChart, LineChart } from '../lib/charts';
import { DataTable, DateInput, formatDayMonthYear, type Column } from '@ticketing/shared';
import { DateRange } from '../lib/DateRange';
import { Loadable } from '../lib/Loadable';
import { money, num } from '../lib/format';
import { BoxTable } from './BoxTable';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

export const REPORTS = ['attendanceByDate', 'attendanceByLocation', 'showTimeByVenue', 'showTimeByFeature', 'filterData', 'concessions', 'salesByPos', 'topFeatures'] as const;
export type ReportKind = (typeof REPORTS)[number];

/** Report screens (spec section 2): attendance, show times, filter data, concessions, points of sale, top ten features. */
export function Reports() {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const [kind, setKind] = useState<ReportKind>('attendanceByDate');
  const [range, setRange] = useState({ startDate: addDays(today, -30), endDate: today });
  const [date, setDate] = useState(today);
  const filtersQ = useFilterDataQuery();
  const [locationId, setLocationId] = useState<number | undefined>();
  const needsRange = ['attendanceByDate', 'concessions', 'salesByPos', 'topFeatures'].includes(kind);
  const needsDate = ['attendanceByLocation', 'showTimeByVenue', 'showTimeByFeature'].includes(kind);
  const needsLocation = ['showTimeByVenue', 'showTimeByFeature'].includes(kind);
  const optionalLocation = ['concessions', 'salesByPos', 'topFeatures'].includes(kind);
  const firstLocation = filtersQ.data?.locations[0]?.LocationId;

  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title">{t('reports.title')}</h2>
      <div className={styles.filters}>
        <label className={styles.field}>{t('reports.kind')}{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as ReportKind)}>
            {REPORTS.map((k) => <option key={k} value={k}>{t(`reports.${k}`)}</option>)}
          </select>
        </label>
        {needsDate && (
          <label className={styles.field}>{t('cinema.date')}{' '}
            <DateInput value={date} required onChange={setDate} />
          </label>
        )}
        {(needsLocation || optionalLocation) && (
          <label className={styles.field}>{t('cols.location')}{' '}
            <select value={locationId ?? (needsLocation ? firstLocation ?? '' : '')} onChange={(e) => setLocationId(e.target.value ? Number(e.target.value) : undefined)}>
              {optionalLocation && <option value="">{t('film.allLocations')}</option>}
              {(filtersQ.data?.locations ?? []).map((l) => <option key={l.LocationId} value={l.LocationId}>{l.Name}</option>)}
            </select>
          </label>
        )}
      </div>
      {needsRange && <DateRange {...range} onChange={setRange} />}
      {kind === 'attendanceByDate' && <AttendanceByDate range={range} />}
      {kind === 'attendanceByLocation' && <AttendanceByLocation date={date} />}
      {(kind === 'showTimeByVenue' || kind === 'showTimeByFeature') && (locationId ?? firstLocation) !== undefined && (
        <ShowTimes date={date} locationId={(locationId ?? firstLocation)!} by={kind === 'showTimeByVenue' ? 'venue' : 'feature'} />
      )}
      {kind === 'filterData' && <Loadable q={filtersQ}>{(f) => (
        <div className={styles.columns}>
          <DataTable caption={t('reports.locations')} filename="filter-locations" rows={f.locations} rowKey={(r) => r.LocationId}
            columns={[{ key: 'id', header: t('cols.id'), numeric: true, value: (r) => r.LocationId }, { key: 'n', header: t('cols.location'), rowHeader: true, value: (r) => r.Name }]} />
          {/* A product class's id is the products' category code (drinks, food…), not a figure a manager looks up: the
              table names each class in the page's language (the api names them in Hebrew or English only). */}
          <DataTable caption={t('reports.productClasses')} filename="filter-product-classes" rows={f.productClasses} rowKey={(r) => r.ProductClassId}
            columns={[{ key: 'n', header: t('cols.name'), rowHeader: true, value: (r) => t(`productClass.${r.ProductClassId}`, { defaultValue: r.Name }) }]} />
          <DataTable caption={t('reports.weekendDays')} filename="filter-weekend-days" rows={f.weekendDays} rowKey={(r) => r}
            columns={[{ key: 'd', header: t('cols.day'), rowHeader: true, value: (r) => t(`weekday.${r}`) }]} />
        </div>
      )}</Loadable>}
      {kind === 'concessions' && <Concessions args={{ ...range, locationId }} />}
      {kind === 'salesByPos' && <SalesByPos args={{ ...range, locationId }} />}
      {kind === 'topFeatures' && <TopFeatures args={{ ...range, locationId }} />}
    </section>
  );
}

function AttendanceByDate({ range }: { range: { startDate: string; endDate: string } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useAttendanceByDateQuery(range);
  return (
    <Loadable q={q}>{(d) => (
      <>
        <LineChart title={t('reports.attendanceByDate')} points={d.rows.map((r) => ({ x: r.BusinessDate, y: r.SoldQuantity }))} valueLabel={(v) => num(v)} />
        <DataTable caption={t('reports.attendanceByDateCaption', { start: formatDayMonthYear(range.startDate), end: formatDayMonthYear(range.endDate) })} filename={`attendance-${range.startDate}-${range.endDate}`}
          rows={d.rows} rowKey={(r) => r.BusinessDate} columns={[
            { key: 'd', header: t('cols.businessDate'), rowHeader: true, value: (r) => formatDayMonthYear(r.BusinessDate) },
            { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.SoldQuantity, render: (r) => num(r.SoldQuantity) },
            { key: 'h', header: t('cols.held'), numeric: true, value: (r) => r.HeldQuantity, render: (r) => num(r.HeldQuantity) },
            { key: 'c', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
          ]} />
      </>
    )}</Loadable>
  );
}

function AttendanceByLocation({ date }: { date: string }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useAttendanceByLocationQuery(date);
  return (
    <Loadable q={q}>{(d) => (
      <DataTable caption={t('reports.attendanceByLocationCaption', { date: formatDayMonthYear(date) })} filename={`attendance-by-location-${date}`} rows={d.rows} rowKey={(r) => r.LocationId}
        columns={[
          { key: 'l', header: t('cols.location'), rowHeader: true, value: (r) => r.LocationName, render: (r) => <Link to={`/cinema/${date}/${r.LocationId}`}>{r.LocationName}</Link> },
          { key: 'n', header: t('cols.presentations'), numeric: true, value: (r) => r.Presentations },
          { key: 'c', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
          { key: 'h', header: t('cols.held'), numeric: true, value: (r) => r.HeldQuantity, render: (r) => num(r.HeldQuantity) },
          { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.SoldQuantity, render: (r) => num(r.SoldQuantity) },
        ]} />
    )}</Loadable>
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
      <div className={styles.columns}>
        <DataTable caption={t('reports.concessionsMost')} filename={`concessions-most-${args.startDate}-${args.endDate}`} rows={d.most} rowKey={(r) => r.ProductId} columns={cols} />
        {d.least.length === 0 && d.most.length > 0 ? (
          // The least sold list leaves out the most sold ten (the api): with ten products or fewer it is empty.
          <section aria-labelledby={leastId}>
            <h3 id={leastId} className={styles.subheading}>{t('reports.concessionsLeast')}</h3>
            <p className={styles.note} data-testid="concessions-least-none">{t('reports.concessionsAllInTop', { n: num(d.most.length) })}</p>
          </section>
        ) : (
          <DataTable caption={t('reports.concessionsLeast')} filename={`concessions-least-${args.startDate}-${args.endDate}`} rows={d.least} rowKey={(r) => r.ProductId} columns={cols} />
        )}
      </div>
    )}</Loadable>
  );
}

function SalesByPos({ args }: { args: { startDate: string; endDate: string; locationId?: number } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useSalesByPosQuery(args);
  return (
    <Loadable q={q}>{(d) => (
      <>
        <BarChart title={t('reports.salesByPos')} bars={d.rows.map((r) => ({ key: r.PosId, label: r.PosName, value: r.Revenue, valueText: money(r.Revenue) }))} />
        <DataTable caption={t('reports.salesByPos')} filename={`sales-by-pos-${args.startDate}-${args.endDate}`} rows={d.rows} rowKey={(r) => r.PosId}
          columns={[
            { key: 'p', header: t('cols.pos'), rowHeader: true, value: (r) => r.PosName },
            { key: 'k', header: t('cols.kind'), value: (r) => t(`posKind.${r.Kind}`) },
            { key: 'l', header: t('cols.location'), value: (r) => r.LocationName },
            { key: 'n', header: t('cols.reservations'), numeric: true, value: (r) => r.Reservations, render: (r) => num(r.Reservations) },
            { key: 't', header: t('cols.tickets'), numeric: true, value: (r) => r.Tickets, render: (r) => num(r.Tickets) },
            { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
          ]} />
      </>
    )}</Loadable>
  );
}

function TopFeatures({ args }: { args: { startDate: string; endDate: string; locationId?: number } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useTopFeaturesQuery(args);
  return (
    <Loadable q={q}>{(d) => (
      <>
        <BarChart title={t('reports.topFeatures')} bars={d.rows.map((r) => ({ key: r.FeatureId, label: r.FeatureName, value: r.Tickets, valueText: num(r.Tickets) }))} />
        <DataTable caption={t('reports.topFeatures')} filename={`top-features-${args.startDate}-${args.endDate}`} rows={d.rows} rowKey={(r) => r.FeatureId}
          columns={[
            { key: 'f', header: t('cols.feature'), rowHeader: true, value: (r) => r.FeatureName },
            { key: 't', header: t('cols.tickets'), numeric: true, value: (r) => r.Tickets, render: (r) => num(r.Tickets) },
            { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
          ]} />
      </>
    )}</Loadable>
  );
}
