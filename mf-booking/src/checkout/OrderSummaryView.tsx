import { useTranslation } from 'react-i18next';
import { formatLongDateTime, formatMoney, type OrderSummary } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useLocale } from './hooks';
import styles from './checkout.module.css';

/** The priced order (spec 3 "Order"): tickets per presentation, products, service charge, booking fee and totals. */
export function OrderSummaryView({ order, caption }: { order: OrderSummary; caption?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const m = (x: number) => formatMoney(x, locale);
  return (
    <div className={styles.summary} data-testid="order-summary">
      {order.presentations.map((p) => (
        <table key={p.presentationId} className="tx-table">
          <caption className={styles.caption}>
            {caption ? `${caption} · ` : ''}{p.featureName} · {p.locationName} · {p.venueName} · {formatLongDateTime(p.dateTime, locale)}
          </caption>
          <thead>
            <tr><th scope="col">{t(p.isVod ? 'summary.viewing' : 'summary.seat')}</th><th scope="col">{t('summary.ticket')}</th><th scope="col">{t('summary.price')}</th></tr>
          </thead>
          <tbody>
            {p.tickets.map((tk, i) => (
              <tr key={`${tk.sectionId}-${tk.XCoordinate}-${tk.YCoordinate}-${i}`}>
                <td>{p.isVod ? t('summary.vod') : tk.RowName ? t('summary.seatName', { section: tk.SectionName ?? '', row: tk.RowName, seat: tk.SeatName ?? '' }) : t('summary.gaSeatName', { section: tk.SectionName ?? '', seat: tk.SeatName ?? '' })}</td>
                <td>{tk.ticketName}{tk.code ? ` (${tk.code})` : ''}{tk.addons.length ? ` + ${tk.addons.map((a) => a.name).join(', ')}` : ''}</td>
                <td>{tk.isMultiplyFactorSubTicket ? t('summary.included') : <>{tk.oldPrice > tk.price && <del className={styles.oldPrice}>{m(tk.oldPrice)}</del>} {m(tk.price)}</>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {order.products.length > 0 && (
        <table className="tx-table">
          <caption className={styles.caption}>{t('summary.products')}</caption>
          <tbody>
            {order.products.map((pr) => (
              <tr key={pr.id}><td>{pr.name}</td><td>× {pr.quantity}</td><td>{m(pr.total)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className={styles.totals}>
        <div><dt>{t(order.presentations.every((p) => p.isVod) ? 'summary.viewings' : 'summary.tickets', { count: order.totalTickets })}</dt><dd>{m(order.ticketsAmount)}</dd></div>
        {order.addons > 0 && <div><dt>{t('summary.addons')}</dt><dd>{m(order.addons)}</dd></div>}
        {order.glasses > 0 && <div><dt>{t('summary.glasses')}</dt><dd>{m(order.glasses)}</dd></div>}
        {order.productsAmount > 0 && <div><dt>{t('summary.products')}</dt><dd>{m(order.productsAmount)}</dd></div>}
        {order.serviceCharge > 0 && <div><dt>{t('summary.serviceCharge')}</dt><dd data-testid="summary-service-charge">{m(order.serviceCharge)}</dd></div>}
        {order.bookingFee > 0 && <div><dt>{t('summary.bookingFee')}</dt><dd>{m(order.bookingFee)}</dd></div>}
        <div className={styles.grand}><dt>{t('summary.total')}</dt><dd data-testid="summary-total">{m(order.totalAmount)}</dd></div>
        {order.voucherAmount > 0 && <div><dt>{t('summary.voucher')}</dt><dd data-testid="summary-voucher">{m(-order.voucherAmount)}</dd></div>}
        {!order.isHold && <div className={styles.grand}><dt>{t('summary.amountDue')}</dt><dd data-testid="summary-due">{m(order.amountDue)}</dd></div>}
        {!order.isHold && order.numberOfPayments > 1 && <div><dt>{t('summary.payments', { count: order.numberOfPayments })}</dt><dd>{order.payments.map(m).join(' + ')}</dd></div>}
      </dl>
    </div>
  );
}
