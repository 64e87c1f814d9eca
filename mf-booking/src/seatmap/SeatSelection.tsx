import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, SEAT_FLAGS, Spinner, type ApiFailure, type Presentation, type SeatplanV2, type SeatsStatusV2Response } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
import { useSeatplanV2Query, useSeatsStatusV2Query } from '../api/seatsApi';
import { cartActions, type CartSeat } from '../cart/cartSlice';
import type { BookingDispatch, BookingState } from '../store';
import { SeatMapModel } from './model';
import { SeatMap } from './SeatMap';
import { BestAvailable, GaPanel, Legend, ListPicker, RuleMessage, SelectedSeats, SelectionProblems } from './SeatPanels';
import { Dialog } from './Dialog';
import { cartSeatOf, useSeatSelection } from './useSeatSelection';
import { useSeatEvents } from './useSeatEvents';
import { validateSelection } from './rules';
import { modelSeatLabel } from './labels';
import styles from './seatmap.module.css';

/** Seating policy that turns on single-seat gap blocking (spec section 9). */
export const SINGLE_SEAT_POLICY = 3;

/** Builds the model and applies the first status in one go (measured: seatmap:render:start → :end after the first draw). */
export function buildModel(plan: SeatplanV2, status: SeatsStatusV2Response, seatingPolicyId: number): SeatMapModel {
  const m = new SeatMapModel(plan);
  m.singleSeatRule = seatingPolicyId === SINGLE_SEAT_POLICY;
  m.applyStatus(status);
  return m;
}

/**
 * False until the frame after `ready` has been painted: parts of the page that are not needed to see and use the map
 * (legend, best available, list picker) mount then, so the first paint of the map does not wait for them. A tab in
 * the background gets no frames; the timer mounts them anyway.
 */
function useAfterFirstPaint(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    const show = () => startTransition(() => setDone(true));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => { timer = setTimeout(show, 0); });
    const fallback = setTimeout(show, 300);
    return () => { cancelAnimationFrame(raf); clearTimeout(timer); clearTimeout(fallback); };
  }, [ready, done]);
  return done;
}

/** Step 0, choose seats: the map, its accessible alternatives, best available and the rules' explanations. */
export function SeatSelection({ presentation: p, groupName, onValidityChange }: {
  presentation: Presentation; groupName: (tg: number) => string | undefined; onValidityChange: (ok: boolean) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<BookingDispatch>();
  const planQ = useSeatplanV2Query({ venueId: p.venueId, seatplanId: p.seatplanId });
  const statusQ = useSeatsStatusV2Query({ presentationId: p.id, isReserved: p.isReserved }, { refetchOnMountOrArgChange: true });
  const plan = planQ.currentData?.seatplan;
  const status = statusQ.currentData;
  const cartSeats = useSelector((s: BookingState) => s.cart.presentations[p.id]?.seats);
  const seats = useMemo(() => cartSeats ?? [], [cartSeats]);

  const firstStatus = useRef<SeatsStatusV2Response | undefined>(undefined);
  const model = useMemo(() => {
    if (!plan || !status) return null;
    performance.mark('seatmap:render:start');
    firstStatus.current = status;
    return buildModel(plan, status, p.seatingPolicyId);
    // the model is rebuilt only for a new plan; later statuses are applied to it below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan, !!status, p.seatingPolicyId]);

  // Later statuses (resync after reconnect, refetch) update the same model.
  useEffect(() => {
    if (model && status && status !== firstStatus.current) { firstStatus.current = status; model.applyStatus(status); }
  }, [model, status]);

  // The server is the truth about our holds: after a (re)load the held seats show selected again.
  useEffect(() => {
    if (!model || !status) return;
    const held = new Set(status.held);
    const restored: Array<Omit<CartSeat, 'ticket' | 'isFirstAddonSelected'>> = [];
    for (const i of model.selectedIndices()) restored.push(cartSeatOf(model, i, 'held'));
    for (const [secId, places] of model.gaHeld) {
      const sec = model.sectionById.get(secId)!;
      for (const pl of places) restored.push({ key: `${secId}_${pl.x}_${pl.y}`, sectionId: secId, XCoordinate: pl.x, YCoordinate: pl.y, RowName: '', SeatName: '', SectionName: sec.name, TicketGroupId: sec.ticketGroupId, AllocationId: 0, isGA: true, hold: 'held' });
    }
    const stale = seats.filter((s) => s.hold === 'held' && !held.has(s.key)).map((s) => s.key);
    if (stale.length) dispatch(cartActions.seatsUnselected({ presentationId: p.id, keys: stale }));
    if (restored.length) dispatch(cartActions.seatsSelected({ presentationId: p.id, seats: restored }));
    dispatch(cartActions.holdExpiresAt({ presentationId: p.id, expiresAt: status.holdExpiresAt }));
    // only when a status arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, status]);

  const sel = useSeatSelection(p, model);
  const resync = useCallback(() => { void statusQ.refetch(); }, [statusQ]);
  useSeatEvents(p.id, model, sel.isOwnPending, resync);

  const [focusRequest, setFocusRequest] = useState<{ seat: number; n: number }>();
  const panels = useAfterFirstPaint(!!model);
  const [live, setLive] = useState('');
  const [, setVersion] = useState(0);
  useEffect(() => model?.subscribe(() => setVersion((v) => v + 1)), [model]);

  // only rows with a selected seat can hold a problem: the same result without building the 20,000 seats of the arena
  const problems = useMemo(() => (model ? validateSelection(model.selectionRuleRows(), sel.maxSeats, seats.length) : []),
    // recomputed on every model/cart change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, seats, sel.maxSeats, model && model.version]);
  const strict = !!model?.singleSeatRule;
  const valid = seats.length > 0 && seats.every((s) => s.hold === 'held') && (!strict || problems.length === 0);
  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);

  const activate = useCallback((i: number) => {
    if (!model) return;
    const wasSelected = !!model.selected[i];
    sel.toggle(i);
    setLive(modelSeatLabel(t, model, i, groupName));
    void wasSelected;
  }, [model, sel, t, groupName]);

  if (planQ.error || statusQ.error) {
    const e = (planQ.error ?? statusQ.error) as ApiFailure;
    return <ErrorNotice messageKey={e.key} onRetry={() => { void planQ.refetch(); void statusQ.refetch(); }} />;
  }
  if (!model) return <Spinner />;

  const hasReserved = model.n > 0;
  const hasGA = model.sections.some((s) => s.isGA);
  const showMap = hasReserved || model.mode === 'multiGA' || model.mode === 'mixed';
  const hasAccessible = (model.flagsAny & SEAT_FLAGS.handicap) !== 0;
  const confirmSeat = sel.confirmation;

  return (
    <div className={styles.layout} data-testid="seat-selection" data-mode={model.mode}>
      <div>
        {showMap && (
          <SeatMap
            model={model}
            groupName={groupName}
            onActivate={activate}
            onGeneralAdmission={(id) => document.getElementById(`ga-${id}`)?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus()}
            focusRequest={focusRequest}
          />
        )}
        {showMap && panels && <Legend hasGA={hasGA} />}
        <div className="tx-visually-hidden" aria-live="polite" data-testid="seat-live">{live}</div>
      </div>
      <div className={styles.side}>
        {sel.refusal && (
          <RuleMessage
            refusal={sel.refusal}
            model={model}
            groupName={groupName}
            onDismiss={sel.clearRefusal}
            onChoose={(i) => { sel.clearRefusal(); setFocusRequest({ seat: i, n: Date.now() }); activate(i); }}
          />
        )}
        <SelectionProblems problems={problems} model={model} strict={strict} />
        <GaPanel model={model} seats={seats} onAdd={sel.gaAdd} onRemove={sel.gaRemove} maxReached={seats.length >= sel.maxSeats} />
        <SelectedSeats
          seats={seats}
          maxSeats={sel.maxSeats}
          onRemove={(s) => {
            if (s.isGA) { sel.gaRemove(s.sectionId); return; }
            const i = model.indexByKey(s.key);
            if (i >= 0) sel.unselect(i);
          }}
        />
        {hasReserved && panels && (
          <BestAvailable
            maxSeats={sel.maxSeats}
            hasAccessible={hasAccessible}
            loading={sel.bestLoading}
            onRun={async (q, acc) => {
              const r = await sel.bestAvailable(q, acc);
              if (r) {
                if (r.first >= 0) setFocusRequest({ seat: r.first, n: Date.now() });
                setLive(t(r.match.together ? 'seatmap.best.resultTogether' : 'seatmap.best.resultApart', { n: r.match.seats.length }));
              }
            }}
          />
        )}
        {hasReserved && panels && <ListPicker model={model} groupName={groupName} onToggle={activate} />}
      </div>
      <Dialog
        open={!!confirmSeat}
        role="alertdialog"
        testId="confirm-seat"
        title={confirmSeat ? t(`seatmap.confirm.${confirmSeat.kind}.title`) : ''}
        onCancel={() => sel.confirm(false)}
        actions={<>
          <button type="button" className="tx-btn tx-btn-secondary" onClick={() => sel.confirm(false)}>{t('common:actions.cancel')}</button>
          <button type="button" className="tx-btn" onClick={() => sel.confirm(true)} data-autofocus>{t('seatmap.confirm.ok')}</button>
        </>}
      >
        {confirmSeat && <p>{t(`seatmap.confirm.${confirmSeat.kind}.body`, { row: model.rows[model.rowOf[confirmSeat.seat]].name, seat: model.seatName[confirmSeat.seat] })}</p>}
      </Dialog>
    </div>
  );
}
