import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SelectedSeat } from '@ticketing/seatmap';
import { seatHoldReducers, type SeatsOf } from '../seats/seatHoldReducers';
import type { EnrolOrderResponse } from '@ticketing/shared/contracts/enrolment';

/** The fixed season seats are kept under this key of `seats`; each event's seats under its presentation id. */
export const FIXED = 0;

/** One enrolment: season seats, tariffs, chosen optional events, seats per event, the answer. */
export interface EnrolState {
  seasonId: number | null;
  seats: Record<number, SelectedSeat[]>;
  /** Ticket id (tariff) → number of seats. */
  tariffs: Record<number, number>;
  /** Optional events chosen (required ones are always in). */
  optional: number[];
  holdExpiresAt: string | null;
  idempotencyKey: string | null;
  result: EnrolOrderResponse | null;
}

export const initialEnrol: EnrolState = { seasonId: null, seats: {}, tariffs: {}, optional: [], holdExpiresAt: null, idempotencyKey: null, result: null };


export const enrolSlice = createSlice({
  name: 'enrol',
  initialState: initialEnrol,
  reducers: {
    started(state, a: PayloadAction<number>) {
      if (state.seasonId !== a.payload) return { ...initialEnrol, seasonId: a.payload };
      return state;
    },
    tariffSet(state, a: PayloadAction<{ ticketId: number; quantity: number }>) { state.tariffs[a.payload.ticketId] = a.payload.quantity; },
    optionalToggled(state, a: PayloadAction<number>) {
      state.optional = state.optional.includes(a.payload) ? state.optional.filter((p) => p !== a.payload) : [...state.optional, a.payload];
    },
    ...seatHoldReducers,
    holdExpiresAt(state, a: PayloadAction<SeatsOf & { expiresAt: string | null }>) { if (a.payload.expiresAt) state.holdExpiresAt = a.payload.expiresAt; },
    eventSeatsReset(state, a: PayloadAction<number[]>) {
      // each chosen event starts from the fixed seats (held there by the fixed-seat lock)
      for (const pid of a.payload) state.seats[pid] = (state.seats[FIXED] ?? []).map((s) => ({ ...s }));
    },
    checkoutStarted(state, a: PayloadAction<string>) { state.idempotencyKey ??= a.payload; },
    committed(state, a: PayloadAction<EnrolOrderResponse>) { state.result = a.payload; state.idempotencyKey = null; },
    reset() { return initialEnrol; },
  },
});

export const enrolActions = enrolSlice.actions;
