import { useCallback, useMemo, useRef, useState } from 'react';
import { getRuntimeConfig, LockError, seatKey, toast, type ApiFailure, type LockSeatInput, type Presentation } from '@ticketing/shared';
import type { SeatMapBinding, SelectedSeat as CartSeat } from './binding';
import type { SeatMapModel } from './model';
import { checkSelect, type RuleCode } from './rules';
import { companionOffer, selectedCompanionsBeside } from './companion';

export interface Refusal {
  rule: RuleCode | 'SERVER';
  /** i18n key for server refusals. */
  key?: string;
  seat: number;
  gapSeat?: number;
  suggestion?: number;
  max?: number;
  group?: number;
}

/** Best available's answer: the held match (its first seat in the map), or the text that says why none was held. */
export type BestOutcome =
  | { ok: true; match: { seats: unknown[]; together: boolean }; first: number }
  | { ok: false; key: string; count?: number };

/**
 * Why best available held nothing. With "include a wheelchair space" the api answers an empty list (no refusal code)
 * when no window of the quantity holds a free wheelchair space; the map's own status tells the cases apart: no free
 * wheelchair space at all, or enough free seats in the hall but none of them beside a free wheelchair space.
 */
export function bestRefusal(model: SeatMapModel, quantity: number, accessibleNone: boolean): BestOutcome {
  if (accessibleNone) {
    let free = 0;
    let wheelchair = false;
    for (let i = 0; i < model.n; i++) {
      if (!model.available[i] || model.selected[i]) continue;
      free++;
      if (model.has(i, 'handicap')) wheelchair = true;
    }
    if (!wheelchair) return { ok: false, key: 'seatmap.best.noWheelchair' };
    if (free >= quantity && quantity > 1) return { ok: false, key: 'seatmap.best.noWheelchairBeside', count: quantity - 1 };
  }
  return { ok: false, key: 'common:errors.NOT_ENOUGH_SEATS' };
}

/** Why a release failed: the connection's or the server's own text when it has one, else the spec's "Error unlocking seat". */
export function unlockFailureKey(err: unknown): string {
  const f = err as ApiFailure | undefined;
  return f?.key && f.key !== 'errors.generic' && f.code !== 'unlock_seat_error' ? f.key : 'errors.unlock_seat_error';
}

/** A seat that asks first (spec section 5); a wheelchair space offers the free companion seat beside it. */
export interface Confirmation { seat: number; kind: 'handicap' | 'companion' | 'limitedView'; companion?: number }

type NewSeat = CartSeat;

export function cartSeatOf(model: SeatMapModel, i: number, hold: CartSeat['hold']): NewSeat {
  const sec = model.sections[model.sectionOf[i]];
  return {
    key: model.key(i), sectionId: sec.id, XCoordinate: model.x[i], YCoordinate: model.y[i],
    RowName: model.rows[model.rowOf[i]].name, SeatName: model.seatName[i], SectionName: sec.name,
    TicketGroupId: model.tg[i], AllocationId: model.allocationOf(i), isGA: false, hold,
  };
}

/**
 * Seat selection for one presentation: rules first (explained refusals), confirmation for handicap and
 * limited-view seats, optimistic select → lock (revert + "Seat no longer available" on failure), optimistic
 * unselect → unlock (re-select + "Error unlocking seat" on failure), general-admission quantities and best available.
 */
export function useSeatSelection(p: Presentation, model: SeatMapModel | null, binding: SeatMapBinding) {
  const actions = binding.useCartActions();
  const cartSeats = binding.useSeats(p.id);
  const cart = cartSeats ? { seats: cartSeats } : undefined;
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const api = binding.useHoldApi();
  const { lock, unlock } = api;
  const release = api.release;
  const best = api.bestAvailable;
  const bestState = { isLoading: api.bestLoading };
  const pending = useRef(new Set<string>());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A hold or release the api refused or never answered is undone on the map; `reverted` tells the view which seat, so
  // what a screen reader last heard ("selected", "free") is said again as it now is (n: each failure is new).
  const [reverted, setReverted] = useState<{ seat: number; n: number } | null>(null);
  const failures = useRef(0);
  const revertedAt = (seat: number) => setReverted({ seat, n: ++failures.current });
  const maxSeats = getRuntimeConfig().maxSeats;

  const input = useCallback((sectionId: number, x: number | null, y: number | null, tg: number): LockSeatInput => ({
    PresentationId: p.id, VenueId: p.venueId, VenueSeatplanId: p.seatplanId, VenueSectionId: sectionId,
    TicketGroupId: tg, XCoordinate: x, YCoordinate: y,
  }), [p.id, p.venueId, p.seatplanId]);

  // the current seats chosen again (seat change) count as chosen seats, though they are not in the cart
  const selectedGroups = () => {
    const groups = new Set((cartRef.current?.seats ?? []).map((s) => s.TicketGroupId));
    if (model?.current) for (const i of model.keptIndices()) groups.add(model.tg[i]);
    return groups;
  };
  const selectedCount = () => (cartRef.current?.seats.length ?? 0) + (model?.current ? model.keptIndices().length : 0);

  const failLock = useCallback((unit: number[], err: unknown) => {
    if (!model) return;
    const keys = unit.map((j) => model.key(j));
    model.setSelected(unit, false);
    actions.seatsUnselected({ presentationId: p.id, keys });
    revertedAt(unit[0]!);
    const f = err as ApiFailure;
    const body = LockError.safeParse(f?.data);
    const code = body.success ? body.data.error : f?.code;
    if (code === 'SINGLE_SEAT_GAP' && body.success) {
      const s = body.data.suggestion;
      const sug = s ? model.indexOf(s.sectionId, s.x, s.y) : -1;
      setRefusal({ rule: 'SINGLE_SEAT_GAP', seat: unit[0], suggestion: sug >= 0 ? sug : undefined });
      return;
    }
    // the server failed: the seat may well be free, so it is not marked taken (QA, sixteenth session: a 500 said so)
    if (typeof f?.status === 'number' && f.status >= 500 && code !== 'lock_seat_error') {
      toast(f.key && f.key !== 'errors.generic' ? f.key : 'errors.INTERNAL', 'error');
      return;
    }
    if (code && code !== 'lock_seat_error' && f?.key && f.key !== 'errors.generic') {
      toast(f.key, 'error', body.success && body.data.maxSeats ? { max: body.data.maxSeats } : undefined);
      return;
    }
    // taken by someone else meanwhile
    model.setAvailable(unit, false);
    toast('errors.lock_seat_error', 'error');
  }, [actions, model, p.id]);

  const select = useCallback((i: number, confirmed = false, then?: () => void) => {
    if (!model) return;
    const r = model.rowOf[i];
    const row = model.rows[r];
    // The single-seat rule is judged on the whole selection at Continue (issue 14 point 6), never per click.
    const check = checkSelect(model.ruleRowList(), r, i - row.start, {
      singleSeatRule: false, maxSeats, selectedCount: selectedCount(), selectedGroups: selectedGroups(),
    });
    if (!check.ok) {
      if (check.rule === 'UNAVAILABLE') { setAnnouncement(`unavailable:${i}`); return; }
      const sug = check.suggestion ? model.indexByKey(check.suggestion.key) : -1;
      const gap = check.gapKey ? model.indexByKey(check.gapKey) : -1;
      setRefusal({
        rule: check.rule, seat: i, suggestion: sug >= 0 ? sug : undefined, gapSeat: gap >= 0 ? gap : undefined,
        max: maxSeats, group: [...selectedGroups()][0],
      });
      return;
    }
    const unit = model.unitOf(i);
    if (model.current && unit.every((j) => model.isCurrent(j))) {
      // one of the order's current seats chosen again: kept, with no hold (it is sold to this order) and nothing to confirm
      setRefusal(null);
      model.setSelected(unit, true);
      then?.();
      return;
    }
    const kind = model.has(i, 'handicap') ? 'handicap' : model.has(i, 'companion') ? 'companion' : model.has(i, 'limitedView') ? 'limitedView' : null;
    if (kind && !confirmed) { setConfirmation({ seat: i, kind, companion: kind === 'handicap' ? companionOffer(model, i) : undefined }); return; }
    setRefusal(null);
    const keys = unit.map((j) => model.key(j));
    keys.forEach((k) => pending.current.add(k));
    model.setSelected(unit, true); // synchronous repaint of the seat (click → highlight)
    actions.seatsSelected({ presentationId: p.id, seats: unit.map((j) => cartSeatOf(model, j, 'pending')) });
    const sec = model.sections[model.sectionOf[i]];
    lock(input(sec.id, model.x[unit[0]], model.y[unit[0]], model.tg[i]))
      .then((res) => {
        for (const k of keys) actions.seatHeld({ presentationId: p.id, key: k, expiresAt: res.expiresAt });
        // the api holds every seat of a sofa unit; make sure all of them show selected
        const extra = res.seats.map((h) => model.indexOf(h.sectionId, h.x, h.y)).filter((j) => j >= 0 && !model.selected[j]);
        if (extra.length) {
          model.setSelected(extra, true);
          actions.seatsSelected({ presentationId: p.id, seats: extra.map((j) => cartSeatOf(model, j, 'held')) });
        }
        then?.();
      })
      .catch((err) => failLock(unit, err))
      .finally(() => keys.forEach((k) => pending.current.delete(k)));
  }, [model, maxSeats, p.id, actions, lock, input, failLock]);

  const unselect = useCallback((i: number) => {
    if (!model) return;
    if (model.isCurrent(i)) {
      // a kept current seat given back: no hold to release (with it a current companion seat beside it)
      setRefusal(null);
      model.setSelected([...model.unitOf(i), ...selectedCompanionsBeside(model, i).filter((j) => model.isCurrent(j))], false);
      return;
    }
    // a wheelchair space given back takes its companion seat with it (the api releases both)
    const unit = [...model.unitOf(i), ...selectedCompanionsBeside(model, i)];
    const keys = unit.map((j) => model.key(j));
    if (keys.some((k) => pending.current.has(k))) return;
    setRefusal(null);
    const before = cartRef.current?.seats.filter((s) => keys.includes(s.key)) ?? [];
    model.setSelected(unit, false);
    actions.seatsUnselected({ presentationId: p.id, keys });
    const sec = model.sections[model.sectionOf[i]];
    unlock(input(sec.id, model.x[unit[0]], model.y[unit[0]], model.tg[i])).catch((err: unknown) => {
      model.setSelected(unit, true);
      actions.seatsSelected({ presentationId: p.id, seats: before.length ? before : unit.map((j) => cartSeatOf(model, j, 'held')) });
      revertedAt(i);
      toast(unlockFailureKey(err), 'error');
    });
  }, [model, p.id, actions, unlock, input]);

  const toggle = useCallback((i: number) => {
    if (!model) return;
    if (model.selected[i]) unselect(i); else select(i);
  }, [model, select, unselect]);

  /** `withCompanion`: the wheelchair space and then, once it is held, the companion seat beside it. */
  const confirm = useCallback((ok: boolean, withCompanion = false) => {
    const c = confirmation;
    setConfirmation(null);
    if (!ok || !c) return;
    const mate = withCompanion ? c.companion : undefined;
    select(c.seat, true, mate === undefined ? undefined : () => select(mate, true));
  }, [confirmation, select]);

  // ---------- general admission: choose a quantity; each lock returns the server-picked place ----------

  const gaAdd = useCallback((sectionId: number) => {
    if (!model) return;
    const sec = model.sectionById.get(sectionId);
    if (!sec) return;
    const groups = selectedGroups();
    if (selectedCount() + 1 > maxSeats) { setRefusal({ rule: 'MAX_SEATS', seat: -1, max: maxSeats }); return; }
    if (groups.size && !groups.has(sec.ticketGroupId)) { setRefusal({ rule: 'PRICE_GROUP', seat: -1, group: [...groups][0] }); return; }
    setRefusal(null);
    const temp = `${sectionId}_pending_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
    pending.current.add(temp);
    actions.seatsSelected({ presentationId: p.id, seats: [{
      key: temp, sectionId, XCoordinate: 0, YCoordinate: 0, RowName: '', SeatName: '', SectionName: sec.name,
      TicketGroupId: sec.ticketGroupId, AllocationId: 0, isGA: true, hold: 'pending',
    }] });
    lock(input(sectionId, null, null, sec.ticketGroupId))
      .then((res) => {
        const { x, y } = res.lockedSeat;
        model.addGaHeld(sectionId, x, y);
        pending.current.add(seatKey(sectionId, x, y));
        actions.seatHeld({ presentationId: p.id, key: temp, moveTo: { key: seatKey(sectionId, x, y), x, y }, expiresAt: res.expiresAt });
        model.emit([]);
        setTimeout(() => pending.current.delete(seatKey(sectionId, x, y)), 2000);
      })
      .catch((err) => {
        actions.seatsUnselected({ presentationId: p.id, keys: [temp] });
        const f = err as ApiFailure;
        toast(f?.code && f.code !== 'lock_seat_error' && f.key !== 'errors.generic' ? f.key : 'errors.lock_seat_error', 'error');
      })
      .finally(() => pending.current.delete(temp));
  }, [model, maxSeats, p.id, actions, lock, input]);

  const gaRemove = useCallback((sectionId: number) => {
    if (!model) return;
    const sec = model.sectionById.get(sectionId);
    const held = cartRef.current?.seats.filter((s) => s.sectionId === sectionId && s.isGA && s.hold === 'held') ?? [];
    const last = held[held.length - 1];
    if (!sec || !last) return;
    model.removeGaHeld(sectionId, last.XCoordinate, last.YCoordinate);
    actions.seatsUnselected({ presentationId: p.id, keys: [last.key] });
    model.emit([]);
    unlock(input(sectionId, last.XCoordinate, last.YCoordinate, sec.ticketGroupId)).catch((err: unknown) => {
      model.addGaHeld(sectionId, last.XCoordinate, last.YCoordinate);
      actions.seatsSelected({ presentationId: p.id, seats: [last] });
      model.emit([]);
      toast(unlockFailureKey(err), 'error');
    });
  }, [model, p.id, actions, unlock, input]);

  // ---------- best available (replaces the current selection) ----------

  /**
   * Holds the best match, or says why not: the answer's `text` (a key and its values) is shown by the panel where the
   * visitor's focus goes, no longer in a toast that left the focus on <body>.
   */
  const bestAvailable = useCallback(async (quantity: number, accessible: boolean): Promise<BestOutcome | null> => {
    if (!model) return null;
    setRefusal(null);
    // best available replaces the whole selection: kept current seats too
    if (model.current) model.setSelected(model.keptIndices(), false);
    const current = cartRef.current?.seats ?? [];
    if (current.length) {
      try { await release(p.id); } catch (e) { return { ok: false, key: `common:${(e as ApiFailure).key ?? 'errors.generic'}` }; }
      model.setSelected(model.selectedIndices(), false);
      model.gaHeld.clear();
      actions.seatsUnselected({ presentationId: p.id, keys: current.map((s) => s.key) });
    }
    try {
      if (!best) return null;
      const res = await best({ presentationId: p.id, quantity, accessible });
      const match = res.matches.find((m) => m.locked) ?? res.matches[0];
      if (!match || !match.locked) return bestRefusal(model, quantity, accessible && res.matches.length === 0);
      const idx = match.seats.map((s) => model.indexOf(s.VenueSectionId, s.XCoordinate, s.YCoordinate)).filter((j) => j >= 0);
      const reservedKeys = new Set(idx.map((j) => model.key(j)));
      model.setSelected(idx, true);
      const gaSeats: NewSeat[] = match.seats.filter((s) => !reservedKeys.has(seatKey(s.VenueSectionId, s.XCoordinate, s.YCoordinate))).map((s) => {
        const sec = model.sectionById.get(s.VenueSectionId)!;
        model.addGaHeld(s.VenueSectionId, s.XCoordinate, s.YCoordinate);
        return { key: seatKey(s.VenueSectionId, s.XCoordinate, s.YCoordinate), sectionId: s.VenueSectionId, XCoordinate: s.XCoordinate, YCoordinate: s.YCoordinate, RowName: s.RowName, SeatName: s.SeatName, SectionName: sec?.name ?? '', TicketGroupId: s.TicketGroupId, AllocationId: 0, isGA: true, hold: 'held' };
      });
      actions.seatsSelected({ presentationId: p.id, seats: [...idx.map((j) => cartSeatOf(model, j, 'held')), ...gaSeats] });
      actions.holdExpiresAt({ presentationId: p.id, expiresAt: res.expiresAt });
      return { ok: true, match, first: idx[0] ?? -1 };
    } catch (e) {
      return { ok: false, key: `common:${(e as ApiFailure).key ?? 'errors.generic'}` };
    }
  }, [model, p.id, actions, release, best]);

  const isOwnPending = useCallback((key: string) => pending.current.has(key), []);

  return useMemo(() => ({
    toggle, select, unselect, confirm, confirmation, refusal, clearRefusal: () => setRefusal(null),
    gaAdd, gaRemove, bestAvailable, bestLoading: bestState.isLoading, canBest: !!best, isOwnPending, announcement, reverted, maxSeats,
  }), [best, toggle, select, unselect, confirm, confirmation, refusal, gaAdd, gaRemove, bestAvailable, bestState.isLoading, isOwnPending, announcement, reverted, maxSeats]);
}
