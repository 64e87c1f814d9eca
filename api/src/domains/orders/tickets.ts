import type { OrderTicket, TicketLookupQuery } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { jerusalemToday, shekels } from '../../lib/time.ts';
import { ticketKind, type PresentationRow } from '../catalog/queries.ts';
import { MEMBER_SELECT, memberState, type MemberRow } from '../customers/service.ts';
import { pick } from '../../lib/lang.ts';

/** A ticket type of a venue with everything the order path needs (catalog row + options + rules + add-ons). */
export interface TicketRow {
  id: number; ticket_group_id: number; tg_code: string; code: string; name_he: string; name_en: string; price: number;
  old_price: number | null; price_policy_id: number; multiply_factor: number; is_by_code_enabled: boolean; ticket_code: string | null;
  kind: 'regular' | 'member' | 'loyalty' | 'reference' | 'walkin' | 'vod'; ref1_he: string | null; ref1_en: string | null;
  ref2_he: string | null; ref2_en: string | null; walkin: boolean; loyalty_points: number | null;
  quantity_multiple: number; min_quantity: number; max_quantity: number | null; companion_codes: string[]; quota: number | null;
  addons: Array<{ id: number; name_he: string; name_en: string; price: number }>;
  sort: number;
}

export async function venueTickets(q: Queryable, venueId: number): Promise<TicketRow[]> {
  const { rows } = await q.query<TicketRow>(`
    SELECT t.id, t.ticket_group_id, tg.code AS tg_code, t.code, t.name_he, t.name_en, t.price, t.old_price, t.price_policy_id,
           t.multiply_factor, t.is_by_code_enabled, t.ticket_code, t.sort,
           COALESCE(o.kind, 'regular') AS kind, o.ref1prompt_he AS ref1_he, o.ref1prompt_en AS ref1_en,
           o.ref2prompt_he AS ref2_he, o.ref2prompt_en AS ref2_en, COALESCE(o.walkin, false) AS walkin, o.loyalty_points,
           COALESCE(r.quantity_multiple, 1) AS quantity_multiple, COALESCE(r.min_quantity, 0) AS min_quantity, r.max_quantity,
           COALESCE(r.companion_codes, '{}') AS companion_codes, r.quota_per_presentation AS quota,
           COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name_he', a.name_he, 'name_en', a.name_en, 'price', a.price) ORDER BY a.id)
                     FROM ticket_addons ta JOIN addons a ON a.id = ta.addon_id WHERE ta.ticket_id = t.id), '[]'::json) AS addons
    FROM tickets t JOIN ticket_groups tg ON tg.id = t.ticket_group_id
    LEFT JOIN ticket_options o ON o.ticket_id = t.id
    LEFT JOIN ticket_rules r ON r.ticket_id = t.id
    WHERE tg.venue_id = $1 ORDER BY tg.sort, tg.id, t.sort, t.id`, [venueId]);
  for (const r of rows) if (typeof r.addons === 'string') r.addons = JSON.parse(r.addons);
  return rows;
}

/** Tickets of one type already sold or held (hold orders) for a presentation (sub-tickets not counted). */
export async function soldCount(q: Queryable, presentationId: number, ticketId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets
    WHERE presentation_id = $1 AND ticket_id = $2 AND status IN ('sold', 'held') AND NOT is_sub_ticket`, [presentationId, ticketId]);
  return rows[0]!.n;
}

export interface CouponRow { code: string; ticket_code: string; multiply_factor: number; balance: number; used: number; valid_until: string | null }
export async function findCoupon(q: Queryable, code: string): Promise<CouponRow | null> {
  const { rows } = await q.query<CouponRow>(
    'SELECT code, ticket_code, multiply_factor, balance, used, valid_until::text AS valid_until FROM coupons WHERE code = upper($1)', [code]);
  return rows[0] ?? null;
}
export const couponRemaining = (c: CouponRow) => c.balance * c.multiply_factor - c.used;

export interface VoucherItemRow {
  id: number; reference: string; system_voucher_id: number; balance: number; ticket_balance: number; start_date: string; end_date: string;
  status: string; redemption: Array<{ reference: string; price: number }>;
}
export async function findVoucherItem(q: Queryable, reference: string, forUpdate = false): Promise<VoucherItemRow | null> {
  const { rows } = await q.query<VoucherItemRow>(`
    SELECT i.id, i.reference, i.system_voucher_id, i.balance, i.ticket_balance, i.start_date::text AS start_date, i.end_date::text AS end_date,
           i.status, COALESCE((SELECT p.redemption FROM system_voucher_prices p WHERE p.voucher_id = i.system_voucher_id ORDER BY p.id LIMIT 1), '[]'::jsonb) AS redemption
    FROM system_voucher_items i WHERE i.reference = upper($1)${forUpdate ? ' FOR UPDATE OF i' : ''}`, [reference]);
  const r = rows[0];
  if (r && typeof r.redemption === 'string') r.redemption = JSON.parse(r.redemption);
  return r ?? null;
}
export function voucherUsable(v: VoucherItemRow): 'ok' | 'expired' | 'notActive' {
  const today = jerusalemToday();
  if (v.status !== 'active') return 'notActive';
  if (v.end_date < today || v.start_date > today) return 'expired';
  return 'ok';
}
/** A voucher that includes a ticket (redemption reference TICKET or PREMIUM). */
export const voucherGivesTicket = (v: VoucherItemRow) => v.redemption.some((r) => r.reference === 'TICKET' || r.reference === 'PREMIUM');

/**
 * Member checks of spec 8 (ticket lookup): memberNotFound, memberNotStarted, memberExpired, noValidMember, memberNoneAvailable.
 * A member number counts only for the signed-in customer who owns it (`owner`); anyone else's is "not found",
 * so a lookup never reveals another customer's balance or id.
 */
export async function checkMember(q: Queryable, memberNumber: string, owner: number | null, need = 1, forUpdate = false): Promise<MemberRow> {
  const { rows } = await q.query<MemberRow>(`${MEMBER_SELECT} WHERE cm.member_number = $1${forUpdate ? ' FOR UPDATE OF cm' : ''}`, [memberNumber]);
  const m = rows[0];
  if (!m || m.customer_id !== owner) throw new ApiHttpError(404, 'memberNotFound');
  const st = memberState(m);
  if (st.isNotStarted) throw new ApiHttpError(409, 'memberNotStarted');
  if (st.isExpired) throw new ApiHttpError(409, 'memberExpired');
  if (!m.allow_member_sale_tickets) throw new ApiHttpError(409, 'noValidMember', 'no valid membership for member sale');
  if (m.balance - m.used_balance < need) throw new ApiHttpError(409, 'memberNoneAvailable', 'balance insufficient');
  return m;
}

/** The customer's first member usable for member tickets (for a logged-in customer without a member number). */
export async function firstUsableMember(q: Queryable, customerId: number): Promise<MemberRow | null> {
  const { rows } = await q.query<MemberRow>(`${MEMBER_SELECT} WHERE cm.customer_id = $1 ORDER BY cm.id`, [customerId]);
  return rows.find((m) => memberState(m).isActive && m.allow_member_sale_tickets && m.balance > m.used_balance) ?? null;
}

export function toOrderTicket(t: TicketRow, p: PresentationRow, lang: Lang, extra: Partial<OrderTicket> & { remaining: number | null }): OrderTicket {
  const { remaining, ...rest } = extra;
  const kind = ticketKind(t.kind, t.is_by_code_enabled);
  return {
    id: t.id,
    name: pick(lang, t.name_he, t.name_en),
    price: shekels(t.price),
    oldPrice: shekels(t.old_price ?? t.price),
    serviceCharge: shekels(p.service_charge * t.multiply_factor),
    pricePolicyId: t.price_policy_id,
    multiplyFactor: t.multiply_factor,
    isByCodeEnabled: t.is_by_code_enabled,
    code: null,
    ref1prompt: pick(lang, t.ref1_he, t.ref1_en),
    ref2prompt: pick(lang, t.ref2_he, t.ref2_en),
    walkin: t.walkin,
    loyaltyPointsPrice: t.loyalty_points,
    addons: t.addons.map((a) => ({ id: a.id, name: pick(lang, a.name_he, a.name_en), price: shekels(a.price) })),
    ticketGroupId: t.ticket_group_id,
    kind,
    memberNumber: null,
    systemVoucher: null,
    balance: null,
    voucherTickets: null,
    customerId: null,
    isLoyaltyPointsRedemption: t.kind === 'loyalty',
    rules: {
      quantityMultiple: t.quantity_multiple,
      minQuantity: t.min_quantity,
      maxQuantity: t.max_quantity,
      requiredCompanionCodes: t.companion_codes,
      remaining,
    },
    ...rest,
  };
}

/** The default ticket of a group (spec 4): multiplyFactor ≤ 1, no reference prompt, not by code, regular kind. */
export function defaultTicket(tickets: TicketRow[], groupId: number, ignore: Set<number>): TicketRow | undefined {
  return tickets.find((t) => t.ticket_group_id === groupId && t.multiply_factor <= 1 && !t.ref1_he && !t.is_by_code_enabled
    && (t.kind === 'regular' || t.kind === 'vod') && !ignore.has(t.id));
}

export interface LookupContext { customerId: number | null; lang: Lang }

/** GET /presentations/{id}/ticket: by code (ticket code, coupon, voucher), by member, by id, or the group's default. */
export async function lookupTicket(q: Queryable, p: PresentationRow, query: TicketLookupQuery, ctx: LookupContext): Promise<OrderTicket> {
  const tickets = await venueTickets(q, p.venue_id);
  const ignore = new Set((query.ignoreTicketIds ?? '').split(',').filter(Boolean).map(Number));
  let groupId = query.ticketGroupId;
  if (!groupId && query.sectionId) {
    const { rows } = await q.query<{ ticket_group_id: number }>(`SELECT ticket_group_id FROM sections WHERE id = $1 AND seatplan_id = $2`, [query.sectionId, p.seatplan_id]);
    groupId = rows[0]?.ticket_group_id;
  }
  if (groupId && !tickets.some((t) => t.ticket_group_id === groupId)) throw new ApiHttpError(404, 'ticketNotFound', `no ticket group ${groupId} here`);
  const inGroup = (t: TicketRow) => !groupId || t.ticket_group_id === groupId;
  const remainingOf = async (t: TicketRow) => (t.quota === null ? null : Math.max(0, t.quota - (await soldCount(q, p.id, t.id))));
  const withRules = async (t: TicketRow, extra: Partial<OrderTicket> = {}) => {
    const remaining = await remainingOf(t);
    if (remaining === 0) throw new ApiHttpError(409, 'TICKET_SOLD_OUT', 'no tickets left');
    return toOrderTicket(t, p, ctx.lang, { ...extra, remaining });
  };

  if (query.ticketCode) {
    const code = query.ticketCode.toUpperCase();
    // 1. a code-only ticket of this venue
    const byCode = tickets.filter((t) => t.ticket_code && t.ticket_code.toUpperCase() === code);
    const hit = byCode.find(inGroup) ?? byCode[0];
    if (hit) return withRules(hit, { code: hit.ticket_code });
    // 2. a coupon
    const coupon = await findCoupon(q, code);
    if (coupon) {
      if (coupon.valid_until && coupon.valid_until < jerusalemToday()) throw new ApiHttpError(409, 'voucherExpired');
      const left = couponRemaining(coupon);
      if (left <= 0) throw new ApiHttpError(409, 'COUPON_USED', 'the coupon was already used');
      if (query.eligibleSeats !== undefined) {
        if (query.eligibleSeats === 0) throw new ApiHttpError(409, 'COUPON_NO_TICKETS', 'no tickets were found to apply it to');
        if (coupon.multiply_factor > query.eligibleSeats) {
          const count = coupon.multiply_factor - query.eligibleSeats;
          throw new ApiHttpError(409, 'COUPON_MORE_TICKETS', `${count} more ticket(s) must be added`, { count });
        }
      }
      const t = tickets.find((x) => x.code === coupon.ticket_code && inGroup(x));
      if (!t) throw new ApiHttpError(404, 'COUPON_NO_TICKETS', 'no tickets were found to apply it to');
      const ot = await withRules(t, { code: coupon.code, balance: left, kind: 'coupon' });
      return { ...ot, multiplyFactor: coupon.multiply_factor, isByCodeEnabled: true };
    }
    // 3. a system voucher that includes a ticket
    const v = await findVoucherItem(q, code);
    if (v) {
      const u = voucherUsable(v);
      if (u === 'expired') throw new ApiHttpError(409, 'voucherExpired');
      if (u === 'notActive') throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
      if (!voucherGivesTicket(v)) throw new ApiHttpError(409, 'autoApplyVoucherRequired', 'voucher must be used with other vouchers');
      if (v.ticket_balance <= 0) throw new ApiHttpError(409, 'voucherBalance');
      if (query.isHold) throw new ApiHttpError(409, 'VOUCHER_ON_HOLD', 'no system voucher on held tickets');
      const t = defaultTicket(tickets, groupId ?? tickets.find((x) => x.tg_code === 'regular')?.ticket_group_id ?? tickets[0]?.ticket_group_id ?? 0, ignore);
      if (!t) throw new ApiHttpError(404, 'ticketNotFound');
      const ot = await withRules(t, { systemVoucher: v.reference, balance: v.ticket_balance, voucherTickets: v.ticket_balance, kind: 'voucher' });
      return { ...ot, price: 0, oldPrice: shekels(t.price), code: v.reference };
    }
    if (await codeElsewhere(q, code)) throw new ApiHttpError(404, 'ticketNotFound', 'the code is not valid for this event');
    throw new ApiHttpError(404, 'codeNotFound');
  }

  if (query.ticketId) {
    const t = tickets.find((x) => x.id === query.ticketId);
    if (!t || ignore.has(t.id)) throw new ApiHttpError(404, 'ticketNotFound');
    if (t.is_by_code_enabled) throw new ApiHttpError(404, 'codeNotFound', 'this ticket needs its code');
    if (t.kind === 'member') {
      const m = query.memberNumber ? await checkMember(q, query.memberNumber, ctx.customerId, query.quantity ?? 1)
        : ctx.customerId ? await firstUsableMember(q, ctx.customerId) : null;
      if (!m) throw new ApiHttpError(409, 'noValidMember', 'no valid membership for member sale');
      return withRules(t, { memberNumber: m.member_number, balance: m.balance - m.used_balance, customerId: m.customer_id });
    }
    if (t.kind === 'loyalty') {
      if (!ctx.customerId) throw new ApiHttpError(401, 'LOGIN_REQUIRED', 'loyalty points tickets need a logged-in customer');
      const { rows } = await q.query<{ loyalty_points: number }>('SELECT loyalty_points FROM customers WHERE id = $1', [ctx.customerId]);
      const points = rows[0]?.loyalty_points ?? 0;
      if (points < (t.loyalty_points ?? 0) * (query.quantity ?? 1)) throw new ApiHttpError(409, 'LOYALTY_POINTS', 'not enough loyalty points');
      return withRules(t, { customerId: ctx.customerId, balance: Math.floor(points / Math.max(1, t.loyalty_points ?? 1)) });
    }
    return withRules(t);
  }

  if (query.memberNumber) {
    const m = await checkMember(q, query.memberNumber, ctx.customerId, query.quantity ?? 1);
    const t = tickets.find((x) => x.kind === 'member' && inGroup(x) && !ignore.has(x.id));
    if (!t) throw new ApiHttpError(404, 'ticketNotFound', 'no member ticket for this seat');
    return withRules(t, { memberNumber: m.member_number, balance: m.balance - m.used_balance, customerId: m.customer_id });
  }

  if (!groupId) throw new ApiHttpError(400, 'BAD_REQUEST', 'give ticketCode, ticketId, memberNumber, ticketGroupId or sectionId');
  const t = defaultTicket(tickets, groupId, ignore);
  if (!t) throw new ApiHttpError(404, 'getTicket', 'no ticket for this group');
  return withRules(t);
}

async function codeElsewhere(q: Queryable, code: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM tickets WHERE upper(ticket_code) = $1 LIMIT 1', [code]);
  return rows.length > 0;
}
