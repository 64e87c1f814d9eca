import { useTranslation } from 'react-i18next';
import { formatDayMonthYearTime, percentOf, type Column, type PresentationBoxRow } from '@ticketing/shared';
import { ReportTable, totalCell } from '../lib/ReportTable';
import { money, num, pct } from '../lib/format';
import { NAMESPACE } from '../locales';

/** The sums of presentation box rows, in agorot for the money (no float drift over hundreds of rows). */
export function boxTotals(rows: PresentationBoxRow[]) {
  const s = rows.reduce((a, r) => ({ cap: a.cap + r.Capacity, held: a.held + r.HeldQuantity, sold: a.sold + r.SoldQuantity, rev: a.rev + Math.round(r.Revenue * 100) }),
    { cap: 0, held: 0, sold: 0, rev: 0 });
  return { ...s, rev: s.rev / 100 };
}

/**
 * Presentation box rows: date-time dd/mm/yyyy hh:mm, Capacity, HeldQuantity, SoldQuantity, integer % held / sold, and
 * revenue; with `withTotal` a total row over every row (all pages), and under the table what the figures count.
 */
export function BoxTable({ caption, rows, filename, show = ['location', 'feature', 'venue'], withTotal = false }: {
  caption: string; rows: PresentationBoxRow[]; filename: string; show?: Array<'location' | 'feature' | 'venue'>; withTotal?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const columns: Column<PresentationBoxRow>[] = [
    { key: 'dt', header: t('cols.dateTime'), rowHeader: true, value: (r) => formatDayMonthYearTime(r.PresentationDateTime) },
    ...(show.includes('location') ? [{ key: 'loc', header: t('cols.location'), value: (r: PresentationBoxRow) => r.LocationName }] : []),
    ...(show.includes('feature') ? [{ key: 'feat', header: t('cols.feature'), value: (r: PresentationBoxRow) => r.FeatureName }] : []),
    ...(show.includes('venue') ? [{ key: 'venue', header: t('cols.venue'), value: (r: PresentationBoxRow) => r.VenueName }] : []),
    { key: 'cap', header: t('cols.capacity'), numeric: true, value: (r) => r.Capacity, render: (r) => num(r.Capacity) },
    { key: 'held', header: t('cols.held'), numeric: true, value: (r) => r.HeldQuantity, render: (r) => num(r.HeldQuantity) },
    { key: 'sold', header: t('cols.sold'), numeric: true, value: (r) => r.SoldQuantity, render: (r) => num(r.SoldQuantity) },
    { key: 'ph', header: t('cols.percentageHeld'), numeric: true, value: (r) => r.percentageHeld, render: (r) => pct(r.percentageHeld) },
    { key: 'ps', header: t('cols.percentageSold'), numeric: true, value: (r) => r.percentageSold, render: (r) => pct(r.percentageSold) },
    { key: 'rev', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
  ];
  const s = boxTotals(rows);
  const total = withTotal && rows.length > 1 ? {
    label: t('total.screenings', { n: num(rows.length) }),
    values: {
      cap: totalCell(num, s.cap), held: totalCell(num, s.held), sold: totalCell(num, s.sold),
      ph: totalCell(pct, percentOf(s.held, s.cap)), ps: totalCell(pct, percentOf(s.sold, s.cap)), rev: totalCell(money, s.rev),
    },
  } : undefined;
  return <ReportTable caption={caption} filename={filename} rows={rows} rowKey={(r) => r.PresentationId} columns={columns} total={total} basis={t('basis.screenings')} />;
}
