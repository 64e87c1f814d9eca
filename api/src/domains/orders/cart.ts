import type { Cart, CartSeat, OrderSummary, SummaryTicket, VoucherPayment } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import { shekels } from '../../lib/time.ts';
import { getPresentationRow, isVodType, type PresentationRow } from '../catalog/queries.ts';
import { hasActiveMembership } from '../customers/service.ts';
import type { OrdersSettings } from './config.ts';
import {
  checkMember, couponRemaining, findCoupon, findVoucherItem, firstUsableMember, soldCount, venueTickets, voucherGivesTicket, voucherUsable,
  type CouponRow, type TicketRow,
} from './tickets.ts';

/**
 * Cart build and pricing (spec 5). Used by POST /cart (summary) and by the commit (inside its transaction,
 * so every check and price is re-done against the data the sale writes). The api never trusts a price
 * sent by the browser.
 */

export interface PricedLine {
  presentation: PresentationRow;
  ticket: TicketRow;
  seat: CartSeat;
  sectionId: number;
  x: number;
  y: number;
  isVod: boolean;
  isSub: boolean;
  isPremium: boolean;
  price: number; // agorot
  serviceCharge: number;
  addons: Array<{ id: number; name_he: string; name_en: string; price: number }>;
  addonsAmount: number;
  code: string | null;
  couponCode: string | null;
  memberNumber: string | null;
  systemVoucher: string | null;
  ref1: string | null;
  ref2: string | null;
  rowName: string | null;
  seatName: string | null;
  sectionName: string | null;
}

export interface PricedProduct { id: number; name: string; category: string; quantity: number; price: number; isDeliveryRequired: boolean }

export interface PricedVoucher { itemId: number; reference: string; amount: number; systemVoucherId: number }

export interface PricedOrder {
  lines: PricedLine[];
  products: PricedProduct[];
  presentations: PresentationRow[];
  ticketsAmount: number; serviceCharge: number; bookingFee: number; glasses: number; addons: number; productsAmount: number;
  totalAmount: number; voucher: PricedVoucher | null; amountDue: number; numberOfPayments: number; payments: number[];
  isHold: boolean; deliveryRequired: boolean; walkinRequired: boolean;
  /** Coupon code → tickets used; member number → tickets; voucher reference → free tickets; loyalty points to take. */
  couponUse: Map<string, number>; memberUse: Map<string, number>; voucherTicketUse: Map<string, number>; loyaltyPoints: number;
  refUse: Array<{ miniSiteId: number; ticketCode: string; ref1: string; ref2: string; n: number }>;
  customerId: number | null;
  referralMiniSiteId: number | null;
  summary: OrderSummary;
}

export interface CartContext {
  customerId: number | null;
  lang: Lang;
  settings: OrdersSettings;
  miniSite: { id: number; reference_ticket_codes: string[] } | null;
  /** Inside the commit transaction: lock rows the sale updates. */
  forUpdate?: boolean;
}

const fail = (status: number, code: string, message?: string, extra?: Record<string, unknown>): never => {
  throw new ApiHttpError(status, code, message, extra);
};

export async function priceCart(q: Queryable, cart: Cart, ctx: CartContext): Promise<PricedOrder> {
  const { lang, settings } = ctx;
  const isHold = cart.isHold === true;
  // Spec 5: the cart holds only selected seats with a ticket.
  const seats = cart.seats.filter((s) => s.ticket);
  if (!seats.length) fail(400, 'EMPTY_CART', 'no seat with a ticket');

  // ---- presentations: same auth profile and business (spec 5) ----
  const pIds = [...new Set(seats.map((s) => s.ticket!.prsntId))];
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

  // ---- hold orders: a logged-in customer with an active membership ----
  if (isHold) {
    if (!ctx.customerId || !(await hasActiveMembership(q, ctx.customerId))) {
      fail(403, 'NO_MEMBERSHIP', 'Cannot make an unpaid booking - you have no active memberships');
    }
    if (cart.voucherPayments?.some((v) => v.amount > 0)) fail(409, 'VOUCHER_ON_HOLD', 'no system voucher on held tickets');
  }

  const lines: PricedLine[] = [];
  const couponUse = new Map<string, number>();
  const couponRows = new Map<string, CouponRow>();
  const memberUse = new Map<string, number>();
  const voucherTicketUse = new Map<string, number>();
  const refCount = new Map<string, { miniSiteId: number; ticketCode: string; ref1: string; ref2: string; n: number }>();
  const staffRefCount = new Map<string, { ticketId: number; ref1: string; ref2: string; n: number }>();
  let loyaltyPoints = 0;
  let walkinRequired = false;

  for (const p of presentations) {
    const vod = isVodType(p.venue_type_id);
    const tickets = await venueTickets(q, p.venue_id);
    const pSeats = seats.filter((s) => s.ticket!.prsntId === p.id);
    const seatKeys = new Set<string>();
    const perTicket = new Map<number, { t: TicketRow; main: number; sub: number }>();
    const pLines: PricedLine[] = [];

    for (const s of pSeats) {
      const ct = s.ticket!;
      const t = tickets.find((x) => x.id === ct.ticketId);
      if (!t) fail(409, 'TICKET_NOT_IN_GROUP', `ticket ${ct.ticketId} is not sold for presentation ${p.id}`);
      const ticket = t!;
      let sectionId: number, x: number, y: number;
      let isPremium = ticket.tg_code === 'premium';
      let rowName: string | null = s.RowName ?? null, seatName: string | null = s.SeatName ?? null, sectionName: string | null = null;
      if (vod) {
        if (s.XCoordinate !== null || s.YCoordinate !== null) fail(400, 'BAD_REQUEST', 'video on demand has no seats');
        const { rows } = await q.query<{ id: number; name_he: string; name_en: string }>(
          'SELECT id, name_he, name_en FROM sections WHERE seatplan_id = $1 ORDER BY sort, id LIMIT 1', [p.seatplan_id]);
        if (!rows[0]) fail(409, 'TICKET_NOT_IN_GROUP', 'no streaming section');
        sectionId = rows[0]!.id; x = 0; y = 0; sectionName = lang === 'he' ? rows[0]!.name_he : rows[0]!.name_en;
      } else {
        if (ct.sectionId == null || s.XCoordinate === null || s.YCoordinate === null) fail(400, 'SEAT_WITHOUT_TICKET', 'a seat needs its section and coordinates');
        sectionId = ct.sectionId!; x = s.XCoordinate!; y = s.YCoordinate!;
        const { rows: sec } = await q.query<{ is_ga: boolean; capacity: number; ticket_group_id: number; name_he: string; name_en: string }>(
          'SELECT is_ga, capacity, ticket_group_id, name_he, name_en FROM sections WHERE id = $1 AND seatplan_id = $2', [sectionId, p.seatplan_id]);
        const section = sec[0];
        if (!section) fail(409, 'TICKET_NOT_IN_GROUP', `no section ${sectionId} in this venue`);
        sectionName = lang === 'he' ? section!.name_he : section!.name_en;
        let seatGroup = section!.ticket_group_id;
        if (section!.is_ga) {
          if (y !== 0 || x < 1 || x > section!.capacity) fail(409, 'HOLD_EXPIRED', 'not a held place');
        } else {
          const { rows: st } = await q.query<{ ticket_group_id: number; is_premium: boolean; row_name: string; seat_name: string }>(
            'SELECT ticket_group_id, is_premium, row_name, seat_name FROM seats WHERE section_id = $1 AND x = $2 AND y = $3', [sectionId, x, y]);
          if (!st[0]) fail(409, 'HOLD_EXPIRED', 'no such seat');
          seatGroup = st[0]!.ticket_group_id;
          isPremium = isPremium || st[0]!.is_premium;
          rowName = st[0]!.row_name; seatName = st[0]!.seat_name;
        }
        if (ticket.ticket_group_id !== seatGroup) fail(409, 'TICKET_NOT_IN_GROUP', `ticket ${ticket.id} is not sold for this seat's price group`);
      }
      const key = `${sectionId}_${x}_${y}`;
      if (!vod) {
        if (seatKeys.has(key)) fail(400, 'BAD_REQUEST', `seat ${key} appears twice`);
        seatKeys.add(key);
      }
      if (isHold && isPremium) fail(409, 'PREMIUM_HOLD', 'a premium seat cannot be held');

      const isSub = ct.isMultiplyFactorSubTicket === true && ticket.multiply_factor > 1;
      const pt = perTicket.get(ticket.id) ?? { t: ticket, main: 0, sub: 0 };
      if (isSub) pt.sub++; else pt.main++;
      perTicket.set(ticket.id, pt);

      // codes, coupons, vouchers
      let code: string | null = null, couponCode: string | null = null, systemVoucher: string | null = null;
      let price = isSub ? 0 : ticket.price;
      const given = ct.code?.trim().toUpperCase() || null;
      if (ticket.is_by_code_enabled) {
        if (!given) fail(409, 'codeNotFound', 'this ticket needs its code');
        const coupon = given === ticket.ticket_code?.toUpperCase() ? null : (couponRows.get(given!) ?? await findCoupon(q, given!));
        if (given === ticket.ticket_code?.toUpperCase()) code = ticket.ticket_code;
        else if (coupon && coupon.ticket_code === ticket.code) {
          couponRows.set(coupon.code, coupon);
          couponCode = coupon.code; code = coupon.code;
          couponUse.set(coupon.code, (couponUse.get(coupon.code) ?? 0) + 1);
        } else fail(409, 'codeNotFound');
      }
      if (ct.systemVoucher) {
        if (isHold) fail(409, 'VOUCHER_ON_HOLD', 'no system voucher on held tickets');
        systemVoucher = ct.systemVoucher.trim().toUpperCase();
        voucherTicketUse.set(systemVoucher, (voucherTicketUse.get(systemVoucher) ?? 0) + 1);
        price = 0;
      }
      // member tickets
      let memberNumber: string | null = null;
      if (ticket.kind === 'member' && !isSub) {
        memberNumber = ct.memberNumber?.trim() || null;
        if (!memberNumber && ctx.customerId) memberNumber = (await firstUsableMember(q, ctx.customerId))?.member_number ?? null;
        if (!memberNumber) fail(409, 'noValidMember', 'no valid membership for member sale');
        memberUse.set(memberNumber!, (memberUse.get(memberNumber!) ?? 0) + 1);
      }
      if (ticket.kind === 'loyalty' && !isSub) {
        if (!ctx.customerId) fail(401, 'LOGIN_REQUIRED', 'loyalty points tickets need a logged-in customer');
        if (ct.loyaltyRedemptionCustomerId != null && ct.loyaltyRedemptionCustomerId !== ctx.customerId) fail(403, 'FORBIDDEN', 'points of another customer');
        loyaltyPoints += ticket.loyalty_points ?? 0;
      }
      // reference prompts
      const ref1 = ct.ref1?.trim() || null, ref2 = ct.ref2?.trim() || null;
      if (ticket.ref1_he && !ref1) fail(409, 'REF_REQUIRED', 'the ticket needs its reference', { field: 'ref1' });
      if (ticket.ref2_he && !ref2) fail(409, 'REF_REQUIRED', 'the ticket needs its second reference', { field: 'ref2' });
      // A partner mini-site validates its own references; otherwise the ticket-reference admin's options do.
      if (ref1 && ctx.miniSite && ctx.miniSite.reference_ticket_codes.includes(ticket.code)) {
        const k = `${ctx.miniSite.id}|${ticket.code}|${ref1}|${ref2 ?? ''}`;
        const e = refCount.get(k) ?? { miniSiteId: ctx.miniSite.id, ticketCode: ticket.code, ref1, ref2: ref2 ?? '', n: 0 };
        e.n++; refCount.set(k, e);
      } else if (ref1) {
        const k = `${ticket.id}|${ref1}|${ref2 ?? ''}`;
        const e = staffRefCount.get(k) ?? { ticketId: ticket.id, ref1, ref2: ref2 ?? '', n: 0 };
        e.n++; staffRefCount.set(k, e);
      }
      if (ticket.walkin) walkinRequired = true;
      // add-ons
      let addonIds = ct.selectedAddons ?? [];
      if (s.isFirstAddonSelected && !addonIds.length && ticket.addons[0]) addonIds = [ticket.addons[0].id];
      const addons = addonIds.map((id) => ticket.addons.find((a) => a.id === id) ?? fail(409, 'ADDON_NOT_FOUND', `add-on ${id} is not offered with this ticket`));
      pLines.push({
        presentation: p, ticket, seat: s, sectionId, x, y, isVod: vod, isSub, isPremium, price,
        serviceCharge: isSub ? 0 : p.service_charge * ticket.multiply_factor,
        addons, addonsAmount: addons.reduce((n, a) => n + a.price, 0),
        code, couponCode, memberNumber, systemVoucher, ref1, ref2, rowName, seatName, sectionName,
      });
    }

    // ---- combination rules per presentation (spec 5) ----
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
      if (t.quota !== null && (await soldCount(q, p.id, t.id)) + main > t.quota) fail(409, 'TICKET_SOLD_OUT', `ticket ${t.id} is sold out`);
    }
    lines.push(...pLines);
  }

  if (walkinRequired && cart.walkin !== true) fail(409, 'WALKIN_REQUIRED', 'confirm the walk-in terms');

  // ---- coupons: whole multiples of their factor, within their balance ----
  for (const [code, n] of couponUse) {
    const c = couponRows.get(code)!;
    if (c.valid_until && c.valid_until < new Date().toISOString().slice(0, 10)) fail(409, 'voucherExpired');
    if (n % c.multiply_factor !== 0) {
      const count = c.multiply_factor - (n % c.multiply_factor);
      fail(409, 'COUPON_MORE_TICKETS', `${count} more ticket(s) must be added`, { count });
    }
    if (n > couponRemaining(c)) fail(409, 'COUPON_USED', 'the coupon was already used');
  }
  // ---- members: within their balance ----
  for (const [num, n] of memberUse) await checkMember(q, num, n, ctx.forUpdate);
  // ---- voucher tickets ----
  for (const [ref, n] of voucherTicketUse) {
    const v = await findVoucherItem(q, ref, ctx.forUpdate);
    if (!v) fail(404, 'SYSTEM_VOUCHER_NOT_FOUND');
    const u = voucherUsable(v!);
    if (u === 'expired') fail(409, 'voucherExpired');
    if (u !== 'ok') fail(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
    if (!voucherGivesTicket(v!)) fail(409, 'autoApplyVoucherRequired', 'voucher must be used with other vouchers');
    if (v!.ticket_balance < n) fail(409, 'voucherBalance');
  }
  // ---- loyalty points ----
  if (loyaltyPoints > 0) {
    const { rows } = await q.query<{ loyalty_points: number }>(`SELECT loyalty_points FROM customers WHERE id = $1${ctx.forUpdate ? ' FOR UPDATE' : ''}`, [ctx.customerId]);
    if ((rows[0]?.loyalty_points ?? 0) < loyaltyPoints) fail(409, 'LOYALTY_POINTS', 'not enough loyalty points');
  }
  // ---- references: mini-site partner allotments and ticket-reference admin options ----
  for (const r of refCount.values()) {
    const { rows } = await q.query<{ quantity: number }>(`SELECT quantity FROM mini_site_references
      WHERE mini_site_id = $1 AND ticket_code = $2 AND reference1 = $3 AND reference2 = $4`, [r.miniSiteId, r.ticketCode, r.ref1, r.ref2]);
    if (!rows[0]) fail(409, 'refPromptOptNotFound', 'reference not recognised');
    const used = await miniSiteRefUsed(q, r.miniSiteId, r.ticketCode, r.ref1, r.ref2);
    if (rows[0]!.quantity - used < r.n) fail(409, 'refPromptOptError', 'no balance left for this reference');
  }
  for (const r of staffRefCount.values()) {
    const { rows } = await q.query<{ reference1: string; reference2: string; quantity: number }>(
      'SELECT reference1, reference2, quantity FROM ticket_ref_options WHERE price_type = 1 AND price_id = $1', [r.ticketId]);
    if (!rows.length) continue; // no allotment configured for this ticket: any reference is accepted
    const opt = rows.find((o) => o.reference1 === r.ref1 && (o.reference2 === '' || o.reference2 === r.ref2));
    if (!opt) fail(409, 'refPromptOptNotFound', 'reference not recognised');
    const { rows: u } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets
      WHERE ticket_id = $1 AND ref1 = $2 AND status IN ('sold', 'held')`, [r.ticketId, r.ref1]);
    if (opt!.quantity - u[0]!.n < r.n) fail(409, 'refPromptOptError', 'no balance left for this reference');
  }

  // ---- products (spec 5: only numeric price and quantity > 0; delivery method when needed) ----
  const products: PricedProduct[] = [];
  for (const cp of cart.products ?? []) {
    if (!(cp.quantity > 0)) continue;
    if (cp.price !== undefined && !(typeof cp.price === 'number' || (typeof cp.price === 'string' && cp.price.trim() !== '' && Number.isFinite(Number(cp.price))))) continue;
    const { rows } = await q.query<{ id: number; name_he: string; name_en: string; category: string; price: number; is_delivery_required: boolean }>(
      'SELECT id, name_he, name_en, category, price, is_delivery_required FROM products WHERE id = $1', [cp.id]);
    const pr = rows[0];
    if (!pr) fail(409, 'PRODUCT_NOT_FOUND', `no product ${cp.id}`);
    const existing = products.find((x) => x.id === pr!.id);
    if (existing) existing.quantity += cp.quantity;
    else products.push({ id: pr!.id, name: lang === 'he' ? pr!.name_he : pr!.name_en, category: pr!.category, quantity: cp.quantity, price: pr!.price, isDeliveryRequired: pr!.is_delivery_required });
  }
  const deliveryRequired = products.some((x) => x.isDeliveryRequired);
  if (deliveryRequired && !cart.deliveryMethod) fail(409, 'DELIVERY_METHOD_REQUIRED', 'choose a delivery method');

  // ---- totals ----
  const ticketsAmount = lines.reduce((n, l) => n + l.price, 0);
  const serviceCharge = lines.reduce((n, l) => n + l.serviceCharge, 0);
  const addons = lines.reduce((n, l) => n + l.addonsAmount, 0);
  const glasses = products.filter((x) => x.category === 'glasses').reduce((n, x) => n + x.price * x.quantity, 0);
  const productsAmount = products.filter((x) => x.category !== 'glasses').reduce((n, x) => n + x.price * x.quantity, 0);
  const bookingFee = isHold ? 0 : settings.bookingFeeAgorot;
  const totalAmount = ticketsAmount + serviceCharge + addons + glasses + productsAmount + bookingFee;

  // ---- voucher payment (spec 5: the lesser of total and balance; none with no amount; one at a time) ----
  const vps = (cart.voucherPayments ?? []).filter((v) => v.amount > 0);
  if (vps.length > 1) fail(409, 'ONE_VOUCHER_PAYMENT', 'only one voucher payment at a time');
  let voucher: PricedVoucher | null = null;
  if (vps[0]) {
    const v = await findVoucherItem(q, vps[0].systemVoucher, ctx.forUpdate);
    if (!v) fail(404, 'SYSTEM_VOUCHER_NOT_FOUND');
    const u = voucherUsable(v!);
    if (u === 'expired') fail(409, 'voucherExpired');
    if (u !== 'ok') fail(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
    const amount = Math.min(Math.round(vps[0].amount * 100), v!.balance, totalAmount);
    if (amount <= 0) fail(409, 'NO_BALANCE', 'no balance left to redeem the benefit');
    voucher = { itemId: v!.id, reference: v!.reference, amount, systemVoucherId: v!.system_voucher_id };
  }
  const amountDue = isHold ? 0 : totalAmount - (voucher?.amount ?? 0);

  // ---- number of payments (spec 9: default 1) ----
  const numberOfPayments = cart.numberOfPayments ?? settings.config.payment.numberOfPaymentsDefault;
  if (numberOfPayments > 1 && (numberOfPayments > settings.config.payment.maxNumberOfPayments || amountDue < settings.installmentsMinAgorot)) {
    fail(409, 'NUMBER_OF_PAYMENTS', `1 to ${settings.config.payment.maxNumberOfPayments} payments, more than one from ${settings.installmentsMinAgorot / 100}`);
  }
  const each = Math.floor(amountDue / numberOfPayments);
  const payments = Array.from({ length: numberOfPayments }, (_, i) => (i === 0 ? amountDue - each * (numberOfPayments - 1) : each));

  const referralMiniSiteId = ctx.miniSite?.id ?? cart.referralMiniSiteId ?? null;
  const summary: OrderSummary = {
    presentations: presentations.map((p) => ({
      presentationId: p.id,
      featureId: p.feature_id,
      featureName: lang === 'he' ? p.f_he : p.f_en,
      venueName: lang === 'he' ? p.v_he : p.v_en,
      locationId: p.location_id,
      locationName: lang === 'he' ? p.l_he : p.l_en,
      dateTime: p.starts_at.toISOString(),
      isVod: isVodType(p.venue_type_id),
      tickets: lines.filter((l) => l.presentation.id === p.id).map((l): SummaryTicket => ({
        sectionId: l.isVod ? null : l.sectionId,
        XCoordinate: l.isVod ? null : l.x,
        YCoordinate: l.isVod ? null : l.y,
        RowName: l.rowName, SeatName: l.seatName, SectionName: l.sectionName,
        ticketId: l.ticket.id,
        ticketName: lang === 'he' ? l.ticket.name_he : l.ticket.name_en,
        kind: l.couponCode ? 'coupon' : l.systemVoucher ? 'voucher' : l.ticket.is_by_code_enabled ? 'code' : l.ticket.kind === 'vod' ? 'regular' : l.ticket.kind,
        isMultiplyFactorSubTicket: l.isSub,
        isPremium: l.isPremium,
        price: shekels(l.price),
        oldPrice: shekels(l.isSub ? 0 : (l.ticket.old_price ?? l.ticket.price)),
        serviceCharge: shekels(l.serviceCharge),
        addons: l.addons.map((a) => ({ id: a.id, name: lang === 'he' ? a.name_he : a.name_en, price: shekels(a.price) })),
        code: l.code, memberNumber: l.memberNumber, systemVoucher: l.systemVoucher, ref1: l.ref1, ref2: l.ref2,
      })),
    })),
    products: products.map((x) => ({ id: x.id, name: x.name, category: x.category, quantity: x.quantity, unitPrice: shekels(x.price), total: shekels(x.price * x.quantity), isDeliveryRequired: x.isDeliveryRequired })),
    totalTickets: lines.filter((l) => !l.isSub).length,
    ticketsAmount: shekels(ticketsAmount),
    serviceCharge: shekels(serviceCharge),
    bookingFee: shekels(bookingFee),
    glasses: shekels(glasses),
    addons: shekels(addons),
    productsAmount: shekels(productsAmount),
    totalAmount: shekels(totalAmount),
    voucherPayments: voucher ? [{ amount: shekels(voucher.amount), id: voucher.systemVoucherId, systemVoucher: voucher.reference, systemVoucherItemId: voucher.itemId } satisfies VoucherPayment] : [],
    voucherAmount: shekels(voucher?.amount ?? 0),
    amountDue: shekels(amountDue),
    numberOfPayments,
    payments: payments.map(shekels),
    isHold,
    deliveryRequired,
    walkinRequired,
    authProfileId: first.auth_profile_id,
    businessId: first.business_id,
    locationId: first.location_id,
    referralMiniSiteId,
    currency: 'ILS',
  };
  return {
    lines, products, presentations, ticketsAmount, serviceCharge, bookingFee, glasses, addons, productsAmount, totalAmount, voucher, amountDue,
    numberOfPayments, payments, isHold, deliveryRequired, walkinRequired, couponUse, memberUse, voucherTicketUse, loyaltyPoints,
    refUse: [...refCount.values()], customerId: ctx.customerId, referralMiniSiteId, summary,
  };
}

export async function miniSiteRefUsed(q: Queryable, miniSiteId: number, ticketCode: string, ref1: string, ref2: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM reservation_tickets rt JOIN reservations r ON r.id = rt.reservation_id JOIN tickets t ON t.id = rt.ticket_id
    WHERE r.referral_mini_site_id = $1 AND t.code = $2 AND rt.ref1 = $3 AND COALESCE(rt.ref2, '') = $4 AND rt.status IN ('sold', 'held')`,
  [miniSiteId, ticketCode, ref1, ref2]);
  return rows[0]!.n;
}
