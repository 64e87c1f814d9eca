import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Field, publish, rules } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { cartActions } from '../cart/cartSlice';
import { useStartupConfigQuery } from '../api/orderApi';
import { useEdocumentQuery, useSendTicketsMutation } from '../api/checkoutApi';
import { checkoutActions } from '../checkout/checkoutSlice';
import { failureText } from '../checkout/errors';
import { useCheckoutDispatch, useCheckoutSelector } from '../checkout/hooks';
import { clearIdempotencyKey } from '../checkout/idempotency';
import { OrderSummaryView } from '../checkout/OrderSummaryView';
import { usePersistCheckout } from '../checkout/persist';
import { writeMiniSite } from '../minisite/miniSiteSession';
import { TicketActions } from '../edocument/TicketActions';
import { QrCode } from './QrCode';
import { DonationOffer } from './DonationOffer';
import styles from './confirmation.module.css';

/**
 * /order/confirmation (issue 4 §7): reservation number, seats, totals, QR code, e-ticket link,
 * the api's calendar.ics and sharing (issue 16 §6), tickets by SMS; for a hold order the box-office note. Publishes order:committed
 * (once, by the commit) and cart:cleared here; "new order" resets, optionally keeping customer info.
 */
export function Confirmation() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const dispatch = useCheckoutDispatch();
  usePersistCheckout();
  const reservation = useCheckoutSelector((s) => s.checkout.reservation);
  const savedMobile = useCheckoutSelector((s) => s.checkout.customerInfo?.mobileNumber ?? '');
  const cartHasSeats = useCheckoutSelector((s) => Object.keys(s.cart.presentations).length > 0);
  const { data: config } = useStartupConfigQuery();
  const { data: doc } = useEdocumentQuery({ documentKey: reservation?.documentKey ?? '', locale: i18n.language }, { skip: !reservation });
  const [send, sendState] = useSendTicketsMutation();
  const [mobile, setMobile] = useState(savedMobile);
  const [mobileError, setMobileError] = useState<{ key: string } | undefined>();
  const [sent, setSent] = useState(false);
  const [keepInfo, setKeepInfo] = useState(true);
  // The choice applies at once (QA: unticked, then a new order started from the header menu, not "New order", was
  // still filled in on a shared phone); ticked again, the details come back.
  const customerInfo = useCheckoutSelector((s) => s.checkout.customerInfo);
  const keptInfo = useRef(customerInfo);
  const chooseKeepInfo = (keep: boolean) => {
    setKeepInfo(keep);
    if (!keep) dispatch(checkoutActions.forgetCustomerInfo());
    else if (keptInfo.current) dispatch(checkoutActions.setCustomerInfo(keptInfo.current));
  };
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The sale is done: the cart is empty now (the badge follows through the bus).
  useEffect(() => {
    if (!reservation) return;
    headingRef.current?.focus();
    if (cartHasSeats) dispatch(cartActions.reset());
    clearIdempotencyKey(); // the next order gets its own key
    writeMiniSite(undefined); // the mini-site order is over
    publish('cart:cleared', { kind: 'tickets', reason: 'committed' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reservation?.reservationIdentifier]);

  if (!reservation) {
    return (
      <section className="tx-page">
        <p role="alert">{t('confirmation.none')}</p>
        <Link to="/order">{t('confirmation.newOrder')}</Link>
      </section>
    );
  }

  const first = reservation.order.presentations[0];
  const minutes = config?.config.limits.holdCollectMinutesBefore ?? 30;

  const sendSms = async (e: FormEvent) => {
    e.preventDefault();
    if (sendState.isLoading) return;
    const m = rules.normalizeMobile(mobile);
    const err = rules.validate(m, [rules.required, rules.mobile]);
    setMobileError(err);
    if (err) return;
    setSent(false);
    try {
      await send({ resId: reservation.reservationIdentifier, mobileNumber: m }).unwrap();
      setSent(true);
    } catch { /* shown below from sendState.error */ }
  };

  const newOrder = () => {
    clearIdempotencyKey();
    writeMiniSite(undefined);
    dispatch(checkoutActions.resetCheckout({ keepCustomerInfo: keepInfo }));
    dispatch(cartActions.reset());
    publish('cart:cleared', { kind: 'tickets', reason: 'reset' });
    navigate('/order');
  };

  return (
    <section className="tx-page" aria-labelledby="confirmation-title" data-testid="confirmation">
      <h1 id="confirmation-title" ref={headingRef} tabIndex={-1}>{t(reservation.isHold ? 'confirmation.titleHold' : 'confirmation.title')}</h1>
      <p className={styles.number}>
        {t('confirmation.reservationNumber')} <strong data-testid="reservation-number">{reservation.reservationIdentifier}</strong>
      </p>
      {reservation.isHold && (
        <p className={`tx-card ${styles.hold}`} data-testid="hold-note">{t('confirmation.holdNote', { minutes })}</p>
      )}
      {reservation.order.presentations.some((p) => p.isVod) && (
        // a title to watch at home is played from the customer area (the buyer is signed in: the api sells it to no one else)
        <p className={`tx-card ${styles.hold}`} data-testid="vod-note">
          {t('edocument.notes.vod')} <a data-spa href="/customer">{t('confirmation.toCustomerArea')}</a>
        </p>
      )}
      <div className={styles.layout}>
        <div>
          <OrderSummaryView order={reservation.order} />
        </div>
        <aside className={`tx-card ${styles.side}`}>
          {doc?.edocument.qrSvg && <QrCode svg={doc.edocument.qrSvg} label={t('confirmation.qrAlt', { reservation: reservation.reservationIdentifier })} />}
          <Link className="tx-btn" to={`/edocument/${reservation.documentKey}`} data-testid="eticket-link">{t('confirmation.eticket')}</Link>
          <TicketActions documentKey={reservation.documentKey} title={first?.featureName ?? reservation.reservationIdentifier} calendar={!reservation.order.presentations.every((p) => p.isVod)} />
          <form onSubmit={(e) => void sendSms(e)} noValidate className={styles.sms}>
            <Field id="sms-mobile" type="tel" dir="ltr" label={t('confirmation.smsMobile')} value={mobile} error={mobileError} onChange={(e) => setMobile(e.target.value)} onBlur={() => setMobile(rules.normalizeMobile(mobile))} />
            {/* not disabled while sending: a disabled button under the focus dropped it to the page's body */}
            <button type="submit" className="tx-btn tx-btn-secondary" aria-disabled={sendState.isLoading || undefined} data-testid="send-sms">{t('confirmation.sendSms')}</button>
            {sent && <p role="status" className={styles.ok} data-testid="sms-sent">{t('confirmation.smsSent')}</p>}
            {sendState.error && !sent && <p role="alert" className="tx-error">{failureText(t, sendState.error)}</p>}
          </form>
        </aside>
      </div>
      <DonationOffer />
      <div className={styles.reset}>
        <div className="tx-check">
          <input id="keep-info" type="checkbox" checked={keepInfo} onChange={(e) => chooseKeepInfo(e.target.checked)} />
          <label htmlFor="keep-info">{t('confirmation.keepInfo')}</label>
        </div>
        <button type="button" className="tx-btn" onClick={newOrder} data-testid="new-order">{t('confirmation.newOrder')}</button>
      </div>
    </section>
  );
}
