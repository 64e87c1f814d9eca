import { useTranslation } from 'react-i18next';
import { addDays, formatDayMonthYear, jerusalemDate } from '@ticketing/shared';
import { usePresentationSalesQuery } from '../dashboardApi';
import { DateRange, useDateRange } from '../lib/DateRange';
import { Loadable } from '../lib/Loadable';
import { BoxTable } from './BoxTable';
import { NAMESPACE } from '../locales';

/**
 * Sales by date: the presentation sales monitor over a date range (in the address: ?from=&to=), with a total row.
 * The api is asked only for a range it answers; otherwise the fields say why and no table shows.
 */
export function ByDate() {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const { range, ready, field } = useDateRange({ startDate: today, endDate: addDays(today, 2) });
  const q = usePresentationSalesQuery(range, { skip: !ready });
  return (
    <section aria-labelledby="by-date-title">
      <h2 id="by-date-title">{t('date.title')}</h2>
      <DateRange {...field} />
      {ready && (
        <Loadable q={q}>
          {(d) => <BoxTable caption={t('date.caption', { start: formatDayMonthYear(d.startDate), end: formatDayMonthYear(d.endDate) })} filename={`presentation-sales-${d.startDate}-${d.endDate}`} rows={d.rows} withTotal />}
        </Loadable>
      )}
    </section>
  );
}
