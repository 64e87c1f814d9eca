import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner, formatMoney, paymentFailureKey, publish, useHostedPaymentMessages, type Cart, type Presentation } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { cartActions, checkoutCartActions } from '../cart/cartSlice';
import { useBuildCartMutation, useCurrentCustomerQuery, useStartupConfigQuery } from '../api/orderApi';
import { useCommitMutation, usePaymentFormMutation } from '../api/checkoutApi';
import { useSessionStatusMutation } from '../api/paymentsApi';
import { usePresentationQuery, useReleaseHoldsMutation } from '../api/seatsApi';
import { readMiniSite } from '../minisite/miniSiteSession';
import { buildCartPayload, CartBuildError } from './cartPayload';
import { checkoutActions, saveRestartedCheckout } from './checkoutSlice';
import { commitOrder, isRetryable } from './commit';
import { useOnline } from './useOnline';
import { failureCode, failureText } from './errors';
import { useCheckoutDispatch, useCheckoutSelector, useLocale } from './hooks';
import { clearIdempotencyKey, fingerprint } from './idempotency';
import { OrderSummaryView } from './OrderSummaryView';
import { usePersistCheckout } from './persist';
import { markOrderRestarted } from './restartNotice';
import { VoucherDialog } from './VoucherDialog';
import { BlikPayment, type BlikOutcome } from './payment/BlikPayment';
import { cancelHostedSession, frameFailed } from './payment/hostedSession';
import { activeProviders, PaymentMethodChooser } from './payment/PaymentMethodChooser';
import type { StepProps } from '../order/stepProps';
import styles from './checkout.module.css';

type Phase =
  | { kind: 'summary' }
  | { kind: 'form'; url: string; sessionId: string; failed: boolean; load: number }
  | { kind: 'leaving' }
  | { kind: 'blik'; sessionId: string }
  | { kind: 'committing' }
  | { kind: 'paymentError'; text: string }
  | { kind: 'commitError'; text: string; retryable: boolean; earlier?: { reservationIdentifier: string; documentKey: string | null } }
  | { kind: 'cancelled' };

export const RESTART_DELAY_MS = 2500;

/** Why a commit had no answer, said as it is: no connection, a server fault, or no answer at all. */
export function noAnswerText(error: unknown): string {
  const e = error as { status?: unknown; originalStatus?: unknown } | undefined;
  // a proxy's HTML 502 that did not parse still had a status: the server's fault, not the connection's
  if (typeof e?.status === 'number' || typeof e?.originalStatus === 'number') return 'payment.serverFault';
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'payment.offline' : 'payment.noResponse';
}

/**
 * Order summary and payment (issue 4 §4–6, §8): the api-priced cart, number of payments, the
 * voucher-payment dialog, the hold toggle for members, the hosted sandbox payment page in an
 * iframe (messages accepted only from the api origin), then the idempotent commit.
 */
export function PaymentStep({ onBack, presentation: given }: Partial<StepProps>) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const navigate = useNavigate();
  const dispatch = useCheckoutDispatch();
  usePersistCheckout();
  const cart = useCheckoutSelector((s) => s.cart);
  const checkout = useCheckoutSelector((s) => s.checkout);
  const pid = cart.selectedPresentationId;
  const { data: presData } = usePresentationQuery({ id: pid ?? 0, locale: i18n.language }, { skip: !pid || !!given });
  const presentation: Presentation | undefined = given ?? presData?.presentation;
  const { data: config } = useStartupConfigQuery();
  const { data: customer } = useCurrentCustomerQuery();
  const [priceCart, priced] = useBuildCartMutation();
  const [getForm, formState] = usePaymentFormMutation();
  const [commitMut] = useCommitMutation();
  const [releaseHolds] = useReleaseHoldsMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'summary' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [voucherOpen, setVoucherOpen] = useState(false);
  const [holdNotice, setHoldNotice] = useState<'NO_MEMBERSHIP' | 'PREMIUM_HOLD' | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const providers = useMemo(() => activeProviders(config?.config.payment.providers ?? []), [config]);
  const [chosenMethod, setMethod] = useState<string | null>(null);
  const method = providers.find((p) => p.id === chosenMethod) ?? providers[0];
  const miniSite = readMiniSite();
  const isHold = checkout.isHold;
  const existingReservation = cart.reservationIdentifier ?? checkout.reservation?.reservationIdentifier ?? null;

  const built = useMemo((): { cart: Cart } | { error: string } => {
    try {
      const presentations = presentation ? { [String(presentation.id)]: presentation } : {};
      return { cart: buildCartPayload(cart, checkout, { presentations, customerId: customer?.customerInfo.CustomerId ?? null, referralMiniSiteId: miniSite?.id }) };
    } catch (e) {
      return { error: e instanceof CartBuildError ? e.code : 'EMPTY_CART' };
    }
  }, [cart, checkout, presentation, customer, miniSite?.id]);

  // Price the cart on the api whenever what is being bought changes (not on the payment identifier).
  const priceKey = 'cart' in built ? fingerprint({ ...built.cart, paymentIdentifier: null }) : null;
  const priceNow = useCallback(() => {
    if (!('cart' in built)) return Promise.resolve(false);
    return priceCart({ cart: { ...built.cart, paymentIdentifier: null }, miniSiteUrl: miniSite?.url ?? null }).unwrap().then(() => true, (e: unknown) => {
      const code = failureCode(e);
      if (code === 'NO_MEMBERSHIP' || code === 'PREMIUM_HOLD') {
        setHoldNotice(code);
        if (code === 'NO_MEMBERSHIP') setHold(false);
      }
      return false;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [built, miniSite?.url, priceCart]);
  useEffect(() => {
    void priceNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [priceKey]);

  const order = priced.data?.order;
  // Pricing that had no answer (offline, a server fault) is asked again: by Try again beside why, and by itself when
  // the browser is back online (QA, eighteenth session: one lost answer left the step with a disabled Pay for good).
  const pricingFailed = !!priced.error && !holdNotice && isRetryable(priced.error);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const repriceRef = useRef<HTMLButtonElement>(null);
  const reprice = useCallback(async (byHand: boolean) => {
    const ok = await priceNow();
    // Try again disappears while it works: the focus goes to the priced summary's heading, or back to Try again
    if (byHand) requestAnimationFrame(() => (ok ? titleRef.current : repriceRef.current)?.focus());
  }, [priceNow]);
  useOnline(pricingFailed, () => void reprice(false));
  const focusAlert = () => requestAnimationFrame(() => alertRef.current?.focus());
  // The button that opened the voucher dialog (or removed the voucher) is gone once it has done its work: the focus
  // goes to what replaced it — the voucher now paying, read out, or the button to add one (it fell to the page's body)
  const voucherRow = useRef<HTMLDivElement>(null);
  const [voucherFocus, focusVoucherRow] = useState<string | null>(null);
  // after the render that shows it (the dialog's answer comes after an await: a frame's callback ran before that render)
  useEffect(() => {
    if (!voucherFocus) return;
    voucherRow.current?.querySelector<HTMLElement>(voucherFocus)?.focus();
    focusVoucherRow(null);
  }, [voucherFocus, checkout.voucherPayment]);

  const setHold = useCallback((v: boolean) => {
    dispatch(checkoutActions.setHold(v));
  }, [dispatch]);

  const commit = useCallback(async (paymentIdentifier: string | null) => {
    if (!('cart' in built)) return;
    setPhase({ kind: 'committing' });
    const body = { cart: { ...built.cart, paymentIdentifier: isHold ? null : paymentIdentifier }, miniSiteUrl: miniSite?.url ?? null };
    const outcome = await commitOrder({ existingReservation, body, send: (b, key) => commitMut({ body: b, idempotencyKey: key }).unwrap() });
    if (outcome.status === 'committed') {
      const r = outcome.response;
      dispatch(checkoutCartActions.orderCommitted({ reservationIdentifier: r.reservationIdentifier, ticketIdentifiers: r.ticketIdentifiers }));
      dispatch(checkoutActions.committed({ ...r, presentationId: pid }));
      publish('order:committed', { reservationIdentifier: r.reservationIdentifier, kind: 'tickets' });
      navigate('/order/confirmation');
    } else if (outcome.status === 'skipped') {
      navigate('/order/confirmation');
    } else {
      const code = failureCode(outcome.error);
      if (code === 'PAYMENT_DECLINED' || code === 'PAYMENT_NOT_APPROVED' || code === 'PAYMENT_ERROR') {
        dispatch(checkoutActions.setPaymentIdentifier(null));
        setPhase({ kind: 'paymentError', text: failureText(t, outcome.error) });
      } else if (outcome.retryable || code === 'ORDER_ALREADY_COMPLETED') {
        // the same visit bought these seats in another tab: the refusal names that order and leads to its e-ticket
        const earlier = code === 'ORDER_ALREADY_COMPLETED' ? (outcome.error as { data?: { reservationIdentifier: string; documentKey: string | null } }).data : undefined;
        setPhase({ kind: 'commitError', text: outcome.retryable ? t(noAnswerText(outcome.error)) : failureText(t, outcome.error), retryable: outcome.retryable, earlier });
      } else {
        // A definite refusal (the amount changed, the hold ran out, …): the api took no payment for it, so an approved
        // card payment is not kept for a retry, and the summary comes back with why and its Pay button (QA, sixteenth
        // session: a 409 here left the page without any way on until the clock ran out).
        dispatch(checkoutActions.setPaymentIdentifier(null));
        setRefusal(failureText(t, outcome.error));
        setPhase({ kind: 'summary' });
      }
      focusAlert();
    }
  }, [built, isHold, miniSite?.url, existingReservation, commitMut, dispatch, pid, navigate, t]);

  const restart = useCallback(async () => {
    if (pid) await releaseHolds({ presentationId: pid }).unwrap().catch(() => undefined);
    clearIdempotencyKey();
    dispatch(checkoutActions.resetCheckout({ keepCustomerInfo: true }));
    dispatch(cartActions.reset());
    // Written now: the page is left at once, before the effect that saves the checkout would run, and the next
    // load restored the cancelled order's add-ons from the session (QA, fifteenth session).
    saveRestartedCheckout();
    // The restarted order says why it starts again (issue 14 point 2) and keeps the visitor's language.
    markOrderRestarted();
    window.location.assign(`${pid ? `/order/${pid}` : '/order'}${window.location.search}`);
  }, [pid, releaseHolds, dispatch]);

  // Messages of the hosted payment page: only from the api origin and our own iframe.
  useHostedPaymentMessages(phase.kind === 'form', frameRef, (msg) => {
    if (msg.status === 'approved') {
      // the session's outcome is acted on once: by this message, the api's status or Choose another way to pay
      if (!claimSession(msg.paymentIdentifier)) return;
      dispatch(checkoutActions.setPaymentIdentifier(msg.paymentIdentifier));
      void commit(msg.paymentIdentifier);
    } else if (msg.status === 'cancelled') {
      setPhase({ kind: 'cancelled' });
      focusAlert();
      setTimeout(() => void restart(), RESTART_DELAY_MS);
    } else {
      // the same words as every remote that takes a payment (shared paymentFailureKey)
      const failed = paymentFailureKey(msg.status);
      if (failed) { setPhase({ kind: 'paymentError', text: t(failed) }); focusAlert(); }
    }
  });

  /*
   * The card page inside the frame (QA, eighteenth session): when it fails (offline at Approve, the 3-D Secure answer
   * lost on its way back) the frame shows the browser's error page and its approval never reaches the page. The page
   * asks the api for the session's state when the frame fails and when the browser is back online, and goes on to the
   * commit when it is approved; Reload the card page shows the card page again, Choose another way to pay leaves it.
   * `cardSession` is the session whose outcome is still to be acted on: each way on claims it first, so an approval
   * is committed once, and a session left is never committed (the commit alone captures, only the session it sends).
   */
  const cardSession = useRef<string | null>(null);
  const [askSession] = useSessionStatusMutation();
  /** The session's state as the api has it; null when there is no answer. */
  const fetchSessionStatus = useCallback((sessionId: string) => askSession({ sessionId }).unwrap().then((r) => r.status, () => null), [askSession]);
  const claimSession = useCallback((id: string) => {
    if (cardSession.current !== id) return false;
    cardSession.current = null;
    return true;
  }, []);
  const formPhase = phase.kind === 'form' ? phase : null;
  const checkCardSession = useCallback(async () => {
    const id = cardSession.current;
    if (!id) return;
    const status = await fetchSessionStatus(id);
    if (status === 'approved') {
      if (!claimSession(id)) return;
      dispatch(checkoutActions.setPaymentIdentifier(id));
      void commit(id);
    } else if ((status === 'declined' || status === '3ds_failed') && claimSession(id)) {
      const failed = paymentFailureKey(status);
      if (failed) { setPhase({ kind: 'paymentError', text: t(failed) }); focusAlert(); }
    }
  }, [claimSession, dispatch, commit, t, fetchSessionStatus]);
  useOnline(!!formPhase, () => void checkCardSession());
  const onFrameLoad = () => {
    if (!formPhase || !frameFailed(frameRef.current, formPhase.url)) return;
    setPhase({ ...formPhase, failed: true });
    focusAlert();
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void checkCardSession();
  };
  const reloadCardPage = () => {
    if (!formPhase) return;
    setPhase({ ...formPhase, failed: false, load: formPhase.load + 1 });
    requestAnimationFrame(() => frameRef.current?.focus());
  };
  const payRef = useRef<HTMLButtonElement>(null);
  const leaveCardPage = async () => {
    if (!formPhase || !claimSession(formPhase.sessionId)) return;
    setPhase({ kind: 'leaving' });
    // approved meanwhile (its answer lost): the order is completed with it rather than the card charged again
    const status = await fetchSessionStatus(formPhase.sessionId);
    if (status === 'approved') {
      dispatch(checkoutActions.setPaymentIdentifier(formPhase.sessionId));
      void commit(formPhase.sessionId);
      return;
    }
    if (status !== 'captured') void cancelHostedSession(formPhase.url);
    setPhase({ kind: 'summary' });
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('[data-testid="payment-methods"] input:checked') ?? payRef.current)?.focus());
  };

  const pay = async () => {
    if (!order) return;
    setRefusal(null);
    if (existingReservation) { navigate('/order/confirmation'); return; }
    // A hold is paid at the box office; a voucher may cover everything: nothing for the card to do.
    if (order.isHold || order.amountDue <= 0) { await commit(null); return; }
    // An approved payment whose commit did not answer: retry the commit, never charge again.
    if (checkout.paymentIdentifier) { await commit(checkout.paymentIdentifier); return; }
    try {
      const f = await getForm({
        locale, total: order.amountDue, locationId: order.locationId ?? undefined,
        authProfileId: order.authProfileId ?? undefined, numberOfPayments: order.numberOfPayments, provider: method?.id,
      }).unwrap();
      if (method?.kind === 'blik') setPhase({ kind: 'blik', sessionId: f.sessionId });
      else {
        cardSession.current = f.sessionId;
        setPhase({ kind: 'form', url: f.paymentFormURL, sessionId: f.sessionId, failed: false, load: 0 });
      }
    } catch (e) {
      setPhase({ kind: 'paymentError', text: failureText(t, e) });
      focusAlert();
    }
  };

  const onBlikApproved = useCallback((id: string) => {
    dispatch(checkoutActions.setPaymentIdentifier(id));
    void commit(id);
  }, [dispatch, commit]);
  const onBlikEnded = useCallback((outcome: BlikOutcome) => {
    if (outcome === 'cancelled') { setPhase({ kind: 'summary' }); return; }
    setPhase({ kind: 'paymentError', text: t(`payment.blik.${outcome}`) });
    focusAlert();
  }, [t]);
  const chooseMethod = (id: string) => {
    setMethod(id);
    // Only card providers split a payment (spec section 9).
    if (providers.find((p) => p.id === id)?.kind !== 'card') dispatch(checkoutActions.setNumberOfPayments(1));
  };

  if ('error' in built) return <p role="alert" className="tx-error">{t(`booking:summary.errors.${built.error}`)}</p>;

  const maxPayments = config?.config.payment.maxNumberOfPayments ?? 1;
  const installments = order && !order.isHold && method?.kind === 'card' && order.amountDue >= (config?.config.payment.installmentsMinTotal ?? Infinity) && maxPayments > 1;
  const loggedIn = !!customer?.customerInfo;

  return (
    <section className={styles.form} aria-labelledby="payment-title" data-testid="payment-step">
      <h2 id="payment-title" ref={titleRef} tabIndex={-1}>{t('summary.title')}</h2>
      {priced.isLoading && !order && <Spinner />}
      {priced.error && !holdNotice && (
        <div role="alert" className="tx-error" data-testid="summary-error">
          <p>{failureText(t, priced.error)}</p>
          {pricingFailed && <button type="button" ref={repriceRef} className="tx-btn" onClick={() => void reprice(true)}>{t('payment.retry')}</button>}
        </div>
      )}
      {order && <OrderSummaryView order={order} />}

      {holdNotice === 'NO_MEMBERSHIP' && <p role="alert" className="tx-error" data-testid="hold-refused">{t('payment.hold.noMembership')}</p>}
      {holdNotice === 'PREMIUM_HOLD' && (
        <div role="alert" className={`tx-card ${styles.offer}`} data-testid="hold-premium">
          <p>{t('payment.hold.premium')}</p>
          <div className={styles.actions}>
            <button type="button" className="tx-btn" onClick={() => { setHoldNotice(null); setHold(false); }}>{t('payment.hold.switchRegular')}</button>
            <button type="button" className="tx-btn tx-btn-secondary" onClick={() => { setHoldNotice(null); setHold(false); dispatch(cartActions.stepChanged(0)); }}>{t('payment.hold.changeSeats')}</button>
          </div>
        </div>
      )}

      {/* what is being paid for cannot change while a payment is on its way or approved and waiting for its order
          (QA, sixteenth session: a voucher applied during "Completing your order…" showed a total the order did not have) */}
      {(phase.kind === 'summary' || phase.kind === 'paymentError') && !checkout.paymentIdentifier && (
        <div className={styles.options}>
          {/* a title to watch at home has no seats to keep at the box office */}
          {loggedIn && !presentation?.isVod && (
            <div className="tx-check">
              <input id="hold-order" type="checkbox" checked={isHold} onChange={(e) => { setHoldNotice(null); setHold(e.target.checked); }} data-testid="hold-toggle" />
              <label htmlFor="hold-order">{t('payment.hold.toggle')}</label>
            </div>
          )}
          {!isHold && order && order.amountDue > 0 && method && (
            <PaymentMethodChooser providers={providers} value={method.id} onChange={chooseMethod} />
          )}
          {installments && (
            <div className="tx-field">
              <label htmlFor="payments-count">{t('summary.numberOfPayments')}</label>
              <select id="payments-count" value={checkout.numberOfPayments} onChange={(e) => dispatch(checkoutActions.setNumberOfPayments(Number(e.target.value)))}>
                {Array.from({ length: maxPayments }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </div>
          )}
          {/* shown while the api prices the order again (a voucher changes it): the row under the focus stays */}
          {!isHold && (
            <div className={styles.voucherRow} ref={voucherRow}>
              {checkout.voucherPayment
                ? (
                  <p data-testid="voucher-applied" tabIndex={-1}>
                    {t('payment.voucher.applied', { reference: checkout.voucherPayment.systemVoucher, amount: formatMoney(checkout.voucherPayment.amount, locale) })}{' '}
                    <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} onClick={() => { dispatch(checkoutActions.setVoucherPayment(null)); focusVoucherRow('[data-testid="voucher-open"]'); }}>{t('payment.voucher.remove')}</button>
                  </p>
                )
                : <button type="button" className="tx-btn tx-btn-secondary" onClick={() => { if (order) setVoucherOpen(true); }} aria-disabled={!order || undefined} data-testid="voucher-open">{t('payment.voucher.open')}</button>}
            </div>
          )}
        </div>
      )}

      {voucherOpen && order && (
        <VoucherDialog
          total={order.totalAmount}
          onClose={() => setVoucherOpen(false)}
          onApply={(p) => { dispatch(checkoutActions.setVoucherPayment(p)); setVoucherOpen(false); focusVoucherRow('[data-testid="voucher-applied"]'); }}
        />
      )}

      <div ref={alertRef} tabIndex={-1} className={styles.alertHost}>
        {phase.kind === 'summary' && refusal && <p role="alert" className="tx-error" data-testid="commit-refused">{refusal}</p>}
        {phase.kind === 'paymentError' && (
          <div role="alert" className="tx-error" data-testid="payment-error">
            <p>{phase.text}</p>
            <button type="button" className="tx-btn" onClick={() => { setPhase({ kind: 'summary' }); void pay(); }}>{t('payment.retry')}</button>
          </div>
        )}
        {phase.kind === 'commitError' && (
          <div role="alert" className="tx-error" data-testid="commit-error">
            <p>{phase.text}</p>
            {phase.earlier?.documentKey && (
              <p><Link to={`/edocument/${phase.earlier.documentKey}`}>{t('payment.earlierOrder', { reservationIdentifier: phase.earlier.reservationIdentifier })}</Link></p>
            )}
            {phase.retryable && <button type="button" className="tx-btn" onClick={() => void commit(checkout.paymentIdentifier)}>{t('payment.retry')}</button>}
          </div>
        )}
        {phase.kind === 'cancelled' && <p role="alert" className="tx-error" data-testid="payment-cancelled">{t('payment.cancelled')}</p>}
        {phase.kind === 'form' && phase.failed && (
          <div role="alert" className="tx-error" data-testid="payment-frame-failed">
            <p>{t('payment.frame.failed')}</p>
            <button type="button" className="tx-btn" onClick={reloadCardPage}>{t('payment.frame.reload')}</button>
          </div>
        )}
      </div>

      {phase.kind === 'form' && (
        <>
          <iframe key={phase.load} ref={frameRef} src={phase.url} title={t('payment.frameTitle')} className={styles.frame} data-testid="payment-frame" onLoad={onFrameLoad} />
          <div className={styles.actions}>
            <button type="button" className="tx-btn tx-btn-secondary" onClick={() => void leaveCardPage()} data-testid="payment-leave">{t('payment.frame.leave')}</button>
          </div>
        </>
      )}
      {phase.kind === 'leaving' && <div role="status" aria-live="polite"><Spinner /><p>{t('payment.frame.checking')}</p></div>}
      {phase.kind === 'blik' && <BlikPayment sessionId={phase.sessionId} onApproved={onBlikApproved} onEnded={onBlikEnded} />}
      {phase.kind === 'committing' && <div role="status" aria-live="polite"><Spinner /><p>{t('payment.processing')}</p></div>}

      {(phase.kind === 'summary') && (
        <div className={styles.actions}>
          {onBack && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>}
          <button type="button" ref={payRef} className="tx-btn" disabled={!order || priced.isLoading || formState.isLoading || !!holdNotice} onClick={() => void pay()} data-testid="pay">
            {order && (order.isHold ? t('payment.confirmHold') : order.amountDue <= 0 ? t('payment.confirmFree') : t('payment.pay', { amount: formatMoney(order.amountDue, locale) }))}
            {!order && t('payment.payShort')}
          </button>
        </div>
      )}
    </section>
  );
}
