import * as z from 'zod/mini';
import { lazy } from './lazy';
import { HeldSeat } from './seats';

/**
 * Seat change of an existing reservation (issue 16 item 5): the cart's `modify` block — resId (the
 * reservation number), lastTransactionId (the reservation's current transaction, from its e-ticket) and
 * tickets with their new seat. New seats are held first by the visit (lock-seat), in the same
 * presentation and price level ("no different price level for modified seats"), within the exchange window.
 */
export const SeatChangeTicket = lazy(() => z.object({
  presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int(),
  newSeat: HeldSeat,
}));
export type SeatChangeTicket = z.infer<typeof SeatChangeTicket>;

export const ModifyBlock = lazy(() => z.object({
  resId: z.string().check(z.minLength(1), z.maxLength(40)),
  lastTransactionId: z.string().check(z.minLength(1), z.maxLength(100)),
  tickets: z.array(SeatChangeTicket).check(z.minLength(1), z.maxLength(50)),
}));
export type ModifyBlock = z.infer<typeof ModifyBlock>;

export const SeatChangeBody = lazy(() => z.object({ modify: ModifyBlock }));
export type SeatChangeBody = z.infer<typeof SeatChangeBody>;

export const SeatChangeSeat = lazy(() => z.object({
  ticketIdentifier: z.string(), presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int(),
  ticketGroupId: z.int(), RowName: z.nullable(z.string()), SeatName: z.nullable(z.string()),
}));
export type SeatChangeSeat = z.infer<typeof SeatChangeSeat>;

/** GET /edocument/{documentKey}/seat-change: whether the seats can be changed, and what the change needs. */
export const SeatChangeInfo = lazy(() => z.object({
  reservationIdentifier: z.string(),
  lastTransactionId: z.string(),
  allowed: z.boolean(),
  /** Why not: EVENT_PAST | MODIFY_WINDOW_CLOSED | MODIFY_NOT_ALLOWED (cancelled, unpaid hold, general admission, video on demand). */
  reason: z.nullable(z.string()),
  /** End of the exchange window (exchangeWindowDays after the purchase, never after the start). */
  until: z.string(),
  exchangeWindowDays: z.int(),
  presentationId: z.int(),
  tickets: z.array(SeatChangeSeat),
}));
export type SeatChangeInfo = z.infer<typeof SeatChangeInfo>;

export const SeatChangeResponse = lazy(() => z.object({
  reservationIdentifier: z.string(),
  lastTransactionId: z.string(),
  tickets: z.array(SeatChangeSeat),
}));
export type SeatChangeResponse = z.infer<typeof SeatChangeResponse>;
