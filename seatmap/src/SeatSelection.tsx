import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice, SEAT_FLAGS, Spinner, type ApiFailure, type LockError, type Presentation, type SeatplanV2, type SeatsStatusV2Response } from '@ticketing/shared';
import { useSeatmapTranslation } from './locales';
import type { SeatMapBinding, SelectedSeat as CartSeat } from './binding';
import { SeatMapModel, drawnSeatCount, seatingModeOf } from './model';
import { SeatMap, SeatMapPlaceholder, SeatMapSkeleton } from './SeatMap';
import { createMapCanvas } from './mapCanvas';
import { BestAvailable, GaPanel, Legend, ListPicker, RuleMessage, SelectedSeats, SelectionProblems } from './SeatPanels';
import { Dialog } from './Dialog';
import { cartSeatOf, useSeatSelection, type Refusal } from './useSeatSelection';
import { useSeatEvents } from './useSeatEvents';
import { validateSelection } from './rules';
import { modelSeatLabel } from './labels';
import { noteAfterTap, seatNoteText, seatsTogether, type SeatNote } from './seatNote';
import styles from './seatmap.module.css';

/** Seating policy that turns on single-seat gap blocking (spec section 9). */
export const SINGLE_SEAT_POLICY = 3;

/**
 * From this many drawn seats the model is built in a task of its own, after the map's frame has been painted and before
 * React renders the map and draws it in the next task: an arena's 20,000 seats in one go were one task of 45–55 ms
 * (≈ 200 ms under a phone's 4× slower CPU, Lighthouse's Total Blocking Time) that could also hold back the page's paint.
 * A cinema hall keeps the single task: its first frame is what it waits for.
 */
export const SEPARATE_BUILD_SEATS = 5000;

/**
 * Builds the model and applies the first status in one go (measured: seatmap:render:start → :end after the first draw).
 * `currentSeats`: a seat change's current seats (SeatSelectionProps), marked before the first status.
 */
export function buildModel(plan: SeatplanV2, status: SeatsStatusV2Response, seatingPolicyId: number, currentSeats?: readonly string[]): SeatMapModel {
  const m = new SeatMapModel(plan);
  m.singleSeatRule = seatingPolicyId === SINGLE_SEAT_POLICY;
  if (currentSeats?.length) m.setCurrent(currentSeats);
  m.applyStatus(status);
  return m;
}

const NO_SEATS: number[] = [];

/**
 * False until the frame after `ready` has been painted: parts of the page that are not needed to see and use the map
 * (best available, list picker: below everything else, so nothing moves when they come) mount then, so the first
 * paint of the map does not wait for them. A tab in the background gets no frames; the timer mounts them anyway.
 */
function useAfterFirstPaint(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    return afterNextPaint(() => startTransition(() => setDone(true)), 300);
  }, [ready, done]);
  return done;
}

/**
 * Runs `fn` once, in a task of its own after the next frame has been painted; a tab in the background gets no frames,
 * so a timer runs it after `fallbackMs` anyway. Returns the cancel.
 */
function afterNextPaint(fn: () => void, fallbackMs: number): () => void {
  let done = false;
  const run = () => { if (!done) { done = true; fn(); } };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const raf = requestAnimationFrame(() => { timer = setTimeout(run, 0); });
  const fallback = setTimeout(run, fallbackMs);
  return () => { cancelAnimationFrame(raf); clearTimeout(timer); clearTimeout(fallback); };
}

export interface SeatSelectionProps {
  presentation: Presentation; groupName: (tg: number) => string | undefined; onValidityChange: (ok: boolean) => void;
  /** The caller's api contract and cart (booking: /seats/…; memberships: /membership/…). */
  binding: SeatMapBinding;
  /** The api's refusal of the whole selection when the visitor tried to continue (SINGLE_SEAT_GAP | COMPANION_ALONE). */
  continueRefusal?: LockError | null;
  onContinueRefusalClear?: () => void;
  /** The caller's own seat limit when lower than the site's `maxSeats` (a season's limit, the memberships chosen): shown and applied. */
  maxSeats?: number;
  /** Called once the map's first picture has been painted (the caller's work that the picture does not need can start). */
  onFirstPaint?: () => void;
  /**
   * A seat change: the order's current seats ('section_x_y' keys). They are marked on the map, in the legend and in
   * each seat's spoken name, and can be chosen again to keep them (no hold: they are the order's); absent on every
   * other map, which pays nothing for them.
   */
  currentSeats?: readonly string[];
  /** The current seats chosen again (kept), their keys in seat order: after each change of them. */
  onKeptChange?: (keys: string[]) => void;
}

/**
 * Step 0, choose seats: the map, its accessible alternatives, best available and the rules' explanations. Its texts
 * come in a chunk of their own (one language, `preloadSeatmapTexts` starts it with the page); until they are there its
 * placeholder keeps the map's place.
 */
export function SeatSelection(props: SeatSelectionProps) {
  return <Suspense fallback={<SeatMapPlaceholder />}><SeatSelectionView {...props} /></Suspense>;
}

function SeatSelectionView({
  presentation: p, groupName, onValidityChange, binding, continueRefusal, onContinueRefusalClear, maxSeats: callerMax, onFirstPaint, currentSeats, onKeptChange,
}: SeatSelectionProps) {
  const { t } = useSeatmapTranslation();
  const cart = binding.useCartActions();
  const planQ = binding.usePlan(p);
  const statusQ = binding.useStatus(p);
  const plan = planQ.currentData?.seatplan;
  const status = statusQ.currentData;
  const cartSeats = binding.useSeats(p.id);
  const seats = useMemo(() => cartSeats ?? [], [cartSeats]);

  // one canvas from the loading frame to the map (mapCanvas.ts)
  const [canvas] = useState(createMapCanvas);
  const firstStatus = useRef<SeatsStatusV2Response | undefined>(undefined);
  /** The model of the first status (measured from here: seatmap:render:start); later statuses are applied to it. */
  const startModel = (pl: SeatplanV2, st: SeatsStatusV2Response): SeatMapModel => {
    performance.mark('seatmap:render:start');
    firstStatus.current = st;
    return buildModel(pl, st, p.seatingPolicyId, currentSeats);
  };
  const separate = useMemo(() => !!plan && drawnSeatCount(plan) >= SEPARATE_BUILD_SEATS, [plan]);
  const inline = useMemo(() => (plan && status && !separate ? startModel(plan, status) : null),
    // the model is rebuilt only for a new plan; later statuses are applied to it below
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [plan, !!status, p.seatingPolicyId, separate]);
  const [built, setBuilt] = useState<{ plan: SeatplanV2; presentationId: number; model: SeatMapModel } | null>(null);
  const fitting = built && built.plan === plan && built.presentationId === p.id ? built.model : null;
  useEffect(() => {
    if (!separate || !plan || !status || fitting) return;
    // after the frame that shows the map's frame (its toolbar and hint), so that the page is painted before the long work
    return afterNextPaint(() => setBuilt({ plan, presentationId: p.id, model: startModel(plan, status) }), 100);
    // as above: a new plan or presentation builds a new model, a later status is applied to it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [separate, plan, !!status, p.id, p.seatingPolicyId, !!fitting]);
  const model = separate ? (status ? fitting : null) : inline;
  // More than one price level in the hall: the seat list names each seat's level (a scan that stops at the first
  // difference, not a set of 20,000 seats while the map draws its first frame).
  const multiLevel = useMemo(() => !!model && model.tg.some((g) => g !== model.tg[0]), [model]);

  // Later statuses (resync after reconnect, refetch) update the same model.
  useEffect(() => {
    if (model && status && status !== firstStatus.current) { firstStatus.current = status; model.applyStatus(status); }
  }, [model, status]);
  // the order's current seats after the model was built (the same list costs a comparison)
  useEffect(() => { model?.setCurrent(currentSeats); }, [model, currentSeats]);

  // The server is the truth about our holds: after a (re)load the held seats show selected again.
  useEffect(() => {
    if (!model || !status) return;
    const held = new Set(status.held);
    const restored: CartSeat[] = [];
    // a kept current seat is no hold: it never goes to the cart
    for (const i of model.selectedIndices()) if (!model.isCurrent(i)) restored.push(cartSeatOf(model, i, 'held'));
    for (const [secId, places] of model.gaHeld) {
      const sec = model.sectionById.get(secId)!;
      for (const pl of places) restored.push({ key: `${secId}_${pl.x}_${pl.y}`, sectionId: secId, XCoordinate: pl.x, YCoordinate: pl.y, RowName: '', SeatName: '', SectionName: sec.name, TicketGroupId: sec.ticketGroupId, AllocationId: 0, isGA: true, hold: 'held' });
    }
    const stale = seats.filter((s) => s.hold === 'held' && !held.has(s.key)).map((s) => s.key);
    if (stale.length) cart.seatsUnselected({ presentationId: p.id, keys: stale });
    if (restored.length) cart.seatsSelected({ presentationId: p.id, seats: restored });
    cart.holdExpiresAt({ presentationId: p.id, expiresAt: status.holdExpiresAt });
    // only when a status arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, status]);

  const sel = useSeatSelection(p, model, binding);
  const maxSeats = Math.min(sel.maxSeats, callerMax ?? sel.maxSeats);
  // the caller's lower limit is refused at the click, like the site's (the api refuses it too)
  const [limitRefusal, setLimitRefusal] = useState<Refusal | null>(null);
  useEffect(() => setLimitRefusal(null), [seats]);
  const refusal = limitRefusal ?? sel.refusal;
  const clearRefusal = () => { setLimitRefusal(null); sel.clearRefusal(); };
  const resync = useCallback(() => { void statusQ.refetch(); }, [statusQ]);
  useSeatEvents(p.id, model, sel.isOwnPending, resync, binding.eventsUrl(p.id), cart);

  const [focusRequest, setFocusRequest] = useState<{ seat: number; n: number }>();
  const panels = useAfterFirstPaint(!!model);
  const firstPaint = useRef(onFirstPaint);
  firstPaint.current = onFirstPaint;
  useEffect(() => { if (panels) firstPaint.current?.(); }, [panels]);
  const [live, setLive] = useState('');
  // A tap says where the eye is what the map did beyond the one seat: a taken seat (QA, fifteenth session: nothing
  // happened, on a phone too), or a sofa's other half / a wheelchair space's companion seat taken or given back with it.
  const [note, setNote] = useState<SeatNote | null>(null);
  useEffect(() => {
    if (note === null) return;
    const id = setTimeout(() => setNote(null), 4000);
    return () => clearTimeout(id);
  }, [note]);
  const [, setVersion] = useState(0);
  useEffect(() => model?.subscribe(() => setVersion((v) => v + 1)), [model]);
  // the current seats chosen again (seat change): chosen seats for the count, the limit, the rules and the list
  const kept = useMemo(() => (model?.current ? model.keptIndices() : NO_SEATS),
    // recomputed on every model change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, model && model.version]);
  const keptKeys = model && kept.length ? kept.map((i) => model.key(i)).join(' ') : '';
  const keptChange = useRef(onKeptChange);
  keptChange.current = onKeptChange;
  useEffect(() => { keptChange.current?.(keptKeys ? keptKeys.split(' ') : []); }, [keptKeys]);
  const chosenCount = seats.length + kept.length;
  const listed = useMemo(() => (model && kept.length ? [...seats, ...kept.map((i) => ({ ...cartSeatOf(model, i, 'held'), current: true }))] : seats),
    // kept changes with the model's version
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [seats, kept]);

  // only rows with a selected seat can hold a problem: the same result without building the 20,000 seats of the arena
  const problems = useMemo(() => (model ? validateSelection(model.selectionRuleRows(), maxSeats, chosenCount) : []),
    // recomputed on every model/cart change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, seats, maxSeats, chosenCount, model && model.version]);
  const strict = !!model?.singleSeatRule;
  // A gap never disables Continue: the api judges it when the visitor continues (issue 14 point 6).
  const shown = problems.filter((x) => x.rule !== 'SINGLE_SEAT_GAP');
  const blocking = shown.filter((x) => strict || x.rule === 'COMPANION');
  const valid = chosenCount > 0 && seats.every((s) => s.hold === 'held') && blocking.length === 0;
  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);
  // a changed selection is judged again at the next Continue
  useEffect(() => { onContinueRefusalClear?.(); }, [seats, onContinueRefusalClear]);
  const apiRefusal = model && continueRefusal ? refusalOf(model, continueRefusal) : null;

  // a hold or release that failed was undone: the seat is said again as it now is (it stayed "selected" or "free")
  useEffect(() => {
    if (model && sel.reverted) setLive(modelSeatLabel(t, model, sel.reverted.seat, groupName));
  }, [sel.reverted]); // eslint-disable-line react-hooks/exhaustive-deps

  const activate = useCallback((i: number) => {
    if (!model) return;
    const wasSelected = !!model.selected[i];
    if (!wasSelected && chosenCount >= maxSeats && maxSeats < sel.maxSeats) {
      setNote(null);
      setLimitRefusal({ rule: 'MAX_SEATS', seat: -1, max: maxSeats });
      return;
    }
    const together = seatsTogether(model, i, wasSelected);
    sel.toggle(i);
    const note = noteAfterTap(model, i, wasSelected, together);
    setNote(note);
    const label = modelSeatLabel(t, model, i, groupName);
    setLive(note && note.kind !== 'taken' ? `${label}. ${seatNoteText(t, model, note)}` : label);
  }, [model, sel, t, groupName, chosenCount, maxSeats]);

  if (planQ.error || statusQ.error) {
    const e = (planQ.error ?? statusQ.error) as ApiFailure;
    return <ErrorNotice messageKey={e.key} onRetry={() => { void planQ.refetch(); void statusQ.refetch(); }} />;
  }
  if (!model) {
    // a hall with a drawn map (or a plan still on its way: most are) gets the map's frame; general admission alone a spinner
    const mode = plan ? seatingModeOf(plan) : 'reserved';
    return mode === 'singleGA' || mode === 'none' ? <Spinner /> : (
      <div className={styles.layout}><div><SeatMapSkeleton plan={plan} canvas={canvas} /></div></div>
    );
  }

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
            hallName={p.venueName}
            canvas={canvas}
            groupName={groupName}
            onActivate={activate}
            onGeneralAdmission={(id) => document.getElementById(`ga-${id}`)?.querySelector<HTMLButtonElement>('button:not([aria-disabled="true"])')?.focus()}
            focusRequest={focusRequest}
          />
        )}
        {/* with the map, not after it: on a phone the side panels are below it, and a legend mounting later pushed them down */}
        {note !== null && (
          <p role="status" className={note.kind === 'taken' ? styles.takenNote : styles.unitNote} data-testid={note.kind === 'taken' ? 'seat-taken' : 'seat-unit'}>
            {seatNoteText(t, model, note)}
          </p>
        )}
        {showMap && <Legend hasGA={hasGA} hasCurrent={!!model.current} />}
        <div className="tx-visually-hidden" aria-live="polite" data-testid="seat-live">{live}</div>
      </div>
      <div className={styles.side}>
        {refusal && (
          <RuleMessage
            refusal={refusal}
            model={model}
            groupName={groupName}
            onDismiss={clearRefusal}
            onChoose={(i) => { clearRefusal(); setFocusRequest({ seat: i, n: Date.now() }); activate(i); }}
          />
        )}
        {apiRefusal && (
          <RuleMessage
            refusal={apiRefusal}
            model={model}
            groupName={groupName}
            onDismiss={() => onContinueRefusalClear?.()}
            onChoose={(i) => { onContinueRefusalClear?.(); setFocusRequest({ seat: i, n: Date.now() }); activate(i); }}
          />
        )}
        <SelectionProblems problems={shown} model={model} strict={strict || shown.some((x) => x.rule === 'COMPANION')} />
        <GaPanel model={model} seats={seats} onAdd={sel.gaAdd} onRemove={sel.gaRemove} maxReached={chosenCount >= maxSeats} vod={p.isVod} />
        <SelectedSeats
          seats={listed}
          maxSeats={maxSeats}
          vod={p.isVod}
          places={model.mode === 'singleGA' || model.mode === 'multiGA'}
          levelOf={multiLevel ? (s) => groupName(s.TicketGroupId) : undefined}
          onRemove={(s) => {
            if (s.isGA) { sel.gaRemove(s.sectionId); return; }
            const i = model.indexByKey(s.key);
            // as a tap on the map: a sofa's other half or a companion seat going with it is said
            if (i >= 0 && model.selected[i]) activate(i);
          }}
        />
        {hasReserved && panels && sel.canBest && (
          <BestAvailable
            maxSeats={maxSeats}
            hasAccessible={hasAccessible}
            loading={sel.bestLoading}
            onRun={async (q, acc) => {
              const r = await sel.bestAvailable(q, acc);
              if (!r) return null;
              if (!r.ok) return t(r.key, { count: r.count });
              // the keyboard focus goes to the first seat held, in the hall as in the arena (it was left on <body>)
              if (r.first >= 0) setFocusRequest({ seat: r.first, n: Date.now() });
              // one seat is not "side by side" (plural forms: "1 seats held, side by side" before)
              setLive(t(r.match.together ? 'seatmap.best.resultTogether' : 'seatmap.best.resultApart', { count: r.match.seats.length }));
              return null;
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
          {confirmSeat?.companion !== undefined && (
            <button type="button" className="tx-btn" onClick={() => sel.confirm(true, true)} data-testid="confirm-with-companion">
              {t('seatmap.confirm.withCompanion', { seat: model.seatName[confirmSeat.companion] })}
            </button>
          )}
        </>}
      >
        {confirmSeat && <p>{t(`seatmap.confirm.${confirmSeat.kind}.body`, { row: model.rows[model.rowOf[confirmSeat.seat]].name, seat: model.seatName[confirmSeat.seat] })}</p>}
        {confirmSeat?.companion !== undefined && <p>{t('seatmap.confirm.companionOffer', { seat: model.seatName[confirmSeat.companion] })}</p>}
      </Dialog>
    </div>
  );
}

/** The api's refusal of the whole selection as the seat map's explained refusal (seat, fix). */
function refusalOf(model: SeatMapModel, e: LockError): Refusal | null {
  const at = (x?: { sectionId: number; x: number; y: number } | null) => (x ? model.indexOf(x.sectionId, x.x, x.y) : -1);
  const seat = at(e.seat);
  const fix = at(e.suggestion);
  if (e.error === 'SINGLE_SEAT_GAP') {
    return { rule: 'SINGLE_SEAT_GAP', seat, gapSeat: fix >= 0 ? fix : undefined, suggestion: fix >= 0 ? fix : undefined };
  }
  if (e.error === 'COMPANION_ALONE') return { rule: 'COMPANION', seat, suggestion: fix >= 0 ? fix : undefined };
  return null;
}
