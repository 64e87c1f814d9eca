import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, formatLongDateTime, seatKey, toast, type ApiFailure } from '@ticketing/shared';
import { SeatSelection } from '@ticketing/seatmap';
import { NAMESPACE } from '../locales';
import { usePresentationQuery, useTicketGroupsQuery, seatsApi } from '../api/seatsApi';
import { useModifySeatsMutation, useSeatChangeInfoQuery } from '../api/seatChangeApi';
import { cartActions } from '../cart/cartSlice';
import { bookingSeatBinding } from '../order/seatBinding';
import { useLocale } from '../checkout/hooks';
import type { BookingDispatch, BookingState } from '../store';
import { modifyBlock } from './pairSeats';

/**
 * /edocument/{documentKey}/seats (issue 16 item 5): change the seats of a reservation — same presentation,
 * same price level, as many new seats as tickets. The new seats are held on the seat map like any seat;
 * "Change seats" commits the change in one step and goes back to the updated e-ticket. The order's current seats are
 * framed on the map and can be chosen again to keep them: their tickets are left out of the change (the api moves
 * only the tickets the change names), so one seat can stay while another moves.
 */
export function SeatChangePage() {
  const { documentKey = '' } = useParams();
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const navigate = useNavigate();
  const dispatch = useDispatch<BookingDispatch>();
  const infoQ = useSeatChangeInfoQuery({ documentKey });
  const info = infoQ.currentData;
  const pid = info?.presentationId ?? 0;
  const presQ = usePresentationQuery({ id: pid, locale: i18n.language }, { skip: !pid });
  const p = presQ.currentData?.presentation;
  const tgQ = useTicketGroupsQuery({ id: pid, locale: i18n.language }, { skip: !p });
  const groupNames = useMemo(() => new Map((tgQ.currentData?.ticketGroups ?? []).map((g) => [g.id, g.name])), [tgQ.currentData]);
  const groupName = useCallback((tg: number) => groupNames.get(tg), [groupNames]);
  const chosen = useSelector((s: BookingState) => s.cart.presentations[pid]?.seats);
  const [valid, setValid] = useState(false);
  const [modify, modifyState] = useModifySeatsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const currentSeats = useMemo(() => info?.tickets.map((x) => seatKey(x.sectionId, x.x, x.y)), [info]);
  const [kept, setKept] = useState<string[]>([]);

  useEffect(() => {
    if (p) dispatch(cartActions.presentationSelected({ presentationId: p.id, venueId: p.venueId, seatplanId: p.seatplanId, serviceCharge: p.serviceCharge }));
  }, [p, dispatch]);

  if (infoQ.error || presQ.error) {
    return <section className="tx-page"><ErrorNotice messageKey={((infoQ.error ?? presQ.error) as ApiFailure).key} /></section>;
  }
  if (!info || !p) return <section className="tx-page"><Spinner /></section>;

  const held = (chosen ?? []).filter((s) => s.hold === 'held' && !s.isGA);
  const block = modifyBlock(info, held, kept);
  // Why "Change" stays disabled, when the visitor can act on it: a seat of another price level, or more seats than tickets.
  const otherLevel = held.filter((s) => !info.tickets.some((x) => x.ticketGroupId === s.TicketGroupId));
  const seatList = info.tickets.map((x) => t('seatChange.seat', { row: x.RowName ?? '', seat: x.SeatName ?? '' })).join(', ');
  const group = groupName(info.tickets[0]?.ticketGroupId ?? 0) ?? '';

  const submit = async () => {
    if (!block) return;
    setFailure(null);
    try {
      await modify({ documentKey, modify: block }).unwrap();
      dispatch(cartActions.seatsUnselected({ presentationId: p.id, keys: (chosen ?? []).map((s) => s.key) }));
      dispatch(seatsApi.util.invalidateTags([{ type: 'Seats', id: p.id }]));
      toast(`${NAMESPACE}:seatChange.done`, 'info');
      navigate(`/edocument/${encodeURIComponent(documentKey)}`);
    } catch (e) {
      setFailure((e as ApiFailure).key ?? 'errors.generic');
    }
  };

  return (
    <section className="tx-page" aria-labelledby="seat-change-title" data-testid="seat-change">
      <h1 id="seat-change-title">{t('seatChange.title')}</h1>
      <p>{p.featureName} · {formatLongDateTime(p.dateTime, locale)} · {p.venueName}</p>
      <p data-testid="seat-change-current">{t('seatChange.current', { reservation: info.reservationIdentifier, seats: seatList })}</p>
      {info.allowed ? (
        <>
          <p>{t('seatChange.choose', { count: info.tickets.length, group })} {t('seatChange.until', { date: formatLongDateTime(info.until, locale) })}</p>
          <p data-testid="seat-change-keep">{t('seatChange.keep', { count: info.tickets.length })}</p>
          <h2>{t('order.steps.chooseSeats')}</h2>
          {/* as many new seats as tickets: the map's limit and its "(0 of at most N)" say so (it said "at most 10") */}
          <SeatSelection presentation={p} groupName={groupName} onValidityChange={setValid} binding={bookingSeatBinding} maxSeats={info.tickets.length}
            currentSeats={currentSeats} onKeptChange={setKept} />
          {otherLevel.length > 0 ? (
            <p role="status" className="tx-error" data-testid="seat-change-hint">{t('seatChange.otherLevel', {
              seats: otherLevel.map((x) => t('seatChange.seat', { row: x.RowName ?? '', seat: x.SeatName ?? '' })).join(', '),
              group: groupName(otherLevel[0]!.TicketGroupId) ?? '', wanted: group,
            })}</p>
          ) : held.length + kept.length > info.tickets.length ? (
            <p role="status" className="tx-error" data-testid="seat-change-hint">{t('seatChange.tooMany', { count: held.length + kept.length - info.tickets.length })}</p>
          ) : kept.length === info.tickets.length && (
            <p role="status" data-testid="seat-change-hint">{t('seatChange.unchanged', { count: kept.length })}</p>
          )}
          {failure && <p role="alert" className="tx-error" data-testid="seat-change-error">{t(failure, { ns: ['common', NAMESPACE] })}</p>}
          <div>
            <button type="button" className="tx-btn" disabled={!block || !valid || modifyState.isLoading} onClick={() => void submit()} data-testid="seat-change-confirm">
              {t('seatChange.confirm', { count: block?.tickets.length ?? info.tickets.length })}
            </button>
          </div>
        </>
      ) : (
        <p role="alert" className="tx-error" data-testid="seat-change-closed">{t(`seatChange.reason.${info.reason ?? 'MODIFY_NOT_ALLOWED'}`)}</p>
      )}
      <p><Link to={`/edocument/${encodeURIComponent(documentKey)}`}>{t('seatChange.back')}</Link></p>
    </section>
  );
}
