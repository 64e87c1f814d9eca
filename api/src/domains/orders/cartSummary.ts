import type { OrderSummary, SummaryTicket, VoucherPayment } from '@ticketing/shared/contracts';
import type { Lang } from '../../lib/route.ts';
import { pick } from '../../lib/lang.ts';
import { shekels } from '../../lib/time.ts';
import { isVodType } from '../catalog/queries.ts';
import type { PricedLine, PricedOrder } from './cartTypes.ts';

/** The last pricing stage: the priced order as the browser shows it (shekels, names in the request's language). */
export function summarize(o: Omit<PricedOrder, 'summary'>, lang: Lang): OrderSummary {
  const first = o.presentations[0]!;
  const { voucher } = o;
  return {
    presentations: o.presentations.map((p) => ({
      presentationId: p.id,
      featureId: p.feature_id,
      featureName: pick(lang, p.f_he, p.f_en),
      venueId: p.venue_id,
      venueName: pick(lang, p.v_he, p.v_en),
      locationId: p.location_id,
      locationName: pick(lang, p.l_he, p.l_en),
      dateTime: p.starts_at.toISOString(),
      isVod: isVodType(p.venue_type_id),
      tickets: o.lines.filter((l) => l.presentation.id === p.id).map((l) => summaryTicket(l, lang)),
    })),
    products: o.products.map((x) => ({ id: x.id, name: x.name, category: x.category, quantity: x.quantity, unitPrice: shekels(x.price), total: shekels(x.price * x.quantity), isDeliveryRequired: x.isDeliveryRequired })),
    totalTickets: o.lines.filter((l) => !l.isSub).length,
    ticketsAmount: shekels(o.ticketsAmount),
    serviceCharge: shekels(o.serviceCharge),
    bookingFee: shekels(o.bookingFee),
    glasses: shekels(o.glasses),
    addons: shekels(o.addons),
    productsAmount: shekels(o.productsAmount),
    totalAmount: shekels(o.totalAmount),
    voucherPayments: voucher ? [{ amount: shekels(voucher.amount), id: voucher.systemVoucherId, systemVoucher: voucher.reference, systemVoucherItemId: voucher.itemId } satisfies VoucherPayment] : [],
    voucherAmount: shekels(voucher?.amount ?? 0),
    amountDue: shekels(o.amountDue),
    numberOfPayments: o.numberOfPayments,
    payments: o.payments.map(shekels),
    isHold: o.isHold,
    deliveryRequired: o.deliveryRequired,
    walkinRequired: o.walkinRequired,
    authProfileId: first.auth_profile_id,
    businessId: first.business_id,
    locationId: first.location_id,
    referralMiniSiteId: o.referralMiniSiteId,
    currency: 'ILS',
  };
}

function summaryTicket(l: PricedLine, lang: Lang): SummaryTicket {
  return {
    sectionId: l.isVod ? null : l.sectionId,
    XCoordinate: l.isVod ? null : l.x,
    YCoordinate: l.isVod ? null : l.y,
    RowName: l.rowName, SeatName: l.seatName, SectionName: l.sectionName,
    ticketId: l.ticket.id,
    ticketName: pick(lang, l.ticket.name_he, l.ticket.name_en),
    kind: l.couponCode ? 'coupon' : l.systemVoucher ? 'voucher' : l.ticket.is_by_code_enabled ? 'code' : l.ticket.kind === 'vod' ? 'regular' : l.ticket.kind,
    isMultiplyFactorSubTicket: l.isSub,
    isPremium: l.isPremium,
    price: shekels(l.price),
    oldPrice: shekels(l.isSub ? 0 : (l.ticket.old_price ?? l.ticket.price)),
    serviceCharge: shekels(l.serviceCharge),
    addons: l.addons.map((a) => ({ id: a.id, name: pick(lang, a.name_he, a.name_en), price: shekels(a.price) })),
    total: shekels(l.price + l.serviceCharge + l.addons.reduce((n, a) => n + a.price, 0)),
    code: l.code, memberNumber: l.memberNumber, systemVoucher: l.systemVoucher, ref1: l.ref1, ref2: l.ref2,
  };
}
