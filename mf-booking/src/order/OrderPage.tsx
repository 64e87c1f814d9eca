import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearsCartOnLoad } from '../vod/vodRules';
import { useParams, useSearchParams, Link } from 'react-router-dom';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { CartDiscardNotice, ErrorNotice, Spinner, currentLocale, formatLongDateTime, jerusalemDate, toast, useHeadingFocus, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { usePresentationQuery, useTicketGroupsQuery, useExtendHoldMutation, useReleaseHoldsMutation, seatsApi } from '../api/seatsApi';
import { cartActions } from '../cart/cartSlice';
import { loadTicketGroups } from '../cart/cartThunks';
import type { BookingDispatch, BookingState } from '../store';
import { useStartupConfigQuery } from '../api/orderApi';
import { useIdleDeadline } from './idle';
import { orderStepsFrom, preloadAfter, stepName } from './steps';
import { DEFAULT_WARN_SECONDS, LockTimer, MIN_WARN_SECONDS } from './LockTimer';
import { forgetOrderRestarted, wasOrderRestarted } from '../checkout/restartNotice';
import { OrderDeadline, shownDeadline } from './deadline';
import { OrderBar } from './OrderBar';
import { isPastScreening } from '../events/past';
import styles from './order.module.css';
import { VoucherNotice } from '../checkout/VoucherNotice';
import { OtherCinemaNotice } from './OtherCinemaNotice';
import { customerSwitchText, useCustomerSwitch } from '../checkout/customerSwitch';

/** How long the seat step waits for its map's first picture before asking for the ticket groups anyway. */
const MAP_PAINT_WAIT_MS = 1500;

/** /order/:presentationId — the ticket order for one presentation: stepper, per-step lock timers, steps. */
export function OrderPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<BookingDispatch>();
  const { presentationId } = useParams();
  const id = Number(presentationId);
  const [params] = useSearchParams();
  // WCAG 2.2.1: at least 20 seconds' warning, whatever a test asks for.
  const warnSeconds = Math.max(MIN_WARN_SECONDS, Number(params.get('timerWarn')) || DEFAULT_WARN_SECONDS);
  // currentData: a late response for an earlier presentation is never shown (spec section 4)
  const presQ = usePresentationQuery({ id, locale: i18n.language }, { skip: !Number.isInteger(id) || id <= 0 });
  const p = presQ.currentData?.presentation;
  const step = useSelector((s: BookingState) => s.cart.step);
  // On the seat step the ticket groups (names and prices, for the steps after it) are asked for once the map has
  // painted: their answer re-rendered the page in the middle of the map's first drawing (issue 12 item 4).
  const [mapPainted, setMapPainted] = useState(step !== 0);
  const onMapPainted = useCallback(() => setMapPainted(true), []);
  useEffect(() => {
    if (mapPainted) return;
    const timer = setTimeout(onMapPainted, MAP_PAINT_WAIT_MS); // a map that cannot load does not hold them back
    return () => clearTimeout(timer);
  }, [mapPainted, onMapPainted]);
  const tgQ = useTicketGroupsQuery({ id, locale: i18n.language }, { skip: !p || p.locationOffline || !mapPainted });
  // The seat plan (the same for every presentation in the hall) is asked for as soon as the presentation is known,
  // beside the configuration and the ticket groups, not when the seat step mounts after them: the map then waits
  // only for the seat status, the one answer that must be fresh.
  const prefetchPlan = seatsApi.usePrefetch('seatplanV2');
  useEffect(() => {
    if (p && !p.locationOffline && !isPastScreening(p)) prefetchPlan({ venueId: p.venueId, seatplanId: p.seatplanId, locale: currentLocale() });
  }, [p, prefetchPlan, i18n.language]); // a new language asks for the plan in it (the seat map's own query's key)
  const [extend, extendState] = useExtendHoldMutation();
  const [release] = useReleaseHoldsMutation();
  const cartP = useSelector((s: BookingState) => s.cart.presentations[id]);
  const [restarted] = useState(wasOrderRestarted);
  const [holdExpired, setHoldExpired] = useState(false);
  useEffect(forgetOrderRestarted, []);
  const stepRoot = useRef<HTMLDivElement>(null);
  useHeadingFocus(stepRoot, step, 'h2');

  // shallowEqual: a new array on every store change would re-render the whole order page on every action.
  const inCart = useSelector((s: BookingState) => Object.keys(s.cart.presentations).map(Number), shallowEqual);
  useEffect(() => {
    if (!p) return;
    // Spec sections 4 and 9: video on demand of venue types 101 and 102 clears the other presentations from the cart.
    if (clearsCartOnLoad(p.venueTypeId)) {
      for (const other of inCart.filter((x) => x !== p.id)) {
        void release({ presentationId: other }).unwrap().catch(() => undefined);
        dispatch(cartActions.presentationRemoved({ presentationId: other }));
      }
    }
    dispatch(cartActions.presentationSelected({ presentationId: p.id, venueId: p.venueId, seatplanId: p.seatplanId, serviceCharge: p.serviceCharge }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loaded presentation
  }, [p, dispatch]);

  useEffect(() => {
    const d = tgQ.currentData;
    if (d && p) dispatch(loadTicketGroups({ presentationId: p.id, ticketGroups: d.ticketGroups, serviceCharge: d.serviceCharge }));
  }, [tgQ.currentData, p, dispatch]);

  const groupNames = useMemo(() => new Map((tgQ.currentData?.ticketGroups ?? []).map((g) => [g.id, g.name])), [tgQ.currentData]);
  const groupName = useCallback((tg: number) => groupNames.get(tg), [groupNames]);

  // per-step lock timer: the step's own budget from lockTimer, never beyond the hold's expiry
  const [stepStartedAt, setStepStartedAt] = useState(() => Date.now());
  useEffect(() => setStepStartedAt(Date.now()), [step, id]);
  const configQ = useStartupConfigQuery();
  // Video on demand has no add-ons to offer (the api lists no products for it): its order skips that step.
  const isVod = !!p?.isVod;
  const steps = useMemo(() => orderStepsFrom(configQ.data?.config.orderSteps).filter((s) => !(isVod && s.id === 'chooseProducts')), [configQ.data, isVod]);
  const def = steps[Math.min(step, steps.length - 1)]!;
  const switched = useCustomerSwitch(steps, step);
  // The next step's code is fetched while the visitor is on this one: on the seat step once a seat is chosen (the
  // first screen does not wait for it), on the others when they are shown.
  const choseSeats = !!cartP?.seats.length;
  useEffect(() => {
    if (step > 0 || choseSeats) preloadAfter(steps, step)?.catch(() => { /* the step's own load reports it */ });
  }, [steps, step, choseSeats]);
  // Idle time (GET /config limits.idleTimeMs) ends a step like its lock timer; the payment step has neither.
  const { deadline: idleDeadline, touch: touchIdle } = useIdleDeadline(configQ.data?.config.limits.idleTimeMs, !!def.timer);
  // What the visitor sees is the api's hold expiry whenever seats are held, on every step (issue 14 point 9:
  // a step's own budget or the idle limit shown instead made the clock drop from 9:53 to 5:00 on the
  // details step). The step's budget counts only while nothing is held; idle time warns and ends the step
  // without being shown as the clock (activity resets it).
  const deadline = useMemo(
    () => (p ? shownDeadline({ holdExpiresAt: cartP?.seats.length ? cartP.holdExpiresAt : null, stepSeconds: def.timer ? p.lockTimer[def.timer] : null, stepStartedAt }) : null),
    [p, def.timer, stepStartedAt, cartP?.seats.length, cartP?.holdExpiresAt],
  );

  const onExpire = useCallback(async () => {
    if (!p) return;
    try { await release({ presentationId: p.id }).unwrap(); } catch { /* expiry releases them anyway */ }
    dispatch(cartActions.seatsUnselected({ presentationId: p.id, keys: (cartP?.seats ?? []).map((s) => s.key) }));
    dispatch(cartActions.stepChanged(0));
    dispatch(seatsApi.util.invalidateTags([{ type: 'Seats', id: p.id }]));
    setStepStartedAt(Date.now());
    touchIdle();
    // said once, on the seat step, until seats are chosen again (a toast said it as well: three announcements)
    setHoldExpired(true);
  }, [p, cartP?.seats, release, dispatch, touchIdle]);

  const onExtend = useCallback(async () => {
    if (!p) return;
    touchIdle();
    if (!cartP?.seats.length) { setStepStartedAt(Date.now()); return; }
    // The api's extension gives the step its own time from now; when the hold already has more left (an idle
    // warning), it would only shorten what the clock shows: staying active is all that is needed then.
    if (def.timer && cartP.holdExpiresAt && Date.parse(cartP.holdExpiresAt) - Date.now() > p.lockTimer[def.timer] * 1000) return;
    try {
      // The api gives the current step its own time again and counts the extension (up to ten per order).
      const r = await extend({ presentationId: p.id, step: def.id === 'payment' ? undefined : def.id }).unwrap();
      dispatch(cartActions.holdExpiresAt({ presentationId: p.id, expiresAt: r.expiresAt }));
      setStepStartedAt(Date.now());
    } catch (e) {
      // the hold is gone (the clock reached zero on the api first): extending cannot work, and offering it again
      // looped the visitor between the prompt and the refusal; the seats are let go and chosen again instead
      if ((e as ApiFailure).code === 'HOLD_EXPIRED') { void onExpire(); return; }
      toast((e as ApiFailure).key ?? 'errors.generic', 'error');
    }
  }, [p, cartP?.seats.length, cartP?.holdExpiresAt, extend, dispatch, touchIdle, def.id, def.timer, onExpire]);

  if (presQ.error) {
    const e = presQ.error as ApiFailure;
    return (
      <section className="tx-page" data-testid={e.code === 'LOCATION_OFFLINE' ? 'location-offline' : undefined}>
        <ErrorNotice messageKey={e.key} onRetry={e.code === 'LOCATION_OFFLINE' ? undefined : presQ.refetch} />
      </section>
    );
  }
  // The stepper waits for the configuration: its step order is the configured one.
  if (!p || configQ.isLoading) return <section className="tx-page"><Spinner /></section>;

  const locale = currentLocale();
  const Step = def.Component;
  const past = isPastScreening(p);
  return (
    <OrderDeadline.Provider value={deadline}>
    <section className="tx-page" aria-labelledby="order-title" data-testid="order-page" data-presentation={p.id}>
      <div className={styles.header}>
        <div>
          <h1 id="order-title">{p.featureName}</h1>
          {/* Video on demand has no showtime or hall: when it can be watched, and the way back to the other titles. */}
          <p className={styles.meta}>{p.isVod
            ? `${t('order.vodWhen', { date: formatLongDateTime(p.dateTime, locale) })} · ${p.venueName}`
            : `${formatLongDateTime(p.dateTime, locale)} · ${p.locationName} · ${p.venueName}`}</p>
          <p className={styles.meta}>{p.isVod ? <Link to="/vod">{t('order.backVod')}</Link> : <Link to="/order">{t('order.back')}</Link>}</p>
        </div>
        {!p.locationOffline && !past && (
          <LockTimer deadline={deadline} idleDeadline={idleDeadline} warnSeconds={warnSeconds} onExtend={onExtend} onExpire={onExpire} extending={extendState.isLoading} />
        )}
      </div>
      {p.locationOffline ? (
        <div data-testid="location-offline"><ErrorNotice messageKey="errors.LOCATION_OFFLINE" /></div>
      ) : past ? (
        <p role="alert" className="tx-error" data-testid="order-past">{t('order.past')} <Link to={`/order?date=${jerusalemDate()}`}>{t('order.pastLink')}</Link></p>
      ) : (
        <>
          <nav aria-label={t('order.stepsLabel')}>
            <ol className={styles.steps}>
              {steps.map((s, k) => (
                <li key={s.id} aria-current={k === step ? 'step' : undefined} className={k < step ? styles.done : undefined}>
                  {k < step
                    ? <button type="button" onClick={() => dispatch(cartActions.stepChanged(k))}><StepLabel n={k + 1} label={stepName(t, s.id, p)} /></button>
                    : <StepLabel n={k + 1} label={stepName(t, s.id, p)} />}
                </li>
              ))}
            </ol>
          </nav>
          {restarted && step === 0 && <p role="alert" className="tx-error" data-testid="order-restarted">{t('payment.restarted')}</p>}
          {holdExpired && step === 0 && !cartP?.seats.length && <p role="alert" className="tx-error" data-testid="hold-expired">{t('order.holdExpired')}</p>}
          {step === 0 && !cartP?.seats.length && <CartDiscardNotice kind="tickets" />}
          {/* seats held at a screening of another cinema: one order is for one cinema (back there, or release them) */}
          <OtherCinemaNotice presentation={p} />
          <VoucherNotice onSummary={def.id === 'payment'} />
          {switched && <p role="status" className={`tx-card ${styles.switched}`} data-testid="customer-switch">{t(customerSwitchText(switched))}</p>}
          <div ref={stepRoot}>
            <Step
              presentation={p}
              groupName={groupName}
              onNext={() => dispatch(cartActions.stepChanged(Math.min(step + 1, steps.length - 1)))}
              onBack={() => dispatch(cartActions.stepChanged(Math.max(0, step - 1)))}
              onMapPainted={onMapPainted}
              mapPainted={mapPainted}
            />
          </div>
          {/* seats step: its own bar with Continue; other steps: the clock at the bottom of a phone */}
          {def.id !== 'chooseSeats' && <OrderBar />}
        </>
      )}
    </section>
    </OrderDeadline.Provider>
  );
}

/** A step's number and name; on a phone only the current step shows its name (the others keep it for screen readers). */
function StepLabel({ n, label }: { n: number; label: string }) {
  return <><span aria-hidden="true" className={styles.stepNo}>{n}</span> <span className={styles.stepName}>{label}</span></>;
}
