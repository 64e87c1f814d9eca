import type { Cart, CartSeat } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import type { Lang } from '../../lib/route.ts';
import { pick } from '../../lib/lang.ts';
import { getPresentationRow, isVodType, type PresentationRow } from '../catalog/queries.ts';
import { hasActiveMembership } from '../customers/service.ts';
import { lockCount } from './cartBalances.ts';
import { fail, type CartContext, type PricedLine, type TicketUse } from './cartTypes.ts';
import { findCoupon, firstUsableMember, soldCount, venueTickets, type TicketRow } from './tickets.ts';

/** The pricing stages of the tickets (spec 5): the presentations, then one priced line per seat. */

type CartTicket = NonNullable<CartSeat['ticket']>;

/** The presentations of the cart: one auth profile and business, open for web booking, not started, within the seat limit. */
export async function checkPresentations(q: Queryable, cart: Cart, seats: CartSeat[], isHold: boolean, ctx: CartContext): Promise<PresentationRow[]> {
  const { settings } = ctx;
  const pIds = [...new Set(seats.map((s) => s.ticket!.prsntId))];
  // maxSeats before any per-seat or per-presentation query (every presentation carries at least one seat)
  if (pIds.length > settings.maxSeats) fail(409, 'MAX_SEATS', `at most ${settings.maxSeats} seats per order`, { maxSeats: settings.maxSeats });
  const presentations: PresentationRow[] = [];
  for (const id of pIds) presentations.push(await getPresentationRow(q, id));
  const first = presentations[0]!;
  for (const p of presentations) {
    if (p.auth_profile_id !== first.auth_profile_id || (cart.authProfileId != null && cart.authProfileId !== p.auth_profile_id)) {
      fail(409, 'INCOMPATIBLE_AUTH_PROFILE', 'Incompatible AuthProfile');
    }
    if (p.business_id !== first.business_id || (cart.businessId != null && cart.businessId !== p.business_id)) {
      fail(409, 'INCOMPATIBLE_BUSINESS', 'Incompatible Business');
    }
  }
  for (const p of presentations) {
    if (p.web_booking_offline) fail(409, 'LOCATION_OFFLINE', 'web booking is unavailable at this location');
    if (!isVodType(p.venue_type_id) && p.starts_at.getTime() <= Date.now()) fail(409, 'EVENT_PAST', 'the event has started');
  }
  if (isHold && presentations.some((p) => isVodType(p.venue_type_id))) fail(409, 'HOLD_VOD', 'video on demand cannot be held');
  const physical = seats.filter((s) => !isVodType(presentations.find((p) => p.id === s.ticket!.prsntId)!.venue_type_id));
  if (physical.length > settings.maxSeats) fail(409, 'MAX_SEATS', `at most ${settings.maxSeats} seats per order`, { maxSeats: settings.maxSeats });
  return presentations;
}

/** Hold orders: a logged-in customer with an active membership, and no voucher payment. */
export async function checkHoldAllowed(q: Queryable, cart: Cart, ctx: CartContext): Promise<void> {
  if (!ctx.customerId || !(await hasActiveMembership(q, ctx.customerId))) {
    fail(403, 'NO_MEMBERSHIP', 'Cannot make an unpaid booking - you have no active memberships');
  }
  if (cart.voucherPayments?.some((v) => v.amount > 0)) fail(409, 'VOUCHER_ON_HOLD', 'no system voucher on held tickets');
}

/** One priced line per seat, presentation by presentation, each presentation then held to its combination rules. */
export async function priceTickets(
  q: Queryable, seats: CartSeat[], presentations: PresentationRow[], isHold: boolean, ctx: CartContext,
): Promise<{ lines: PricedLine[]; use: TicketUse }> {
  const use: TicketUse = {
    couponUse: new Map(), couponRows: new Map(), memberUse: new Map(), voucherTicketUse: new Map(),
    miniSiteRefs: new Map(), staffRefs: new Map(), loyaltyPoints: 0, walkinRequired: false,
  };
  const lines: PricedLine[] = [];
  for (const p of presentations) {
    const presentation: PresentationStage = {
      p, tickets: await venueTickets(q, p.venue_id), seatKeys: new Set(), perTicket: new Map(), isHold, ctx, use,
    };
    const pLines: PricedLine[] = [];
    for (const s of seats.filter((x) => x.ticket!.prsntId === p.id)) pLines.push(await priceSeat(q, s, presentation));
    await checkCombinations(q, p, presentation.perTicket, pLines, ctx);
    lines.push(...pLines);
  }
  return { lines, use };
}

interface PresentationStage {
  p: PresentationRow;
  tickets: TicketRow[];
  /** Seats already priced (a seat may appear once) and main/sub tickets per ticket type. */
  seatKeys: Set<string>;
  perTicket: Map<number, { t: TicketRow; main: number; sub: number }>;
  isHold: boolean;
  ctx: CartContext;
  use: TicketUse;
}

async function priceSeat(q: Queryable, s: CartSeat, st: PresentationStage): Promise<PricedLine> {
  const { p, isHold, ctx, use } = st;
  const ct = s.ticket!;
  const vod = isVodType(p.venue_type_id);
  const ticket = st.tickets.find((x) => x.id === ct.ticketId) ?? fail(409, 'TICKET_NOT_IN_GROUP', `ticket ${ct.ticketId} is not sold for presentation ${p.id}`);
  const place = vod ? await streamingPlace(q, p, s, ctx.lang) : await seatPlace(q, p, s, ct, ticket, ctx.lang);
  const isPremium = ticket.tg_code === 'premium' || place.isPremium;
  const key = `${place.sectionId}_${place.x}_${place.y}`;
  if (!vod) {
    if (st.seatKeys.has(key)) fail(400, 'BAD_REQUEST', `seat ${key} appears twice`);
    st.seatKeys.add(key);
  }
  if (isHold && isPremium) fail(409, 'PREMIUM_HOLD', 'a premium seat cannot be held');

  const isSub = ct.isMultiplyFactorSubTicket === true && ticket.multiply_factor > 1;
  const pt = st.perTicket.get(ticket.id) ?? { t: ticket, main: 0, sub: 0 };
  if (isSub) pt.sub++; else pt.main++;
  st.perTicket.set(ticket.id, pt);

  const codes = await applyCodes(q, ticket, ct, isSub, isHold, use);
  const memberNumber = await memberOf(q, ticket, ct, isSub, ctx, use);
  if (ticket.kind === 'loyalty' && !isSub) {
    if (!ctx.customerId) fail(401, 'LOGIN_REQUIRED', 'loyalty points tickets need a logged-in customer');
    if (ct.loyaltyRedemptionCustomerId != null && ct.loyaltyRedemptionCustomerId !== ctx.customerId) fail(403, 'FORBIDDEN', 'points of another customer');
    use.loyaltyPoints += ticket.loyalty_points ?? 0;
  }
  const refs = tallyReferences(ticket, ct, ctx, use);
  if (ticket.walkin) use.walkinRequired = true;
  const addons = addonsOf(ticket, s, ct);
  return {
    presentation: p, ticket, seat: s, ...place, isPremium, isVod: vod, isSub, price: codes.price,
    serviceCharge: isSub ? 0 : p.service_charge * ticket.multiply_factor,
    addons, addonsAmount: addons.reduce((n, a) => n + a.price, 0),
    code: codes.code, couponCode: codes.couponCode, memberNumber, systemVoucher: codes.systemVoucher, ...refs,
  };
}

/** Where a line sits; `isPremium` is the seat's own flag (a premium price group makes every seat premium). */
type Place = Pick<PricedLine, 'sectionId' | 'x' | 'y' | 'isPremium' | 'rowName' | 'seatName' | 'sectionName'>;

/**
 * Video on demand has no seats: its line sits in the venue's first (streaming) section, its place numbered at the sale.
 * The coordinates of a streaming place the visit held while choosing how many (the seat step) say nothing and are ignored.
 */
async function streamingPlace(q: Queryable, p: PresentationRow, s: CartSeat, lang: Lang): Promise<Place> {
  const { rows } = await q.query<{ id: number; name_he: string; name_en: string }>(
    'SELECT id, name_he, name_en FROM sections WHERE seatplan_id = $1 ORDER BY sort, id LIMIT 1', [p.seatplan_id]);
  const section = rows[0] ?? fail(409, 'TICKET_NOT_IN_GROUP', 'no streaming section');
  return {
    sectionId: section.id, x: 0, y: 0, isPremium: false,
    rowName: s.RowName ?? null, seatName: s.SeatName ?? null, sectionName: pick(lang, section.name_he, section.name_en),
  };
}

/** A seat (or a general-admission place) of the venue, in the price group of its ticket. */
async function seatPlace(q: Queryable, p: PresentationRow, s: CartSeat, ct: CartTicket, ticket: TicketRow, lang: Lang): Promise<Place> {
  if (ct.sectionId == null || s.XCoordinate === null || s.YCoordinate === null) fail(400, 'SEAT_WITHOUT_TICKET', 'a seat needs its section and coordinates');
  const sectionId = ct.sectionId!, x = s.XCoordinate!, y = s.YCoordinate!;
  const { rows: sec } = await q.query<{ is_ga: boolean; capacity: number; ticket_group_id: number; name_he: string; name_en: string }>(
    'SELECT is_ga, capacity, ticket_group_id, name_he, name_en FROM sections WHERE id = $1 AND seatplan_id = $2', [sectionId, p.seatplan_id]);
  const section = sec[0] ?? fail(409, 'TICKET_NOT_IN_GROUP', `no section ${sectionId} in this venue`);
  const place: Place = {
    sectionId, x, y, isPremium: false,
    rowName: s.RowName ?? null, seatName: s.SeatName ?? null, sectionName: pick(lang, section.name_he, section.name_en),
  };
  let seatGroup = section.ticket_group_id;
  if (section.is_ga) {
    if (y !== 0 || x < 1 || x > section.capacity) fail(409, 'HOLD_EXPIRED', 'not a held place');
  } else {
    const { rows: st } = await q.query<{ ticket_group_id: number; is_premium: boolean; row_name: string; seat_name: string }>(
      'SELECT ticket_group_id, is_premium, row_name, seat_name FROM seats WHERE section_id = $1 AND x = $2 AND y = $3', [sectionId, x, y]);
    const seat = st[0] ?? fail(409, 'HOLD_EXPIRED', 'no such seat');
    seatGroup = seat.ticket_group_id;
    place.isPremium = seat.is_premium;
    place.rowName = seat.row_name; place.seatName = seat.seat_name;
  }
  if (ticket.ticket_group_id !== seatGroup) fail(409, 'TICKET_NOT_IN_GROUP', `ticket ${ticket.id} is not sold for this seat's price group`);
  return place;
}

/** The ticket's own code or a coupon for it (code-only tickets), and a system voucher that makes the ticket free. */
async function applyCodes(q: Queryable, ticket: TicketRow, ct: CartTicket, isSub: boolean, isHold: boolean, use: TicketUse) {
  let code: string | null = null, couponCode: string | null = null, systemVoucher: string | null = null;
  let price = isSub ? 0 : ticket.price;
  const given = ct.code?.trim().toUpperCase() || null;
  if (ticket.is_by_code_enabled) {
    if (!given) fail(409, 'codeNotFound', 'this ticket needs its code');
    const own = given === ticket.ticket_code?.toUpperCase();
    const coupon = own ? null : (use.couponRows.get(given!) ?? await findCoupon(q, given!));
    if (own) code = ticket.ticket_code;
    else if (coupon && coupon.ticket_code === ticket.code) {
      use.couponRows.set(coupon.code, coupon);
      couponCode = coupon.code; code = coupon.code;
      use.couponUse.set(coupon.code, (use.couponUse.get(coupon.code) ?? 0) + 1);
    } else fail(409, 'codeNotFound');
  }
  if (ct.systemVoucher) {
    if (isHold) fail(409, 'VOUCHER_ON_HOLD', 'no system voucher on held tickets');
    systemVoucher = ct.systemVoucher.trim().toUpperCase();
    use.voucherTicketUse.set(systemVoucher, (use.voucherTicketUse.get(systemVoucher) ?? 0) + 1);
    price = 0;
  }
  return { code, couponCode, systemVoucher, price };
}

/** A member ticket's member number: the one given, or the logged-in customer's first usable membership. */
async function memberOf(q: Queryable, ticket: TicketRow, ct: CartTicket, isSub: boolean, ctx: CartContext, use: TicketUse): Promise<string | null> {
  if (ticket.kind !== 'member' || isSub) return null;
  let memberNumber = ct.memberNumber?.trim() || null;
  if (!memberNumber && ctx.customerId) memberNumber = (await firstUsableMember(q, ctx.customerId))?.member_number ?? null;
  if (!memberNumber) return fail(409, 'noValidMember', 'no valid membership for member sale');
  use.memberUse.set(memberNumber, (use.memberUse.get(memberNumber) ?? 0) + 1);
  return memberNumber;
}

/** Reference prompts: required when the ticket asks; counted against a partner mini-site's allotment, else the admin's options. */
function tallyReferences(ticket: TicketRow, ct: CartTicket, ctx: CartContext, use: TicketUse): { ref1: string | null; ref2: string | null } {
  const ref1 = ct.ref1?.trim() || null, ref2 = ct.ref2?.trim() || null;
  if (ticket.ref1_he && !ref1) fail(409, 'REF_REQUIRED', 'the ticket needs its reference', { field: 'ref1' });
  if (ticket.ref2_he && !ref2) fail(409, 'REF_REQUIRED', 'the ticket needs its second reference', { field: 'ref2' });
  if (ref1 && ctx.miniSite && ctx.miniSite.reference_ticket_codes.includes(ticket.code)) {
    const k = `${ctx.miniSite.id}|${ticket.code}|${ref1}|${ref2 ?? ''}`;
    const e = use.miniSiteRefs.get(k) ?? { miniSiteId: ctx.miniSite.id, ticketCode: ticket.code, ref1, ref2: ref2 ?? '', n: 0 };
    e.n++; use.miniSiteRefs.set(k, e);
  } else if (ref1) {
    const k = `${ticket.id}|${ref1}|${ref2 ?? ''}`;
    const e = use.staffRefs.get(k) ?? { ticketId: ticket.id, ref1, ref2: ref2 ?? '', n: 0 };
    e.n++; use.staffRefs.set(k, e);
  }
  return { ref1, ref2 };
}

/** The add-ons chosen for the seat (or the ticket's first, when the seat asks for it), each offered with the ticket. */
function addonsOf(ticket: TicketRow, s: CartSeat, ct: CartTicket): PricedLine['addons'] {
  let addonIds = ct.selectedAddons ?? [];
  if (s.isFirstAddonSelected && !addonIds.length && ticket.addons[0]) addonIds = [ticket.addons[0].id];
  return addonIds.map((id) => ticket.addons.find((a) => a.id === id) ?? fail(409, 'ADDON_NOT_FOUND', `add-on ${id} is not offered with this ticket`));
}

/** Combination rules per presentation (spec 5): multipliers, multiples, minimum, maximum, companions, quota. */
async function checkCombinations(
  q: Queryable, p: PresentationRow, perTicket: PresentationStage['perTicket'], pLines: PricedLine[], ctx: CartContext,
): Promise<void> {
  for (const { t, main, sub } of perTicket.values()) {
    if (t.multiply_factor > 1 && sub !== main * (t.multiply_factor - 1)) {
      fail(409, 'TICKET_MULTIPLIER', `ticket ${t.id} covers ${t.multiply_factor} seats`, { multiplyFactor: t.multiply_factor });
    }
    if (main % t.quantity_multiple !== 0) fail(409, 'TICKET_QUANTITY', `ticket ${t.id} is sold in multiples of ${t.quantity_multiple}`, { quantityMultiple: t.quantity_multiple });
    if (main < t.min_quantity) fail(409, 'TICKET_MIN', `at least ${t.min_quantity} of ticket ${t.id}`, { minQuantity: t.min_quantity });
    if (t.max_quantity !== null && main > t.max_quantity) fail(409, 'TICKET_MAX', `at most ${t.max_quantity} of ticket ${t.id}`, { maxQuantity: t.max_quantity });
    if (t.companion_codes.length && !pLines.some((l) => t.companion_codes.includes(l.ticket.code))) {
      fail(409, 'TICKET_COMPANION', `ticket ${t.id} needs a companion ticket`, { companionCodes: t.companion_codes });
    }
    if (t.quota !== null && ctx.forUpdate) await lockCount(q, `quota:${p.id}:${t.id}`);
    if (t.quota !== null && (await soldCount(q, p.id, t.id)) + main > t.quota) fail(409, 'TICKET_SOLD_OUT', `ticket ${t.id} is sold out`);
  }
}
