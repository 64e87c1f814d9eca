import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatLongDateTime, type Presentation } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { seatsApi, useReleaseHoldsMutation } from '../api/seatsApi';
import { cartActions } from '../cart/cartSlice';
import { cartConflicts, otherHeldSeats, type CinemaOf } from '../cart/cartConflicts';
import type { BookingDispatch, BookingState } from '../store';
import styles from './OtherCinemaNotice.module.css';

/**
 * One order is for one cinema (spec: cart build throws 'Incompatible AuthProfile' / 'Incompatible Business' when the
 * presentations differ). When the cart holds seats at a screening that cannot share an order with this one, the order
 * page says so before any seat is chosen here, names that screening, and offers its two ways on: back to that order,
 * or release those seats (the api's release of the holds, then the cart drops them) and go on here. Nothing goes
 * without the visitor asking.
 */
export function OtherCinemaNotice({ presentation }: { presentation: Presentation }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<BookingDispatch>();
  const locale = i18n.language;
  const step = useSelector((s: BookingState) => s.cart.step);
  const held = useSelector((s: BookingState) => otherHeldSeats(s.cart, presentation.id), shallowEqual);
  const othersKey = Object.keys(held).join(',');
  const others = useMemo(() => (othersKey ? othersKey.split(',').map(Number) : []), [othersKey]);
  // The other screenings' details (cinema, film, time): the same query as their own order pages, kept while shown.
  useEffect(() => {
    const subs = others.map((id) => dispatch(seatsApi.endpoints.presentation.initiate({ id, locale })));
    return () => subs.forEach((s) => s.unsubscribe());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by the ids, not the array
  }, [othersKey, locale, dispatch]);
  const known = useSelector((s: BookingState) => others.map((id) => seatsApi.endpoints.presentation.select({ id, locale })(s).data?.presentation), shallowEqual);
  const byId: Record<string, Presentation | undefined> = Object.fromEntries(others.map((id, k) => [String(id), known[k]]));
  const { conflicts } = cartConflicts(presentation as CinemaOf, held, byId);

  const [release] = useReleaseHoldsMutation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [released, setReleased] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const onRelease = async () => {
    setBusy(true);
    setFailed(false);
    const names: string[] = [];
    let ok = true;
    for (const c of conflicts) {
      try {
        await release({ presentationId: c.presentationId }).unwrap();
      } catch {
        ok = false; // that screening's seats stay in the cart: nothing is dropped that the api still holds
        continue;
      }
      names.push(byId[String(c.presentationId)]?.locationName ?? '');
      dispatch(cartActions.presentationRemoved({ presentationId: c.presentationId }));
      dispatch(seatsApi.util.invalidateTags([{ type: 'Seats', id: c.presentationId }]));
    }
    setBusy(false);
    if (!ok) { setFailed(true); return; }
    setReleased([...new Set(names)].join(', '));
    requestAnimationFrame(() => doneRef.current?.focus());
  };

  if (!conflicts.length) {
    // said on the seat step only: its 'choose seats here' is old news once the visitor has gone on
    return released !== null && step === 0
      ? <p ref={doneRef} tabIndex={-1} role="status" className={styles.done} data-testid="other-cinema-released">{t('order.otherCinema.released', { cinema: released })}</p>
      : null;
  }
  const here = presentation.locationName;
  const when = (p: Presentation) => formatLongDateTime(p.dateTime, currentLocale());
  return (
    <section role="alert" aria-labelledby="other-cinema-title" className={`tx-card ${styles.notice}`} data-testid="other-cinema-notice" id="other-cinema-notice" tabIndex={-1}>
      <h2 id="other-cinema-title" className={styles.title}>{t('order.otherCinema.title')}</h2>
      {conflicts.map((c) => {
        const o = byId[String(c.presentationId)]!;
        return (
          <div key={c.presentationId}>
            <p>{t('order.otherCinema.held', { count: c.seats, film: o.featureName, when: when(o), cinema: o.locationName })}</p>
            <p>{t('order.otherCinema.why', { cinema: o.locationName, here })}</p>
          </div>
        );
      })}
      {failed && <p className="tx-error" data-testid="other-cinema-failed">{t('order.otherCinema.failed')}</p>}
      <div className={styles.actions}>
        {conflicts.map((c) => (
          <Link key={c.presentationId} className="tx-btn tx-btn-secondary" to={`/order/${c.presentationId}`} data-testid="other-cinema-back">
            {t('order.otherCinema.back', { cinema: byId[String(c.presentationId)]!.locationName })}
          </Link>
        ))}
        <button type="button" className="tx-btn" onClick={() => void onRelease()} disabled={busy} aria-busy={busy} data-testid="other-cinema-release">
          {t(busy ? 'order.otherCinema.releasing' : 'order.otherCinema.release', { here })}
        </button>
      </div>
    </section>
  );
}
