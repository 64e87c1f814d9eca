import { z } from 'zod';
import { HeldSeat } from './seats';

/**
 * Seat change of an existing reservation (issue 16 item 5): the cart's `modify` block — resId (the
 * reservation number), lastTransactionId (the reservation's current transaction, from its e-ticket) and
 * tickets with their new seat. New seats are held first by the visit (lock-seat), in the same
 * presentation and price level ("no different price level for modified seats"), within the exchange window.
 */
export const SeatChangeTicket = z.object({
  presentationId: z.number().int(), sectionId: z.number().int(), x: z.number().int(), y: z.number().int(),
  newSeat: HeldSeat,
});
export type SeatChangeTicket = z.infer<typeof SeatChangeTicket>;

export const ModifyBlock = z.object({
  resId: z.string().min(1).max(40),
  lastTransactionId: z.string().min(1).max(100),
  tickets: z.array(SeatChangeTicket).min(1).max(50),
});
export type ModifyBlock = z.infer<typeof ModifyBlock>;

export const SeatChangeBody = z.object({ modify: ModifyBlock });
export type SeatChangeBody = z.infer<typeof SeatChangeBody>;

export const SeatChangeSeat = z.object({
  ticketIdentifier: z.string(), presentationId: z.number().int(), sectionId: z.number().int(), x: z.number().int(), y: z.number().int(),
  ticketGroupId: z.number().int(), RowName: z.string().nullable(), SeatName: z.string().nullable(),
});
export type SeatChangeSeat = z.infer<typeof SeatChangeSeat>;

/** GET /edocument/{documentKey}/seat-change: whether the seats can be changed, and what the change needs. */
export const SeatChangeInfo = z.object({
  reservationIdentifier: z.string(),
  lastTransactionId: z.string(),
  allowed: z.boolean(),
  /** Why not: EVENT_PAST | MODIFY_WINDOW_CLOSED | MODIFY_NOT_ALLOWED (cancelled, unpaid hold, general admission, video on demand). */
  reason: z.string().nullable(),
  /** End of the exchange window (exchangeWindowDays after the purchase, never after the start). */
  until: z.string(),
  exchangeWindowDays: z.number().int(),
  presentationId: z.number().int(),
  tickets: z.array(SeatChangeSeat),
});
export type SeatChangeInfo = z.infer<typeof SeatChangeInfo>;

export const SeatChangeResponse = z.object({
  reservationIdentifier: z.string(),
  lastTransactionId: z.string(),
  tickets: z.array(SeatChangeSeat),
});
export type SeatChangeResponse = z.infer<typeof SeatChangeResponse>;
