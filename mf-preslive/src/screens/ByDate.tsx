import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, formatDayMonthYear, jerusalemDate } from '@ticketing/shared';
import { usePresentationSalesQuery } from '../dashboardApi';
import { DateRange } from '../lib/DateRange';
import { Loadable } from '../lib/Loadable';
import { BoxTable } from './BoxTable';
import { NAMESPACE } from '../locales';

/** Sales by date: the presentation sales monitor over a date range. */
export function ByDate() {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const [range, setRange] = useState({ startDate: today, endDate: addDays(today, 2) });
  const q = usePresentationSalesQuery(range);
  return (
    <section aria-labelledby="by-date-title">
      <h2 id="by-date-title">{t('date.title')}</h2>
      <DateRange {...range} onChange={setRange} />
      <Loadable q={q}>
        {(d) => <BoxTable caption={t('date.caption', { start: formatDayMonthYear(d.startDate), end: formatDayMonthYear(d.endDate) })} filename={`presentation-sales-${d.startDate}-${d.endDate}`} rows={d.rows} />}
      </Loadable>
    </section>
  );
}
