import * as z from 'zod/mini';
import { lazy } from './lazy';
import { LockSeatInput, SeatsStatusV2Response } from './seats';

// Membership enrolment (seat subscriptions, spec 2, 3, 4, 7, 8): a season's fixed seats, tariffs, selection
// events, seats in events, payment and confirmation; the customer area's release of one event's seat.
// Kept in its own file: mf-memberships bundles it (as membership-responses) so it runs under an older host.

/** Shekels (the api's money unit). */
const Shekels = lazy(() => z.number());

/** Spec 8 "Membership": ALREADY_ENROLLED, GENERAL_ERROR; the rest are the enrolment's own validation codes. */
export const ENROLMENT_ERRORS = [
  'ALREADY_ENROLLED', 'GENERAL_ERROR', 'INVALID_ID', 'MUST_SELECT', 'REQUIRED_EVENTS', 'SEATS_MISMATCH', 'HOLD_EXPIRED',
  'NOT_RELEASABLE', 'MAX_SEATS', 'UNAUTHORIZED',
] as const;

export const EnrolParams = lazy(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) }));
export type EnrolParams = z.infer<typeof EnrolParams>;

/**
 * A tariff: one ticket kind of a ticket group, priced as a share of each event's payable amount. `SeatPrice`: what one
 * seat at this tariff costs over the season's required events (the api's price, shekels; each optional event chosen
 * adds its own), or the season's price per seat when the season is not priced per ticket.
 */
export const EnrolTariff = lazy(() => z.object({ TicketId: z.int(), Name: z.string(), Factor: z.number(), SeatPrice: Shekels }));

export const EnrolPresentation = lazy(() => z.object({
  PresentationId: z.int(),
  Title: z.string(),
  dateTime: z.string(),
  IsRequired: z.boolean(),
  /** Price per seat of this event (shekels), unless overridden. */
  MembershipPayableAmount: Shekels,
  PresentationDetail: z.object({ IsPriceOverride: z.boolean(), Price: Shekels }),
}));
export type EnrolPresentation = z.infer<typeof EnrolPresentation>;

export const EnrolSeason = lazy(() => z.object({
  SeasonId: z.int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string(),
  VenueName: z.string(),
  venueId: z.int(),
  seatplanId: z.int(),
  /** true: no fixed seat step, seats are chosen per event. */
  IsSkipMemberSeat: z.boolean(),
  /** true: each event's seat is priced by the tariff; false: one season price per seat. */
  IsPricingPerTicket: z.boolean(),
  SeasonPrice: Shekels,
  DefaultTicketGroupId: z.int(),
  TicketGroups: z.array(z.object({ TicketGroupId: z.int(), Name: z.string(), tariffs: z.array(EnrolTariff) })),
  Presentations: z.array(EnrolPresentation),
  maxSeats: z.int(),
  /** The signed-in customer (null: sign in first), and whether they are enrolled already. */
  customer: z.nullable(z.object({ firstName: z.string(), lastName: z.string(), mobileNumber: z.string() })),
  alreadyEnrolled: z.boolean(),
}));
export type EnrolSeason = z.infer<typeof EnrolSeason>;
export const EnrolSeasonResponse = lazy(() => z.object({ season: EnrolSeason }));
export type EnrolSeasonResponse = z.infer<typeof EnrolSeasonResponse>;
export const EnrolSeasonsResponse = lazy(() => z.object({ seasons: z.array(z.pick(EnrolSeason, { SeasonId: true, Code: true, Name: true, Description: true, VenueName: true })) }));
export type EnrolSeasonsResponse = z.infer<typeof EnrolSeasonsResponse>;

/** GET /enroll/{id}/seatplan: a seat is available for a fixed season seat when free (or this visit's) in every event. */
export const EnrolSeatplanResponse = lazy(() => z.extend(SeatsStatusV2Response, {
  seasonId: z.int(), venueId: z.int(), seatplanId: z.int(), presentationIds: z.array(z.int()),
}));
export type EnrolSeatplanResponse = z.infer<typeof EnrolSeatplanResponse>;

/** PUT /enroll/{id}/lock-seat|unlock-seat: one seat in the listed events (default: every event of the season). */
export const EnrolLockBody = lazy(() => z.object({
  seat: z.optional(z.nullable(LockSeatInput)),
  presentationIds: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(60))),
}));
export type EnrolLockBody = z.infer<typeof EnrolLockBody>;

/**
 * POST /enroll/{id}/check-selection: booking's whole-selection rules (single-seat gap, companion seat) on what the
 * visit holds in each listed event (none listed: every event of the season — the season-seat step).
 */
export const EnrolCheckBody = lazy(() => z.object({ presentationIds: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(60))) }));
export type EnrolCheckBody = z.infer<typeof EnrolCheckBody>;

export const EnrolOrderBody = lazy(() => z.object({
  /** Seats per tariff: the sum is the number of season seats. */
  tariffs: z.array(z.object({ ticketId: z.int(), quantity: z.int().check(z.gte(0), z.lte(20)) })).check(z.maxLength(10)),
  /** Chosen events: every required one and any optional ones. */
  presentationIds: z.array(z.int()).check(z.maxLength(60)),
  /** The visit's held seats in the chosen events. */
  seats: z.array(z.object({ presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int() })).check(z.maxLength(600)),
  paymentIdentifier: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
}));
export type EnrolOrderBody = z.infer<typeof EnrolOrderBody>;

/** The api's price of an enrolment: its total and one line per tariff chosen (its seats over the chosen events). */
export const EnrolQuoteResponse = lazy(() => z.object({
  total: Shekels, seats: z.int(), events: z.int(),
  lines: z._default(z.array(z.object({ name: z.string(), quantity: z.int(), amount: Shekels })), []),
}));
export type EnrolQuoteResponse = z.infer<typeof EnrolQuoteResponse>;

export const EnrolledSeat = lazy(() => z.object({
  presentationId: z.int(), sectionId: z.int(), x: z.int(), y: z.int(),
  rowName: z.string(), seatName: z.string(), released: z.boolean(),
}));
export const EnrolOrderResponse = lazy(() => z.object({
  enrolmentIdentifier: z.string(), total: Shekels, seats: z.array(EnrolledSeat), replayed: z.boolean(),
}));
export type EnrolOrderResponse = z.infer<typeof EnrolOrderResponse>;

/** GET /enroll/mine: the signed-in customer's enrolments (the customer area links to `manageUrl`). */
export const MyEnrolmentsResponse = lazy(() => z.object({
  manageUrl: z.string(),
  enrolments: z.array(z.object({
    enrolmentIdentifier: z.string(), seasonId: z.int(), seasonName: z.string(),
    events: z.array(z.object({ presentationId: z.int(), title: z.string(), dateTime: z.string(), releasable: z.boolean(), seats: z.array(EnrolledSeat) })),
  })),
}));
export type MyEnrolmentsResponse = z.infer<typeof MyEnrolmentsResponse>;

/** POST /enroll/release: gives one event's season seats back to sale (that event only). */
export const EnrolReleaseBody = lazy(() => z.object({ enrolmentIdentifier: z.string().check(z.maxLength(40)), presentationId: z.int().check(z.positive()) }));
export type EnrolReleaseBody = z.infer<typeof EnrolReleaseBody>;
export const EnrolReleaseResponse = lazy(() => z.object({ released: z.int() }));
export type EnrolReleaseResponse = z.infer<typeof EnrolReleaseResponse>;
