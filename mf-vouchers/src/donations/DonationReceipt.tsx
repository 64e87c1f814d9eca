import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatDayMonthYear, formatMoney, publish } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useVouchersSelector } from '../hooks';
import { DonationSummary } from './DonationSummary';
import styles from './donations.module.css';

/** /donations/receipt: the confirmation with a printable receipt (number, date, donor, what was given). */
export function DonationReceipt() {
  const { t } = useTranslation(NAMESPACE);
  const receipt = useVouchersSelector((s) => s.donation.receipt);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!receipt) return;
    heading.current?.focus();
    publish('order:committed', { reservationIdentifier: receipt.receiptNumber, kind: 'donations' });
    publish('cart:cleared', { kind: 'donations', reason: 'committed' });
  }, [receipt]);
  if (!receipt) {
    return <section className="tx-page"><p role="alert">{t('receipt.none')}</p><Link to="/donations">{t('donations.back')}</Link></section>;
  }
  return (
    <section className={`tx-page ${styles.receipt}`} aria-labelledby="receipt-title" data-testid="donation-receipt">
      <h1 id="receipt-title" ref={heading} tabIndex={-1}>{t('receipt.title')}</h1>
      <p>{t('receipt.thanks', { name: receipt.donor.firstName })}</p>
      {receipt.donor.email && <p>{t('receipt.emailed', { email: receipt.donor.email })}</p>}
      <article className="tx-card" aria-labelledby="receipt-doc">
        <h2 id="receipt-doc">{t('receipt.document')}</h2>
        <p data-testid="receipt-kind">{t('receipt.kind')}</p>
        <dl className={styles.receiptMeta}>
          <dt>{t('receipt.number')}</dt><dd data-testid="receipt-number">{receipt.receiptNumber}</dd>
          <dt>{t('receipt.date')}</dt><dd>{formatDayMonthYear(receipt.date)}</dd>
          <dt>{t('receipt.donor')}</dt><dd>{`${receipt.donor.firstName} ${receipt.donor.lastName}`.trim()}</dd>
          {/* the address reads left to right inside a value that lines up with the others (a dd dir=ltr stood apart in Hebrew) */}
          {receipt.donor.email && <><dt>{t('donations.fields.email')}</dt><dd><span dir="ltr">{receipt.donor.email}</span></dd></>}
          <dt>{t('receipt.causes')}</dt><dd>{[...new Set(receipt.lines.map((l) => l.type))].join(', ')}</dd>
          <dt>{t('receipt.total')}</dt><dd data-testid="receipt-amount">{formatMoney(receipt.total, currentLocale())}</dd>
          {receipt.payment?.last4 && <><dt>{t('receipt.paidBy')}</dt><dd data-testid="receipt-card">{t('receipt.card', { last4: receipt.payment.last4 })}</dd></>}
        </dl>
        <DonationSummary order={receipt} testId="receipt-summary" totalTestId="receipt-total" />
      </article>
      <p className={`${styles.actions} vouchers-no-print`}>
        <button type="button" className="tx-btn" onClick={() => window.print()}>{t('receipt.print')}</button>
        <a className="tx-btn tx-btn-secondary" href="/order" data-spa>{t('receipt.toOrder')}</a>
        <Link className="tx-btn tx-btn-secondary" to="/donations">{t('receipt.again')}</Link>
      </p>
    </section>
  );
}
