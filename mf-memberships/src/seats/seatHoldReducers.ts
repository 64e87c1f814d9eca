import type { PayloadAction } from '@reduxjs/toolkit';
import type { SelectedSeat } from '@ticketing/seatmap';

export type SeatsOf = { presentationId: number };

/** What a flow with a seat map keeps of its seats: the chosen seats per presentation and the hold's expiry. */
export interface SeatHoldState { seats: Record<number, SelectedSeat[]>; holdExpiresAt: string | null }

/** The seat map binding's reducers, shared by the membership purchase and the enrolment slices. */
export const seatHoldReducers = {
  seatsSelected(state: SeatHoldState, a: PayloadAction<SeatsOf & { seats: SelectedSeat[] }>) {
    const list = (state.seats[a.payload.presentationId] ??= []);
    for (const s of a.payload.seats) if (!list.some((x) => x.key === s.key)) list.push(s);
  },
  seatsUnselected(state: SeatHoldState, a: PayloadAction<SeatsOf & { keys: string[] }>) {
    const list = state.seats[a.payload.presentationId];
    if (list) state.seats[a.payload.presentationId] = list.filter((s) => !a.payload.keys.includes(s.key));
  },
  seatHeld(state: SeatHoldState, a: PayloadAction<SeatsOf & { key: string; moveTo?: { key: string; x: number; y: number }; expiresAt: string }>) {
    const s = state.seats[a.payload.presentationId]?.find((x) => x.key === a.payload.key);
    if (s) {
      s.hold = 'held';
      if (a.payload.moveTo) Object.assign(s, { key: a.payload.moveTo.key, XCoordinate: a.payload.moveTo.x, YCoordinate: a.payload.moveTo.y });
    }
    state.holdExpiresAt = a.payload.expiresAt;
  },
};
