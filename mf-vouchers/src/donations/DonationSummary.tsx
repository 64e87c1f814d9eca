import { useTranslation } from 'react-i18next';
import type { DonationQuoteResponse } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { OrderSummary } from '../OrderSummary';

/** The api-priced donations (checkout and receipt): cause, amount, times, line total and the total. */
export function DonationSummary({ order, testId, totalTestId }: { order: Pick<DonationQuoteResponse, 'lines' | 'total'>; testId: string; totalTestId: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <OrderSummary
      caption={t('donations.summary')} testId={testId} totalTestId={totalTestId} total={order.total}
      headings={{ item: t('donations.cause'), unit: t('donations.amount'), qty: t('donations.qty'), lineTotal: t('donations.lineTotal'), total: t('donations.total') }}
      groups={[{ rows: order.lines.map((l) => ({ name: l.type, unit: l.amount, quantity: l.quantity, total: l.total })) }]}
    />
  );
}
