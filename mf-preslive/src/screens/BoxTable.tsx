import { useTranslation } from 'react-i18next';
import { formatDayMonthYearTime, type PresentationBoxRow } from '@ticketing/shared';
import { DataTable, type Column } from '@ticketing/shared';
import { money, num, pct } from '../lib/format';
import { NAMESPACE } from '../locales';

/** Presentation box rows: date-time dd/mm/yyyy hh:mm, Capacity, HeldQuantity, SoldQuantity, integer % held / sold. */
export function BoxTable({ caption, rows, filename, show = ['location', 'feature', 'venue'] }: {
  caption: string; rows: PresentationBoxRow[]; filename: string; show?: Array<'location' | 'feature' | 'venue'>;
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
  return <DataTable caption={caption} filename={filename} rows={rows} rowKey={(r) => r.PresentationId} columns={columns} />;
}
