import { z } from 'zod';
import { IsoDateTime } from './catalog';

/** Seat-aware waiting list (issue 9 item 5). */
export const WaitingListJoinBody = z.object({
  presentationId: z.number().int().positive(),
  partySize: z.number().int().min(1).max(10),
  adjacentOnly: z.boolean().default(true),
});
export type WaitingListJoinBody = z.infer<typeof WaitingListJoinBody>;

export const WaitingListEntry = z.object({
  id: z.number().int(),
  presentationId: z.number().int(),
  title: z.string(),
  startsAt: IsoDateTime,
  partySize: z.number().int(),
  adjacentOnly: z.boolean(),
  status: z.enum(['waiting', 'offered', 'booked', 'expired', 'left']),
  /** While offered: where to book the held seats, and until when they are held. */
  offerUrl: z.string().nullable(),
  offerExpiresAt: z.nullable(IsoDateTime),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntry>;
export const WaitingListResponse = z.object({ entries: z.array(WaitingListEntry) });
export const WaitingListEntryResponse = z.object({ entry: WaitingListEntry });
export const WaitingListIdParams = z.object({ id: z.coerce.number().int().positive() });
export const OfferParams = z.object({ uuid: z.string().min(10).max(80).regex(/^wl-[\w-]+$/) });
/** GET /waiting-list/offer/{uuid}: the link of the SMS; the uuid is the visit that holds the seats. */
export const OfferResponse = z.object({ presentationId: z.number().int(), expiresAt: IsoDateTime, live: z.boolean() });
