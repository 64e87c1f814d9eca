import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatDayMonthYear, formatMoney, publish } from '@ticketing/shared';
import { NAMESPACE } from './locales';
import { useVouchersSelector } from './hooks';
import { GiftEmailForm } from './GiftEmailForm';
import { useVoucherProductsQuery, useVouchersQuery } from './api';
import { VoucherOrderSummary } from './VoucherOrderSummary';

/**
 * /vouchers/confirmation: each voucher's code with its QR, a printable gift page that the site e-mails to whom the
 * buyer names; the products bought with them; usable at once as a voucher payment.
 */
export function ConfirmationPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const result = useVouchersSelector((s) => s.purchase.result);
  // The names in the language shown now (the stored result has those of the purchase's language).
  const catalog = useVouchersQuery({ locale: i18n.language }, { skip: !result });
  const products = useVoucherProductsQuery({ locale: i18n.language }, { skip: !result?.products.length });
  const voucherName = (v: { systemVoucherId?: number; name: string }) => catalog.data?.vouchers.find((c) => c.SystemVoucherId === v.systemVoucherId)?.Name ?? v.name;
  const productName = (p: { productId: number; name: string }) => products.data?.products.find((c) => c.id === p.productId)?.name ?? p.name;
  const buyer = useVouchersSelector((s) => s.purchase.giftFor);
  const heading = useRef<HTMLHeadingElement>(null);
  const locale = currentLocale();
  useEffect(() => {
    if (!result) return;
    heading.current?.focus();
    publish('cart:cleared', { kind: 'vouchers', reason: 'committed' });
  }, [result]);
  if (!result) {
    return <section className="tx-page"><p role="alert">{t('confirmation.none')}</p><Link to="/vouchers">{t('buy.backToList')}</Link></section>;
  }
  return (
    <section className="tx-page" aria-labelledby="vc-title" data-testid="voucher-confirmation">
      <h1 id="vc-title" ref={heading} tabIndex={-1}>{t('confirmation.title')}</h1>
      <p>{t('confirmation.number')} <strong>{result.purchaseIdentifier}</strong> · {t('buy.total')} {formatMoney(result.total, locale)}</p>
      <p>{t('confirmation.useNow')}</p>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
        {result.vouchers.map((v) => (
          <li key={v.reference} className="tx-card" data-testid="issued-voucher" style={{ breakInside: 'avoid' }}>
            <h2>{voucherName(v)}</h2>
            {buyer?.recipientName && <p>{t('confirmation.for', { name: buyer.recipientName })}</p>}
            {buyer?.greeting && <p><em>{buyer.greeting}</em></p>}
            <p>{t('confirmation.code')} <strong dir="ltr" data-testid="voucher-code">{v.reference}</strong></p>
            <p>{t('confirmation.value', { amount: formatMoney(v.amount, locale) })} · {t('confirmation.validUntil', { date: formatDayMonthYear(v.validUntil) })}</p>
            <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(v.qrSvg)}`} alt={t('confirmation.qrAlt', { code: v.reference })} width={160} height={160} />
            <GiftEmailForm purchaseIdentifier={result.purchaseIdentifier} reference={v.reference} />
          </li>
        ))}
      </ul>
      {result.products.length > 0 && (
        <section aria-labelledby="vc-order">
          <h2 id="vc-order">{t('confirmation.order')}</h2>
          {/* Each issued voucher is a line of its own: the api's amounts as they are, nothing summed here. */}
          <VoucherOrderSummary
            order={{
              ...result, products: result.products.map((p) => ({ ...p, name: productName(p) })),
              lines: result.vouchers.map((v) => ({ systemVoucherId: v.systemVoucherId ?? 0, name: voucherName(v), unitPrice: v.amount, quantity: 1, total: v.amount })),
            }}
            testId="confirmation-summary" totalTestId="confirmation-total"
          />
        </section>
      )}
      <p className="vouchers-no-print" style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
        <button type="button" className="tx-btn" onClick={() => window.print()}>{t('confirmation.print')}</button>
        <a className="tx-btn tx-btn-secondary" href="/order" data-spa>{t('confirmation.toOrder')}</a>
        <Link className="tx-btn tx-btn-secondary" to="/vouchers">{t('confirmation.more')}</Link>
      </p>
    </section>
  );
}
