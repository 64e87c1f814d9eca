import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime } from './catalog';

/** Seat-aware waiting list (issue 9 item 5). */
export const WaitingListJoinBody = lazy(() => z.object({
  presentationId: z.int().check(z.positive()),
  partySize: z.int().check(z.gte(1), z.lte(10)),
  adjacentOnly: z._default(z.boolean(), true),
}));
export type WaitingListJoinBody = z.infer<typeof WaitingListJoinBody>;

export const WaitingListEntry = lazy(() => z.object({
  id: z.int(),
  presentationId: z.int(),
  title: z.string(),
  startsAt: IsoDateTime,
  partySize: z.int(),
  adjacentOnly: z.boolean(),
  status: z.enum(['waiting', 'offered', 'booked', 'expired', 'left']),
  /** While offered: where to book the held seats, and until when they are held. */
  offerUrl: z.nullable(z.string()),
  offerExpiresAt: z.nullable(IsoDateTime),
}));
export type WaitingListEntry = z.infer<typeof WaitingListEntry>;
export const WaitingListResponse = lazy(() => z.object({ entries: z.array(WaitingListEntry) }));
export const WaitingListEntryResponse = lazy(() => z.object({ entry: WaitingListEntry }));
export const WaitingListIdParams = lazy(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) }));
export const OfferParams = lazy(() => z.object({ uuid: z.string().check(z.minLength(10), z.maxLength(80), z.regex(/^wl-[\w-]+$/)) }));
/** GET /waiting-list/offer/{uuid}: the link of the SMS; the uuid is the visit that holds the seats. */
export const OfferResponse = lazy(() => z.object({ presentationId: z.int(), expiresAt: IsoDateTime, live: z.boolean() }));
