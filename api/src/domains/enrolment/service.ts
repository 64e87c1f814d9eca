import type { EnrolOrderBody, EnrolOrderResponse, EnrolSeason, MyEnrolmentsResponse } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { cachedNames, localName, type FullLocale, type NameTable } from '../../lib/localizedNames.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { captureSession } from '../payments/providers/sessions.ts';
import { notifySeats } from '../seats/holds.ts';
import { sellHeldSeats } from '../seats/sale.ts';

/** Where the customer area sends a customer to manage (release) their season seats: a page of mf-memberships. */
export const MANAGE_URL = '/membership/enrolments';

export interface SeasonRow {
  id: number; code: string; name_he: string; name_en: string; description_he: string; description_en: string; venue_id: number;
  seatplan_id: number; venue_he: string; venue_en: string; is_skip_member_seat: boolean; is_pricing_per_ticket: boolean;
  season_price: number; default_ticket_group_id: number; tariff_ticket_ids: number[]; max_seats: number; hold_seconds: number;
}
export interface EventRow {
  presentation_id: number; ordinal: number; title_he: string; title_en: string; is_required: boolean; payable_agorot: number;
  price_override_agorot: number | null; starts_at: Date;
  /** The play: its name in ru, ar and pl is stored under it (localized_names). */
  feature_id: number;
}
export interface TariffRow { id: number; ticket_group_id: number; name_he: string; name_en: string; factor: number }

export async function findSeason(q: Queryable, id: number): Promise<SeasonRow> {
  const { rows } = await q.query<SeasonRow>(`
    SELECT s.*, v.name_he AS venue_he, v.name_en AS venue_en, sp.id AS seatplan_id
    FROM enrolment_seasons s JOIN venues v ON v.id = s.venue_id JOIN seatplans sp ON sp.venue_id = v.id WHERE s.id = $1`, [id]);
  if (!rows[0]) throw new ApiHttpError(404, 'INVALID_ID', `no season ${id}`);
  return rows[0];
}

/** The season's events still ahead, in order. */
export async function seasonEvents(q: Queryable, seasonId: number): Promise<EventRow[]> {
  const { rows } = await q.query<EventRow>(`
    SELECT e.presentation_id, e.ordinal, e.title_he, e.title_en, e.is_required, e.payable_agorot, e.price_override_agorot, p.starts_at, p.feature_id
    FROM enrolment_events e JOIN presentations p ON p.id = e.presentation_id
    WHERE e.season_id = $1 AND p.starts_at > now() ORDER BY e.ordinal`, [seasonId]);
  return rows;
}

/** Tariffs: the season's ticket kinds, each priced as its share of the group's regular ticket. */
async function tariffsOf(q: Queryable, s: SeasonRow): Promise<TariffRow[]> {
  const { rows } = await q.query<TariffRow>(`
    SELECT t.id, t.ticket_group_id, t.name_he, t.name_en,
           t.price::float / NULLIF((SELECT r.price FROM tickets r WHERE r.ticket_group_id = t.ticket_group_id AND r.code = 'regular'), 0) AS factor
    FROM tickets t WHERE t.id = ANY($1::int[]) ORDER BY t.sort`, [s.tariff_ticket_ids]);
  return rows.map((r) => ({ ...r, factor: Math.round((r.factor ?? 1) * 1000) / 1000 }));
}

const eventPrice = (e: EventRow) => e.price_override_agorot ?? e.payable_agorot;

/** One seat at a tariff in one of `events` (agorot): the event's price × the tariff's share, or the season price spread over them. */
function seatPriceIn(season: SeasonRow, factor: number, e: EventRow, events: number): number {
  return season.is_pricing_per_ticket ? Math.round((eventPrice(e) * factor) / 10) * 10 : Math.round(season.season_price / Math.max(1, events));
}

/** The stored ru, ar and pl names (none needed for he and en: the domain's own columns). */
export const namesFor = async (q: Queryable, locale: FullLocale): Promise<NameTable> =>
  locale === 'he' || locale === 'en' ? new Map() : cachedNames(q);

/** `lang`: he or en (the tables' columns); `locale`: the visitor's of five (ru, ar, pl: the stored translations, else English). */
export async function seasonView(q: Queryable, id: number, lang: Lang, customerId: number | null, locale: FullLocale = lang): Promise<EnrolSeason> {
  const s = await findSeason(q, id);
  const events = await seasonEvents(q, id);
  const tariffs = await tariffsOf(q, s);
  const { rows: groups } = await q.query<{ id: number; name_he: string; name_en: string }>(
    'SELECT id, name_he, name_en FROM ticket_groups WHERE id = ANY($1::int[]) ORDER BY sort', [[...new Set(tariffs.map((t) => t.ticket_group_id))]]);
  let customer: EnrolSeason['customer'] = null;
  let alreadyEnrolled = false;
  if (customerId) {
    const { rows } = await q.query<{ first_name: string; last_name: string; mobile_number: string; enrolled: boolean }>(`
      SELECT first_name, last_name, mobile_number, EXISTS (SELECT 1 FROM enrolments e WHERE e.season_id = $2 AND e.customer_id = c.id) AS enrolled
      FROM customers c WHERE id = $1`, [customerId, id]);
    if (rows[0]) {
      customer = { firstName: rows[0].first_name, lastName: rows[0].last_name, mobileNumber: rows[0].mobile_number };
      alreadyEnrolled = rows[0].enrolled;
    }
  }
  const he = lang === 'he';
  const names = await namesFor(q, locale);
  const local = (entity: Parameters<typeof localName>[1], entityId: number, heText: string, enText: string) => localName(names, entity, entityId, locale, he ? heText : enText);
  return {
    SeasonId: s.id, Code: s.code, Name: local('season', s.id, s.name_he, s.name_en), Description: local('season_description', s.id, s.description_he, s.description_en),
    VenueName: local('venue', s.venue_id, s.venue_he, s.venue_en), venueId: s.venue_id, seatplanId: s.seatplan_id,
    IsSkipMemberSeat: s.is_skip_member_seat, IsPricingPerTicket: s.is_pricing_per_ticket, SeasonPrice: s.season_price / 100,
    DefaultTicketGroupId: s.default_ticket_group_id,
    TicketGroups: groups.map((g) => ({
      TicketGroupId: g.id, Name: local('ticket_group', g.id, g.name_he, g.name_en),
      tariffs: tariffs.filter((t) => t.ticket_group_id === g.id).map((t) => ({
        TicketId: t.id, Name: local('ticket', t.id, t.name_he, t.name_en), Factor: t.factor,
        // the tariffs step shows a price, never computed in the browser: a seat over the required events (as the quote prices it)
        SeatPrice: (s.is_pricing_per_ticket
          ? events.filter((e) => e.is_required).reduce((sum, e) => sum + seatPriceIn(s, t.factor, e, events.length), 0)
          : s.season_price) / 100,
      })),
    })),
    Presentations: events.map((e) => ({
      PresentationId: e.presentation_id, Title: local('feature', e.feature_id, e.title_he, e.title_en), dateTime: e.starts_at.toISOString(), IsRequired: e.is_required,
      MembershipPayableAmount: e.payable_agorot / 100,
      PresentationDetail: { IsPriceOverride: e.price_override_agorot !== null, Price: eventPrice(e) / 100 },
    })),
    maxSeats: s.max_seats, customer, alreadyEnrolled,
  };
}

interface PricedEnrolment {
  season: SeasonRow; events: EventRow[]; seatsPerEvent: number; total: number;
  /** One line per tariff chosen: its seats and what they cost over the chosen events (agorot); the lines sum to the total. */
  lines: Array<{ tariff: TariffRow; seats: number; amount: number }>;
  /** ticket id per seat position (tariffs assigned to seats in the order given). */
  ticketOfSeat: number[]; priceOf: (e: EventRow, seatIndex: number) => number;
}

/** Every check of the enrolment cart except payment and the seats' holds, and its total (agorot). */
export async function priceEnrolment(q: Queryable, seasonId: number, body: EnrolOrderBody): Promise<PricedEnrolment> {
  const season = await findSeason(q, seasonId);
  const all = await seasonEvents(q, seasonId);
  const tariffs = await tariffsOf(q, season);
  const ticketOfSeat: number[] = [];
  for (const l of body.tariffs) {
    if (!l.quantity) continue;
    if (!tariffs.some((t) => t.id === l.ticketId)) throw new ApiHttpError(400, 'GENERAL_ERROR', 'not a tariff of this season');
    for (let k = 0; k < l.quantity; k++) ticketOfSeat.push(l.ticketId);
  }
  if (!ticketOfSeat.length) throw new ApiHttpError(400, 'MUST_SELECT', 'choose at least one seat tariff');
  if (ticketOfSeat.length > season.max_seats) throw new ApiHttpError(409, 'MAX_SEATS', `At most ${season.max_seats} seats`, { maxSeats: season.max_seats });
  const chosen = new Set(body.presentationIds);
  if ([...chosen].some((id) => !all.some((e) => e.presentation_id === id))) throw new ApiHttpError(400, 'INVALID_ID', 'not an event of this season');
  if (all.some((e) => e.is_required && !chosen.has(e.presentation_id))) throw new ApiHttpError(400, 'REQUIRED_EVENTS', 'every required event must be chosen');
  const events = all.filter((e) => chosen.has(e.presentation_id));
  const factor = new Map(tariffs.map((t) => [t.id, t.factor]));
  const priceOf = (e: EventRow, i: number) => seatPriceIn(season, factor.get(ticketOfSeat[i]!)!, e, events.length);
  const lines = tariffs.filter((t) => ticketOfSeat.includes(t.id)).map((tariff) => {
    const seats = ticketOfSeat.filter((id) => id === tariff.id).length;
    let amount = season.season_price * seats;
    if (season.is_pricing_per_ticket) {
      amount = 0;
      for (const e of events) for (let i = 0; i < ticketOfSeat.length; i++) if (ticketOfSeat[i] === tariff.id) amount += priceOf(e, i);
    }
    return { tariff, seats, amount };
  });
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return { season, events, seatsPerEvent: ticketOfSeat.length, total, lines, ticketOfSeat, priceOf };
}

/**
 * Commit: idempotent by Idempotency-Key, atomic (payment captured, the visit's held seats in the chosen events —
 * judged by booking's single-seat and companion rules — → sold under the enrolment's identifier, the visit's other holds in the season released), one enrolment per customer
 * and season (ALREADY_ENROLLED).
 */
export async function commitEnrolment(db: Db, a: {
  seasonId: number; body: EnrolOrderBody; uuid: string; idempotencyKey: string; customerId: number;
}): Promise<EnrolOrderResponse> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`enrolment:${a.idempotencyKey}`]);
    const prior = await q.query<{ uuid: string; response: EnrolOrderResponse }>('SELECT uuid, response FROM enrolments WHERE idempotency_key = $1', [a.idempotencyKey]);
    if (prior.rows[0]) {
      if (prior.rows[0].uuid !== a.uuid) throw new ApiHttpError(409, 'IDEMPOTENCY_KEY_REUSED', 'this key belongs to another visit');
      return { ...prior.rows[0].response, replayed: true };
    }
    // one enrolment per customer and season, also between two concurrent commits of the same customer
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`enrolment:${a.seasonId}:${a.customerId}`]);
    const { rows: enrolled } = await q.query('SELECT 1 FROM enrolments WHERE season_id = $1 AND customer_id = $2', [a.seasonId, a.customerId]);
    if (enrolled.length) throw new ApiHttpError(409, 'ALREADY_ENROLLED', 'already enrolled in this season');
    const o = await priceEnrolment(q, a.seasonId, a.body);

    const { rows: num } = await q.query<{ n: string }>("SELECT nextval('enrolment_number')::text AS n");
    const identifier = `EN${num[0]!.n}`;
    let paymentSessionId: string | null = null;
    if (o.total > 0) {
      paymentSessionId = a.body.paymentIdentifier ?? null;
      if (!paymentSessionId) throw new ApiHttpError(402, 'PAYMENT_REQUIRED', 'the enrolment needs an approved payment');
      const { rows } = await q.query<{ provider: string }>('SELECT provider FROM payment_sessions WHERE id = $1', [paymentSessionId]);
      if (!rows[0]) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
      await captureSession(q, rows[0].provider, { sessionId: paymentSessionId, uuid: a.uuid, amount: o.total });
    }

    const { rows: ins } = await q.query<{ id: number }>(`INSERT INTO enrolments (identifier, season_id, customer_id, uuid, idempotency_key, total_agorot, payment_session_id, response)
      VALUES ($1, $2, $3, $4, $5, $6, $7, '{}'::jsonb) RETURNING id`, [identifier, a.seasonId, a.customerId, a.uuid, a.idempotencyKey, o.total, paymentSessionId]);
    const enrolmentId = ins[0]!.id;
    const seats: EnrolOrderResponse['seats'] = [];
    for (const e of o.events) {
      const mine = a.body.seats.filter((s) => s.presentationId === e.presentation_id).sort((x, y) => x.sectionId - y.sectionId || x.y - y.y || x.x - y.x);
      if (mine.length !== o.seatsPerEvent) throw new ApiHttpError(400, 'SEATS_MISMATCH', 'each chosen event needs one seat per tariff');
      // booking's whole-selection rules again inside the commit (what the visit holds in the event)
      const sold = await sellHeldSeats(db, q, { presentationId: e.presentation_id, uuid: a.uuid, reservation: identifier, seats: mine });
      const { rows } = await q.query<{ section_id: number; x: number; y: number; row_name: string; seat_name: string }>(`
        SELECT s.section_id, s.x, s.y, st.row_name, st.seat_name FROM unnest($1::int[], $2::int[], $3::int[]) AS s(section_id, x, y)
        JOIN seats st ON st.section_id = s.section_id AND st.x = s.x AND st.y = s.y
        ORDER BY s.section_id, s.y, s.x`, [sold.map((r) => r.section_id), sold.map((r) => r.x), sold.map((r) => r.y)]);
      for (const [i, r] of rows.entries()) {
        await q.query(`INSERT INTO enrolment_seats (enrolment_id, presentation_id, section_id, x, y, ticket_id, price_agorot) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [enrolmentId, e.presentation_id, r.section_id, r.x, r.y, o.ticketOfSeat[i]!, o.priceOf(e, i)]);
        seats.push({ presentationId: e.presentation_id, sectionId: r.section_id, x: r.x, y: r.y, rowName: r.row_name, seatName: r.seat_name, released: false });
      }
    }
    // holds left in events not chosen go back to sale now, not when they expire
    const { rows: freed } = await q.query<{ presentation_id: number; section_id: number; x: number; y: number }>(`
      DELETE FROM presentation_seats WHERE presentation_id IN (SELECT presentation_id FROM enrolment_events WHERE season_id = $1)
        AND holder_uuid = $2 AND status = 'held' RETURNING presentation_id, section_id, x, y`, [a.seasonId, a.uuid]);
    for (const f of freed) await notifySeats(q, f.presentation_id, 'free', [[f.section_id, f.x, f.y]]);

    const response: EnrolOrderResponse = { enrolmentIdentifier: identifier, total: o.total / 100, seats, replayed: false };
    await q.query('UPDATE enrolments SET response = $2::jsonb WHERE id = $1', [enrolmentId, JSON.stringify(response)]);
    return response;
  });
}

/** The customer's enrolments with each event's seats and whether it can still be released. */
export async function myEnrolments(q: Queryable, customerId: number, lang: Lang, locale: FullLocale = lang): Promise<MyEnrolmentsResponse> {
  const { rows } = await q.query<{
    identifier: string; season_id: number; name_he: string; name_en: string; presentation_id: number; title_he: string; title_en: string; feature_id: number;
    starts_at: Date; section_id: number; x: number; y: number; row_name: string; seat_name: string; released: boolean;
  }>(`
    SELECT en.identifier, en.season_id, s.name_he, s.name_en, es.presentation_id, ev.title_he, ev.title_en, p.feature_id, p.starts_at,
           es.section_id, es.x, es.y, st.row_name, st.seat_name, es.released_at IS NOT NULL AS released
    FROM enrolments en JOIN enrolment_seasons s ON s.id = en.season_id
    JOIN enrolment_seats es ON es.enrolment_id = en.id
    JOIN presentations p ON p.id = es.presentation_id
    LEFT JOIN enrolment_events ev ON ev.season_id = en.season_id AND ev.presentation_id = es.presentation_id
    JOIN seats st ON st.section_id = es.section_id AND st.x = es.x AND st.y = es.y
    WHERE en.customer_id = $1 ORDER BY en.id, p.starts_at, es.section_id, es.y, es.x`, [customerId]);
  const he = lang === 'he';
  const names = await namesFor(q, locale);
  const out: MyEnrolmentsResponse['enrolments'] = [];
  for (const r of rows) {
    let en = out.find((e) => e.enrolmentIdentifier === r.identifier);
    if (!en) out.push((en = { enrolmentIdentifier: r.identifier, seasonId: r.season_id, seasonName: localName(names, 'season', r.season_id, locale, he ? r.name_he : r.name_en), events: [] }));
    let ev = en.events.find((e) => e.presentationId === r.presentation_id);
    if (!ev) {
      en.events.push((ev = {
        presentationId: r.presentation_id, title: localName(names, 'feature', r.feature_id, locale, (he ? r.title_he : r.title_en) ?? ''), dateTime: r.starts_at.toISOString(),
        releasable: false, seats: [],
      }));
    }
    ev.seats.push({ presentationId: r.presentation_id, sectionId: r.section_id, x: r.x, y: r.y, rowName: r.row_name, seatName: r.seat_name, released: r.released });
    ev.releasable = r.starts_at.getTime() > Date.now() && ev.seats.some((s) => !s.released);
  }
  return { manageUrl: MANAGE_URL, enrolments: out };
}

/** Gives one event's season seats of the customer's enrolment back to sale (that event only). */
export async function releaseEvent(db: Db, a: { customerId: number; identifier: string; presentationId: number }): Promise<number> {
  return db.tx(async (q) => {
    const { rows: en } = await q.query<{ id: number }>('SELECT id FROM enrolments WHERE identifier = $1 AND customer_id = $2 FOR UPDATE', [a.identifier, a.customerId]);
    if (!en[0]) throw new ApiHttpError(404, 'INVALID_ID', 'no such enrolment of this customer');
    const { rows: p } = await q.query<{ ok: boolean }>('SELECT starts_at > now() AS ok FROM presentations WHERE id = $1', [a.presentationId]);
    if (!p[0]?.ok) throw new ApiHttpError(409, 'NOT_RELEASABLE', 'the event has started or does not exist');
    const { rows } = await q.query<{ section_id: number; x: number; y: number }>(`
      UPDATE enrolment_seats SET released_at = now() WHERE enrolment_id = $1 AND presentation_id = $2 AND released_at IS NULL
      RETURNING section_id, x, y`, [en[0].id, a.presentationId]);
    if (!rows.length) throw new ApiHttpError(409, 'NOT_RELEASABLE', 'nothing left to release in this event');
    await q.query(`DELETE FROM presentation_seats ps USING unnest($3::int[], $4::int[], $5::int[]) AS u(sec, x, y)
      WHERE ps.presentation_id = $1 AND ps.reservation_id = $2 AND ps.status = 'sold' AND ps.section_id = u.sec AND ps.x = u.x AND ps.y = u.y`,
    [a.presentationId, a.identifier, rows.map((r) => r.section_id), rows.map((r) => r.x), rows.map((r) => r.y)]);
    await notifySeats(q, a.presentationId, 'free', rows.map((r) => [r.section_id, r.x, r.y]));
    return rows.length;
  });
}
