import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, IsoDateTime, MiniSiteUrl, SeatingMode } from './catalog';

export { DayPresentation, DayPresentationsResponse } from './whatsOn';

/**
 * Seat contracts (spec section 7 "Booking": seat plan, seat status, holds, best available).
 * Coordinates are integer grid positions on the whole seat plan (x grows to the physical
 * room's right as seen from the screen/stage side of the drawing, y grows away from the
 * screen). General-admission sections have no drawn seats; their places are virtual:
 * x = place number (1..capacity), y = 0.
 * Requests that act for a visit need the `uuid` header (spec section 7).
 */

const qInt = lazy(() => z.coerce.number().check(z.int(), z.positive()));
const qBit = lazy(() => z.pipe(z.enum(['0', '1']), z.transform((v) => v === '1')));

// ---------- seat plan ----------

export const SeatplanQuery = lazy(() => z.object({
  venueId: qInt,
  seatplanId: qInt,
}));
export type SeatplanQuery = z.infer<typeof SeatplanQuery>;

export const Seat = lazy(() => z.object({
  XCoordinate: z.int(),
  YCoordinate: z.int(),
  RowName: z.string(),
  SeatName: z.string(),
  SectionName: z.string(),
  VenueSectionId: z.int(),
  VenueSectionSeatGroupId: z.int(),
  TicketGroupId: z.int(),
  isHandicap: z.boolean(),
  isCompanion: z.boolean(),
  isLimitedView: z.boolean(),
  isPremium: z.boolean(),
  /** Seats sharing a sofaUnit (sofa / bed) are always held together. null = ordinary seat. */
  sofaUnit: z.nullable(z.int()),
}));
export type Seat = z.infer<typeof Seat>;

export const SeatRow = lazy(() => z.object({ name: z.string(), y: z.int(), seats: z.array(Seat) }));
export const SeatGroup = lazy(() => z.object({ id: z.int(), name: z.string(), rows: z.array(SeatRow) }));

export const Rect = lazy(() => z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }));

export const SeatplanSection = lazy(() => z.object({
  id: z.int(),
  name: z.string(),
  isGA: z.boolean(),
  /** Places of a general-admission section; number of seats of a reserved one. */
  capacity: z.int(),
  ticketGroupId: z.int(),
  /** Where to draw the section (grid units, same space as seat coordinates). */
  bounds: Rect,
  groups: z.array(SeatGroup),
}));

export const Stage = lazy(() => z.extend(Rect, { label: z.string(), kind: z.enum(['screen', 'stage']) }));

export const Seatplan = lazy(() => z.object({
  id: z.int(),
  venueId: z.int(),
  name: z.string(),
  width: z.int(),
  height: z.int(),
  stage: Stage,
  sections: z.array(SeatplanSection),
}));
export type Seatplan = z.infer<typeof Seatplan>;
export const SeatplanResponse = lazy(() => z.object({ seatplan: Seatplan }));
export type SeatplanResponse = z.infer<typeof SeatplanResponse>;

/** Bits of a compact seat's `flags`. */
export const SEAT_FLAGS = { handicap: 1, companion: 2, limitedView: 4, premium: 8 } as const;

/**
 * Compact seat (seatplanV2): [XCoordinate, SeatName, flags (SEAT_FLAGS bits), sofaUnit or 0, TicketGroupId].
 * Row name, section and group come from the enclosing row/section/group; YCoordinate from the row.
 */
export const CompactSeat = lazy(() => z.tuple([z.int(), z.string(), z.int(), z.int(), z.int()]));
export type CompactSeat = z.infer<typeof CompactSeat>;

export const SeatplanV2 = lazy(() => z.extend(Seatplan, {
  sections: z.array(
    z.extend(z.omit(SeatplanSection, { groups: true }), {
      groups: z.array(
        z.object({
          id: z.int(),
          name: z.string(),
          rows: z.array(z.object({ name: z.string(), y: z.int(), seats: z.array(CompactSeat) })),
        }),
      ),
    }),
  ),
}));
export type SeatplanV2 = z.infer<typeof SeatplanV2>;
export const SeatplanV2Response = lazy(() => z.object({ seatplan: SeatplanV2 }));
export type SeatplanV2Response = z.infer<typeof SeatplanV2Response>;

// ---------- seat status ----------

export const SeatsStatusQuery = lazy(() => z.object({
  presentationId: qInt,
  venueTypeId: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
  /** 0 | 1. Informational: every section of the presentation is returned unless sectionId is given. */
  isReserved: z.optional(qBit),
  sectionId: z.optional(qInt),
  miniSiteUrl: z.optional(MiniSiteUrl),
  recaptchaToken: z.optional(z.string().check(z.maxLength(4000))),
}));
export type SeatsStatusQuery = z.infer<typeof SeatsStatusQuery>;

export const SectionAvailability = lazy(() => z.object({
  available: z.int(),
  capacity: z.int(),
}));

/** Key of a seat in status maps: `${sectionId}_${x}_${y}`. */
export const seatKey = (sectionId: number, x: number, y: number): string => `${sectionId}_${x}_${y}`;

export const SeatsStatusV2Response = lazy(() => z.object({
  /** Seats AVAILABLE to this visit (free, or held by this uuid): 'section_x_y' → 'ticketGroupId,allocationId'. GA places use y = 0. */
  seats: z.record(z.string(), z.string()),
  /** Keys of the seats this visit's uuid holds now (show them selected after a reload). */
  held: z.array(z.string()),
  /** Per section id: places still available (free + own holds) and capacity. */
  sections: z.record(z.string(), SectionAvailability),
  /** When this visit's holds on this presentation expire (null when none). */
  holdExpiresAt: z.nullable(IsoDateTime),
}));
export type SeatsStatusV2Response = z.infer<typeof SeatsStatusV2Response>;

export const SeatStatus = lazy(() => z.object({
  VenueSectionId: z.int(),
  XCoordinate: z.int(),
  YCoordinate: z.int(),
  TicketGroupId: z.int(),
  AllocationId: z.int(),
  isAvailable: z.literal(true),
  isSelected: z.boolean(),
}));
export const SeatsStatusResponse = lazy(() => z.object({
  seats: z.array(SeatStatus),
  sections: z.record(z.string(), SectionAvailability),
  holdExpiresAt: z.nullable(IsoDateTime),
}));
export type SeatsStatusResponse = z.infer<typeof SeatsStatusResponse>;

// ---------- holds ----------

export const SessionHeaders = lazy(() => z.object({
  uuid: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/, 'letters, digits, - and _')),
}));
export type SessionHeaders = z.infer<typeof SessionHeaders>;
/** The visit header where a call works without it (the visit's own holds are then not told apart). */
export const OptionalSessionHeaders = lazy(() => z.partial(SessionHeaders));

export const LockSeatInput = lazy(() => z.object({
  PresentationId: z.int().check(z.positive()),
  VenueId: z.int().check(z.positive()),
  VenueSeatplanId: z.int().check(z.positive()),
  VenueSectionId: z.int().check(z.positive()),
  TicketGroupId: z.optional(z.nullable(z.int().check(z.positive()))),
  /** null for general admission: the server picks the place. */
  XCoordinate: z.nullable(z.int()),
  YCoordinate: z.nullable(z.int()),
}));
export type LockSeatInput = z.infer<typeof LockSeatInput>;

export const LockSeatBody = lazy(() => z.object({
  recaptchaToken: z.nullable(z.optional(z.string().check(z.maxLength(4000)))),
  seat: LockSeatInput,
}));
export type LockSeatBody = z.infer<typeof LockSeatBody>;

export const HeldSeat = lazy(() => z.object({ sectionId: z.int(), x: z.int(), y: z.int() }));
export type HeldSeat = z.infer<typeof HeldSeat>;

export const LockSeatResponse = lazy(() => z.object({
  lockedSeat: z.object({ x: z.int(), y: z.int() }),
  /** Every seat held by this call (both halves of a sofa unit). */
  seats: z.array(HeldSeat),
  expiresAt: IsoDateTime,
}));
export type LockSeatResponse = z.infer<typeof LockSeatResponse>;

export const UnlockSeatResponse = lazy(() => z.object({ success: z.literal(true), seats: z.array(HeldSeat) }));
export type UnlockSeatResponse = z.infer<typeof UnlockSeatResponse>;

/** 409 body of a refused lock: lock_seat_error | MAX_SEATS | SINGLE_SEAT_GAP | COMPANION_ALONE | LOCATION_OFFLINE | EVENT_PAST | NOT_ENOUGH_SEATS. */
export const LockError = lazy(() => z.object({
  error: z.string(),
  message: z.optional(z.string()),
  /** SINGLE_SEAT_GAP: a seat that would avoid the gap (for example the one that closes it); COMPANION_ALONE: the wheelchair space to add. */
  suggestion: z.optional(z.nullable(HeldSeat)),
  /** COMPANION_ALONE | SINGLE_SEAT_GAP of a whole selection: the selected seat concerned. */
  seat: z.optional(HeldSeat),
  maxSeats: z.optional(z.int()),
}));
export type LockError = z.infer<typeof LockError>;

export const ExtendStep = lazy(() => z.enum(['chooseSeats', 'chooseTickets', 'customerInfo', 'chooseProducts']));
export type ExtendStep = z.infer<typeof ExtendStep>;
/** An extension gives the step (default: choose seats) its own lock time again (issue 16 §4). */
export const ExtendBody = lazy(() => z.object({ presentationId: z.int().check(z.positive()), step: z.optional(ExtendStep) }));
export const ExtendResponse = lazy(() => z.object({ expiresAt: IsoDateTime, seats: z.int(), extensionsLeft: z.optional(z.int()) }));
export type ExtendResponse = z.infer<typeof ExtendResponse>;

export const HoldsQuery = lazy(() => z.object({ presentationId: qInt }));
export const ReleaseHoldsResponse = lazy(() => z.object({ released: z.int() }));

// ---------- best available ----------

export const BestAvailableQuery = lazy(() => z.object({
  recaptchaToken: z.optional(z.string().check(z.maxLength(4000))),
  presentationId: qInt,
  quantity: z.coerce.number().check(z.int(), z.gte(1), z.lte(50)),
  maxMatches: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 5),
  resultsPerMatch: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(5)), 1),
  ticketGroupId: z.optional(qInt),
  sectionId: z.optional(qInt),
  /** 1: one handicap seat plus companion seats next to it. */
  accessible: z.optional(qBit),
  /** 1: hold the first match for this visit (needs the uuid header). */
  isLock: z.optional(qBit),
  featureId: z.optional(qInt),
  isBestPerPresentation: z.optional(qBit),
  startDate: z.optional(IsoDate),
  endDate: z.optional(IsoDate),
  locationId: z.optional(qInt),
  partOfDay: z.optional(z.string().check(z.maxLength(20))),
  miniSiteUrl: z.optional(MiniSiteUrl),
}));
export type BestAvailableQuery = z.infer<typeof BestAvailableQuery>;

export const BestSeat = lazy(() => z.object({
  VenueSectionId: z.int(),
  XCoordinate: z.int(),
  YCoordinate: z.int(),
  RowName: z.string(),
  SeatName: z.string(),
  TicketGroupId: z.int(),
  isHandicap: z.boolean(),
  isCompanion: z.boolean(),
}));
export const BestMatch = lazy(() => z.object({
  presentationId: z.int(),
  seats: z.array(BestSeat),
  /** All seats side by side in one row. */
  together: z.boolean(),
  /** Leaves no single free seat next to it. */
  noSingleSeat: z.boolean(),
  /** Held for this visit (isLock=1, first match only). */
  locked: z.boolean(),
}));
export type BestMatch = z.infer<typeof BestMatch>;
export const BestAvailableResponse = lazy(() => z.object({
  matches: z.array(BestMatch),
  expiresAt: z.nullable(IsoDateTime),
}));
export type BestAvailableResponse = z.infer<typeof BestAvailableResponse>;

// ---------- event list of a day ----------

export const DayPresentationsQuery = lazy(() => z.object({ date: IsoDate, locationId: z.optional(qInt) }));

// ---------- live availability (server-sent events, GET /seats/events?presentationId=) ----------

export const SeatEventsQuery = lazy(() => z.object({ presentationId: qInt }));
/** `data:` of each `seats` event. status 'free' = released (unlock, expiry, removal). */
export const SeatChangeEvent = lazy(() => z.object({
  presentationId: z.int(),
  status: z.enum(['held', 'sold', 'free']),
  seats: z.array(z.tuple([z.int(), z.int(), z.int()])), // [sectionId, x, y]
}));
export type SeatChangeEvent = z.infer<typeof SeatChangeEvent>;
