import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { currentLocale, ErrorNotice, formatLongDateTime, formatMoney, publish, Spinner, type ApiFailure, type Membership, type MembershipOrderBody } from '@ticketing/shared';
import { SeatSelection } from '@ticketing/seatmap';
import { NAMESPACE } from '../locales';
import { useCheckSelectionMutation, usePresentationQuery, useSeatplanQuery } from '../api';
import { useSelectionCheck } from '../seats/useSelectionCheck';
import type { MembershipsDispatch, MembershipsState } from '../store';
import { purchaseActions, type PurchaseState } from './purchaseSlice';
import { membershipSeatBinding } from './seatBinding';
import { HoldTimer } from '../HoldTimer';
import { CustomerStep, PaymentStep, Confirmation } from './CheckoutSteps';
import styles from './purchase.module.css';

export const MAX_QUANTITY = 10;
type Step = 'choose' | 'seats' | 'customer' | 'payment' | 'done';

/** The order body the api prices and commits (the browser never sums prices itself). */
export function orderBody(p: PurchaseState, membershipId: number, prices: Membership['prices']): MembershipOrderBody {
  const renew = p.renewMember.trim();
  const lines = renew
    ? [{ membershipPriceId: prices[0]!.MembershipPriceId, quantity: 1, memberNumber: renew, renew: true }]
    : Object.entries(p.quantities).filter(([, q]) => q > 0).map(([id, quantity]) => ({ membershipPriceId: Number(id), quantity }));
  const seats = Object.entries(p.seats).flatMap(([pid, ss]) => ss.filter((s) => s.hold === 'held').map((s) => ({ presentationId: Number(pid), sectionId: s.sectionId, x: s.XCoordinate, y: s.YCoordinate })));
  return { membershipId, lines, termsAccepted: p.termsAccepted, customerInfo: { ...p.customerInfo, termsConfirmed: p.termsAccepted }, seats };
}

export const quantityOf = (p: PurchaseState) => (p.renewMember.trim() ? 1 : Object.values(p.quantities).reduce((s, q) => s + q, 0));

/** Choose memberships → seats (when the membership has events; a series steps through them) → customer info → payment → confirmation. */
export function Purchase({ membership: m, priceCode }: { membership: Membership; priceCode?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const purchase = useSelector((s: MembershipsState) => s.purchase);
  // ?renew={memberNumber} (from /membership/renew/{memberNumber}, linked by the customer area): a new purchase, renewal filled in
  const renewParam = new URLSearchParams(useLocation().search).get('renew');
  const [step, setStep] = useState<Step>(purchase.result && purchase.membershipId === m.MembershipId && !renewParam ? 'done' : 'choose');
  const plan = useSeatplanQuery(m.MembershipId);
  const events = plan.data?.events ?? [];
  const prices = m.prices.filter((p) => !priceCode || p.PriceCode.toLowerCase() === priceCode.toLowerCase());

  // Starting a membership purchase clears the other carts (spec 7: carts are mutually exclusive).
  useEffect(() => {
    if (purchase.membershipId !== m.MembershipId) {
      dispatch(purchaseActions.started(m.MembershipId));
      publish('cart:started', { kind: 'memberships' });
    }
  }, [m.MembershipId, purchase.membershipId, dispatch]);
  const renewFilled = useRef(false);
  useEffect(() => {
    if (!renewParam || renewFilled.current) return;
    if (purchase.result) dispatch(purchaseActions.reset());
    else if (purchase.membershipId === m.MembershipId) {
      renewFilled.current = true; // once: the visitor may still clear it
      dispatch(purchaseActions.renewMemberSet(renewParam));
    }
  }, [renewParam, purchase.result, purchase.membershipId, purchase.renewMember, m.MembershipId, dispatch]);

  const steps: Step[] = events.length ? ['choose', 'seats', 'customer', 'payment', 'done'] : ['choose', 'customer', 'payment', 'done'];
  const go = (s: Step) => { setStep(s); requestAnimationFrame(() => document.getElementById('purchase-step-title')?.focus()); };
  const next = () => go(steps[steps.indexOf(step) + 1]!);
  const back = () => go(steps[steps.indexOf(step) - 1]!);
  if (plan.isLoading) return <Spinner />;
  if (purchase.membershipId !== m.MembershipId) return null;

  return (
    <section className={`tx-card ${styles.flow}`} aria-labelledby="purchase-step-title" data-testid="membership-purchase">
      <ol className={styles.steps} aria-label={t('purchase.stepsLabel')}>
        {steps.map((s) => <li key={s} aria-current={s === step ? 'step' : undefined}>{t(`purchase.steps.${s}`)}</li>)}
      </ol>
      <h2 id="purchase-step-title" tabIndex={-1}>{t(`purchase.steps.${step}`)}</h2>
      {step === 'choose' && <ChooseStep membership={m} prices={prices} purchase={purchase} onNext={next} />}
      {step === 'seats' && <SeatsStep membershipId={m.MembershipId} events={events} quantity={quantityOf(purchase)} onBack={back} onNext={next} />}
      {step === 'customer' && <CustomerStep onBack={back} onNext={next} />}
      {step === 'payment' && <PaymentStep body={orderBody(purchase, m.MembershipId, m.prices)} onBack={back} onDone={() => go('done')} />}
      {step === 'done' && purchase.result && <Confirmation result={purchase.result} mobileNumber={purchase.customerInfo.mobileNumber ?? undefined} onAnother={() => { dispatch(purchaseActions.reset()); go('choose'); }} />}
    </section>
  );
}

function ChooseStep({ membership: m, prices, purchase, onNext }: { membership: Membership; prices: Membership['prices']; purchase: PurchaseState; onNext: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const locale = currentLocale();
  const [error, setError] = useState('');
  // What the buyer typed, as typed (12 stayed 12 and is refused at the field, not silently made 10); empty is none.
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(
    Object.entries(purchase.quantities).filter(([, q]) => q > 0).map(([id, q]) => [id, String(q)])));
  const tooMany = (id: number) => Number(typed[id] ?? 0) > MAX_QUANTITY;
  const total = quantityOf(purchase);
  const focusQuantity = (id?: number) => requestAnimationFrame(() => document.getElementById(`qty-${id ?? prices[0]?.MembershipPriceId}`)?.focus());
  const submit = () => {
    const over = prices.find((p) => tooMany(p.MembershipPriceId));
    if (over) { setError(''); return focusQuantity(over.MembershipPriceId); }
    if (total < 1) { focusQuantity(); return setError(t('errors.MUST_SELECT')); }
    if (total > MAX_QUANTITY) { focusQuantity(); return setError(t('errors.VALIDATION_ERROR_max', { max: MAX_QUANTITY })); }
    if (!purchase.termsAccepted) return setError(t('purchase.termsRequired'));
    setError('');
    onNext();
  };
  return (
    <div className={styles.flow}>
      {prices.map((p) => {
        const id = p.MembershipPriceId;
        const over = tooMany(id);
        return (
          <div key={id} className={styles.row}>
            <label htmlFor={`qty-${id}`}>{p.Name} · {formatMoney(p.Price, locale)}</label>
            <input id={`qty-${id}`} className={`tx-input ${styles.qty}`} type="number" min={0} max={MAX_QUANTITY} step={1} inputMode="numeric"
              placeholder="0" value={typed[id] ?? ''} disabled={!!purchase.renewMember.trim()}
              aria-label={t('purchase.quantityOf', { name: p.Name })} aria-invalid={over || undefined}
              aria-describedby={over ? `qty-${id}-error` : 'qty-max'}
              onChange={(e) => {
                const raw = e.target.value.replace(/[^\d]/g, '');
                setTyped((x) => ({ ...x, [id]: raw }));
                if (error) setError('');
                // the store keeps what may be bought; an over-limit figure stays in the field with its message
                const n = Number(raw) || 0;
                dispatch(purchaseActions.quantitySet({ priceId: id, quantity: n > MAX_QUANTITY ? 0 : n }));
              }} />
            {over && <p id={`qty-${id}-error`} role="alert" className={`tx-field-error ${styles.fieldError}`}>{t('purchase.overMax', { max: MAX_QUANTITY })}</p>}
          </div>
        );
      })}
      <p id="qty-max">{t('purchase.max', { max: MAX_QUANTITY })}</p>
      <div className="tx-field">
        <label htmlFor="renew-member">{t('purchase.renewLabel')}</label>
        <input id="renew-member" value={purchase.renewMember} onChange={(e) => dispatch(purchaseActions.renewMemberSet(e.target.value))} aria-describedby="renew-hint" />
        <p id="renew-hint">{t('purchase.renewHint')}</p>
      </div>
      <div className="tx-check">
        <input id="terms" type="checkbox" checked={purchase.termsAccepted} onChange={(e) => dispatch(purchaseActions.termsSet(e.target.checked))} />
        <label htmlFor="terms">{t('purchase.terms', { text: m.terms.text })}</label>
        {/* the terms to read before accepting them, as the ticket order links them (a new tab: the purchase stays) */}
        <a href="/terms" target="_blank" rel="noopener" data-testid="terms-link">{t('purchase.termsLink')}</a>
      </div>
      {error && <p role="alert" className="tx-error">{error}</p>}
      <div className={styles.actions}><button type="button" className="tx-btn" onClick={submit}>{t('purchase.continue')}</button></div>
    </div>
  );
}

/** One event at a time (series: next / previous), never more seats in an event than memberships selected. */
function SeatsStep({ membershipId, events, quantity, onBack, onNext }: {
  membershipId: number; events: Array<{ presentationId: number }>; quantity: number; onBack: () => void; onNext: () => void;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [index, setIndex] = useState(0);
  const event = events[index]!;
  const pres = usePresentationQuery({ id: event.presentationId, locale: i18n.language });
  const binding = useMemo(() => membershipSeatBinding(membershipId), [membershipId]);
  const seats = useSelector((s: MembershipsState) => s.purchase.seats[event.presentationId] ?? []);
  const holdExpiresAt = useSelector((s: MembershipsState) => s.purchase.holdExpiresAt);
  const [, setValid] = useState(false);
  const tooMany = seats.length > quantity;
  const p = pres.data?.presentation;
  // booking's whole-selection rules when the buyer moves on from an event
  const [checkSelection] = useCheckSelectionMutation();
  const advance = useCallback(() => (index < events.length - 1 ? setIndex(index + 1) : onNext()), [index, events.length, onNext]);
  const next = useSelectionCheck(() => checkSelection({ membershipId, presentationId: event.presentationId }).unwrap(), advance);
  return (
    <div className={styles.flow}>
      <HoldTimer expiresAt={seats.length ? holdExpiresAt : null} />
      <p aria-live="polite" data-testid="series-position">{t('purchase.eventOf', { n: index + 1, count: events.length })}</p>
      {pres.error && <ErrorNotice messageKey={(pres.error as ApiFailure).key} onRetry={pres.refetch} />}
      {p && <h3>{p.featureName} · {formatLongDateTime(p.dateTime, currentLocale())}</h3>}
      {p && (
        <SeatSelection key={p.id} presentation={p} groupName={() => undefined} onValidityChange={setValid} binding={binding}
          maxSeats={quantity} continueRefusal={next.refusal} onContinueRefusalClear={next.clear} />
      )}
      {tooMany && <p role="alert" className="tx-error">{t('purchase.tooManySeats', { count: quantity })}</p>}
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={() => (index > 0 ? setIndex(index - 1) : onBack())}>
          {index > 0 ? t('purchase.previousEvent') : t('purchase.back')}
        </button>
        <button type="button" className="tx-btn" disabled={tooMany || next.checking} onClick={() => void next.onContinue()}>
          {index < events.length - 1 ? t('purchase.nextEvent') : t('purchase.continue')}
        </button>
      </div>
    </div>
  );
}
