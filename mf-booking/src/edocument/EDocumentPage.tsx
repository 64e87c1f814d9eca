import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner, eTicketState, formatDayMonthYear, formatLongDateTime, formatMoney, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useStartupConfigQuery } from '../api/orderApi';
import { useEdocumentQuery } from '../api/checkoutApi';
import { useLocale } from '../checkout/hooks';
import { QrCode } from '../confirmation/QrCode';
import { TicketActions } from './TicketActions';
import { ETicketTickets } from './ETicketTickets';
import styles from './edocument.module.css';

/**
 * /edocument/{documentKey} (spec section 2): the electronic ticket — reservation number, entrance,
 * venue, time, date, vouchers — with the scanned, past event (grace 0 minutes), cancelled and
 * not-found states and the collect-at-cashier notes.
 */
export function EDocumentPage() {
  const { documentKey = '' } = useParams();
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const { data, error, isLoading, refetch } = useEdocumentQuery({ documentKey, locale: i18n.language });
  const { data: config } = useStartupConfigQuery();
  // opened from the customer area: the way back is on the page, not only the browser's Back (QA, sixteenth session)
  const fromAccount = useSearchParams()[0].get('from') === 'account';

  if (isLoading) return <section className="tx-page"><Spinner /></section>;
  if (error) {
    const f = error as ApiFailure;
    const notFound = f.status === 404 || f.status === 400 || f.code === 'ORDER_NOT_FOUND' || f.code === 'NOT_FOUND';
    return (
      <section className="tx-page" data-testid="edocument" data-state="notFound">
        <div role="alert" className={`tx-card ${styles.state}`}>
          <h1>{t(notFound ? 'edocument.notFound' : 'edocument.error')}</h1>
          {/* not a dead end (QA, sixteenth session): where the right link is, and the ways on */}
          {notFound && <p>{t('edocument.notFoundHelp')}</p>}
          {notFound && (
            <p className={styles.ways}>
              <a className="tx-btn" data-spa href="/customer">{t('edocument.toAccount')}</a>
              <Link className="tx-btn tx-btn-secondary" to="/order">{t('edocument.toScreenings')}</Link>
            </p>
          )}
          {!notFound && <button type="button" className="tx-btn" onClick={() => void refetch()}>{t('common:actions.retry')}</button>}
        </div>
      </section>
    );
  }
  if (!data) return null;
  const d = data.edocument;
  // The api's own decision (shared eTicketState), applied again now: a ticket left open turns past at its start.
  const state = eTicketState({
    cancelled: d.isCancelled, scanned: d.isScanned, startsAt: d.dateTime, isVod: d.isVod,
    graceMinutes: config?.config.limits.pastEventGraceMinutes ?? 0,
  });

  return (
    <section className="tx-page" aria-labelledby="edoc-title" data-testid="edocument" data-state={state}>
      {fromAccount && <p className={styles.back}><a data-spa href="/customer">{t('edocument.backToAccount')}</a></p>}
      <article className={`tx-card ${styles.ticket} ${styles[state] ?? ''}`}>
        <header className={styles.header}>
          <h1 id="edoc-title">{d.featureName}</h1>
          <p>{t('edocument.reservation')} <strong data-testid="edoc-reservation">{d.reservationIdentifier}</strong></p>
        </header>
        {state !== 'valid' && <p role="status" className={styles.badge} data-testid="edoc-state">{t(`edocument.state.${state}`)}</p>}
        <dl className={styles.details}>
          <div><dt>{t('edocument.date')}</dt><dd>{formatDayMonthYear(d.date)}</dd></div>
          <div><dt>{t('edocument.time')}</dt><dd>{d.time}</dd></div>
          <div><dt>{t('edocument.location')}</dt><dd>{d.locationName}</dd></div>
          {!d.isVod && <div><dt>{t('edocument.venue')}</dt><dd>{d.venueName}</dd></div>}
          {!d.isVod && <div><dt>{t('edocument.entrance')}</dt><dd>{d.entrance}</dd></div>}
          {/* after a cancellation the total is what the order stands at now (the api's reckoning), and says so */}
          <div><dt>{t(d.tickets.some((tk) => tk.isCancelled) ? 'edocument.totalAfterCancel' : 'edocument.total')}</dt><dd data-testid="edoc-total">{formatMoney(d.totalAmount, locale)}</dd></div>
          {d.refundedAmount > 0 && <div><dt>{t('edocument.refunded')}</dt><dd data-testid="edoc-refunded">{formatMoney(d.refundedAmount, locale)}</dd></div>}
        </dl>
        <p className={styles.when}>{formatLongDateTime(d.dateTime, locale)}</p>
        {!d.isCancelled && d.qrSvg && <div className={styles.qr}><QrCode svg={d.qrSvg} label={t('edocument.qrAlt', { reservation: d.reservationIdentifier })} size={240} /></div>}
        {!d.isCancelled && <TicketActions documentKey={documentKey} title={d.featureName} calendar={!d.isVod} print />}
        <ETicketTickets d={d} />
        {d.vouchers.length > 0 && (
          <section aria-labelledby="edoc-vouchers">
            <h2 id="edoc-vouchers">{t('edocument.vouchers')}</h2>
            <ul>{d.vouchers.map((v) => <li key={v.reference}>{v.reference} · {formatMoney(v.amount, locale)}</li>)}</ul>
          </section>
        )}
        {d.products.length > 0 && (
          <section aria-labelledby="edoc-products">
            <h2 id="edoc-products">{t('edocument.products')}</h2>
            <ul>{d.products.map((p) => <li key={p.name}>{p.name} × {p.quantity}</li>)}</ul>
          </section>
        )}
        {(d.collectAtCashier || d.notes.length > 0 || d.isHold) && (
          <ul className={styles.notes} data-testid="edoc-notes">
            {d.isHold && <li>{t('edocument.holdNote', { minutes: 30, time: d.payBy ? formatLongDateTime(d.payBy, locale) : '' })}</li>}
            {d.collectAtCashier && !d.notes.length && <li>{t('edocument.collectAtCashier')}</li>}
            {d.notes.map((n) => <li key={n}>{t(n.includes(':') ? n : `booking:${n}`)}</li>)}
          </ul>
        )}
      </article>
    </section>
  );
}
