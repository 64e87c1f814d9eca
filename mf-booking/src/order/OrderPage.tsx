import { useCallback, useEffect, useMemo, useState } from 'react';
import { clearsCartOnLoad } from '../vod/vodRules';
import { useParams, useSearchParams, Link } from 'react-router-dom';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatLongDateTime, toast, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
import { usePresentationQuery, useTicketGroupsQuery, useExtendHoldMutation, useReleaseHoldsMutation, seatsApi } from '../api/seatsApi';
import { cartActions } from '../cart/cartSlice';
import type { BookingDispatch, BookingState } from '../store';
import { ORDER_STEPS } from './steps';
import { DEFAULT_WARN_SECONDS, LockTimer } from './LockTimer';
import styles from './order.module.css';

/** /order/:presentationId — the ticket order for one presentation: stepper, per-step lock timers, steps. */
export function OrderPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<BookingDispatch>();
  const { presentationId } = useParams();
  const id = Number(presentationId);
  const [params] = useSearchParams();
  const warnSeconds = Number(params.get('timerWarn')) || DEFAULT_WARN_SECONDS;
  // currentData: a late response for an earlier presentation is never shown (spec section 4)
  const presQ = usePresentationQuery({ id, locale: i18n.language }, { skip: !Number.isInteger(id) || id <= 0 });
  const p = presQ.currentData?.presentation;
  const tgQ = useTicketGroupsQuery({ id, locale: i18n.language }, { skip: !p || p.locationOffline });
  const step = useSelector((s: BookingState) => s.cart.step);
  const [extend, extendState] = useExtendHoldMutation();
  const [release] = useReleaseHoldsMutation();
  const cartP = useSelector((s: BookingState) => s.cart.presentations[id]);

  const inCart = useSelector((s: BookingState) => Object.keys(s.cart.presentations).map(Number));
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
    if (d && p) dispatch(cartActions.ticketGroupsLoaded({ presentationId: p.id, ticketGroups: d.ticketGroups, serviceCharge: d.serviceCharge }));
  }, [tgQ.currentData, p, dispatch]);

  const groupNames = useMemo(() => new Map((tgQ.currentData?.ticketGroups ?? []).map((g) => [g.id, g.name])), [tgQ.currentData]);
  const groupName = useCallback((tg: number) => groupNames.get(tg), [groupNames]);

  // per-step lock timer: the step's own budget from lockTimer, never beyond the hold's expiry
  const [stepStartedAt, setStepStartedAt] = useState(() => Date.now());
  useEffect(() => setStepStartedAt(Date.now()), [step, id]);
  const def = ORDER_STEPS[Math.min(step, ORDER_STEPS.length - 1)];
  const deadline = useMemo(() => {
    if (!p || !def.timer) return null;
    const stepEnd = stepStartedAt + p.lockTimer[def.timer] * 1000;
    const hold = cartP?.seats.length && cartP.holdExpiresAt ? Date.parse(cartP.holdExpiresAt) : null;
    return hold !== null && Number.isFinite(hold) ? Math.min(stepEnd, hold) : stepEnd;
  }, [p, def.timer, stepStartedAt, cartP?.seats.length, cartP?.holdExpiresAt]);

  const onExtend = useCallback(async () => {
    if (!p) return;
    if (!cartP?.seats.length) { setStepStartedAt(Date.now()); return; }
    try {
      const r = await extend({ presentationId: p.id }).unwrap();
      dispatch(cartActions.holdExpiresAt({ presentationId: p.id, expiresAt: r.expiresAt }));
      setStepStartedAt(Date.now());
    } catch (e) {
      toast((e as ApiFailure).key ?? 'errors.generic', 'error');
    }
  }, [p, cartP?.seats.length, extend, dispatch]);

  const onExpire = useCallback(async () => {
    if (!p) return;
    try { await release({ presentationId: p.id }).unwrap(); } catch { /* expiry releases them anyway */ }
    dispatch(cartActions.seatsUnselected({ presentationId: p.id, keys: (cartP?.seats ?? []).map((s) => s.key) }));
    dispatch(cartActions.stepChanged(0));
    dispatch(seatsApi.util.invalidateTags([{ type: 'Seats', id: p.id }]));
    setStepStartedAt(Date.now());
    toast('errors.HOLD_EXPIRED', 'error');
  }, [p, cartP?.seats, release, dispatch]);

  if (presQ.error) {
    const e = presQ.error as ApiFailure;
    return (
      <section className="tx-page" data-testid={e.code === 'LOCATION_OFFLINE' ? 'location-offline' : undefined}>
        <ErrorNotice messageKey={e.key} onRetry={e.code === 'LOCATION_OFFLINE' ? undefined : presQ.refetch} />
      </section>
    );
  }
  if (!p) return <section className="tx-page"><Spinner /></section>;

  const locale = currentLocale();
  const Step = def.Component;
  return (
    <section className="tx-page" aria-labelledby="order-title" data-testid="order-page" data-presentation={p.id}>
      <div className={styles.header}>
        <div>
          <h1 id="order-title">{p.featureName}</h1>
          <p className={styles.meta}>{formatLongDateTime(p.dateTime, locale)} · {p.locationName} · {p.venueName}</p>
          <p className={styles.meta}><Link to="/order">{t('order.back')}</Link></p>
        </div>
        {!p.locationOffline && (
          <LockTimer deadline={deadline} warnSeconds={warnSeconds} onExtend={onExtend} onExpire={onExpire} extending={extendState.isLoading} />
        )}
      </div>
      {p.locationOffline ? (
        <div data-testid="location-offline"><ErrorNotice messageKey="errors.LOCATION_OFFLINE" /></div>
      ) : (
        <>
          <nav aria-label={t('order.stepsLabel')}>
            <ol className={styles.steps}>
              {ORDER_STEPS.map((s, k) => (
                <li key={s.id} aria-current={k === step ? 'step' : undefined} className={k < step ? styles.done : undefined}>
                  <span aria-hidden="true">{k + 1}.</span>
                  {k < step
                    ? <button type="button" onClick={() => dispatch(cartActions.stepChanged(k))}>{t(`order.steps.${s.id}`)}</button>
                    : t(`order.steps.${s.id}`)}
                </li>
              ))}
            </ol>
          </nav>
          <h2 className="tx-visually-hidden">{t(`order.steps.${def.id}`)}</h2>
          <Step
            presentation={p}
            groupName={groupName}
            onNext={() => dispatch(cartActions.stepChanged(Math.min(step + 1, ORDER_STEPS.length - 1)))}
            onBack={() => dispatch(cartActions.stepChanged(Math.max(0, step - 1)))}
          />
        </>
      )}
    </section>
  );
}
