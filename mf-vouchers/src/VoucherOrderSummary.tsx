import { useTranslation } from 'react-i18next';
import type { PricedVoucherProduct, VoucherQuoteResponse } from '@ticketing/shared';
import { NAMESPACE } from './locales';
import { OrderSummary } from './OrderSummary';

interface Props {
  /** The api's priced order (a quote, or the purchase's vouchers and products on the confirmation). */
  order: Pick<VoucherQuoteResponse, 'lines' | 'deliveryMethod' | 'total'> & { products: PricedVoucherProduct[] };
  testId: string;
  totalTestId: string;
}

/** A voucher order's summary: the vouchers, then the products and how a delivered one comes. */
export function VoucherOrderSummary({ order, testId, totalTestId }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const hasProducts = order.products.length > 0;
  return (
    <>
      <OrderSummary
        caption={t('buy.summary')} testId={testId} totalTestId={totalTestId} total={order.total}
        headings={{ item: t(hasProducts ? 'buy.item' : 'buy.voucher'), unit: t('buy.unit'), qty: t('buy.qty'), lineTotal: t('buy.lineTotal'), total: t('buy.total') }}
        groups={[
          { title: hasProducts ? t('buy.vouchersGroup') : undefined, rows: order.lines.map((l) => ({ name: l.name, unit: l.unitPrice, quantity: l.quantity, total: l.total })) },
          { title: t('buy.productsGroup'), rows: order.products.map((p) => ({ name: p.name, unit: p.unitPrice, quantity: p.quantity, total: p.total })) },
        ]}
      />
      {order.deliveryMethod && <p data-testid="voucher-delivery">{t('products.deliveryMethod')}: {t(`products.delivery.${order.deliveryMethod}`)}</p>}
    </>
  );
}
