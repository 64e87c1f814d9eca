import type { Cart, CartSeat as WireSeat, Presentation } from '@ticketing/shared';
import type { CartState, TicketBlock } from '../cart/cartSlice';
import type { CheckoutState } from './checkoutSlice';
import { toCartCustomerInfo } from './cartCustomer';
import { isPricedProduct } from './totals';

/** Checkout additions to a seat's ticket block (all optional, so any TicketBlock is one). */
export interface TicketExtras {
  kind?: string;
  memberNumber?: string | null;
  systemVoucher?: string | null;
  ref1?: string | null;
  ref2?: string | null;
  ref1prompt?: string | null;
  ref2prompt?: string | null;
  loyaltyRedemptionCustomerId?: number | null;
  isLoyaltyPointsRedemption?: boolean;
  walkin?: boolean;
  /** The ticket the seat had before a coupon / code replaced it (restored on removal, spec 4). */
  previous?: CheckoutTicket | null;
  /** Add-on prices, for the running total. */
  addonPrices?: Record<string, number>;
}
export type CheckoutTicket = TicketBlock & TicketExtras;

export class CartBuildError extends Error {
  constructor(readonly code: 'INCOMPATIBLE_AUTH_PROFILE' | 'INCOMPATIBLE_BUSINESS' | 'EMPTY_CART') { super(code); }
}

export type PresentationInfo = Pick<Presentation, 'id' | 'authProfileId' | 'businessId' | 'locationId'>;

export interface BuildOptions {
  presentations: Record<string, PresentationInfo | undefined>;
  customerId?: number | null;
  paymentIdentifier?: string | null;
  referralMiniSiteId?: number | null;
  /** Cart without customer info (the summary is priced before the visitor reaches the form). */
  withoutCustomer?: boolean;
}

/**
 * The cart payload of spec section 3 from the order state (spec section 5 cart build): only
 * selected seats with a ticket; 'Incompatible AuthProfile' / 'Incompatible Business' when the
 * presentations differ; products only when priced and above 0.
 */
export function buildCartPayload(cart: CartState, checkout: CheckoutState, o: BuildOptions): Cart {
  const seats: WireSeat[] = [];
  let authProfileId: number | null = null;
  let businessId: number | null = null;
  let locationId: number | null = null;
  for (const p of Object.values(cart.presentations)) {
    const withTicket = p.seats.filter((s) => s.ticket);
    if (!withTicket.length) continue;
    const info = o.presentations[String(p.presentationId)];
    if (info) {
      if (authProfileId !== null && info.authProfileId !== authProfileId) throw new CartBuildError('INCOMPATIBLE_AUTH_PROFILE');
      if (businessId !== null && info.businessId !== businessId) throw new CartBuildError('INCOMPATIBLE_BUSINESS');
      authProfileId = info.authProfileId;
      businessId = info.businessId;
      locationId ??= info.locationId;
    }
    for (const s of withTicket) {
      const tk = s.ticket as CheckoutTicket;
      seats.push({
        XCoordinate: s.XCoordinate,
        YCoordinate: s.YCoordinate,
        RowName: s.RowName,
        SeatName: s.SeatName,
        isFirstAddonSelected: s.isFirstAddonSelected,
        ticket: {
          prsntId: tk.prsntId, ticketGroupId: tk.ticketGroupId, venueId: tk.venueId, seatplanId: tk.seatplanId,
          sectionId: tk.sectionId, ticketId: tk.ticketId, amount: tk.amount, serviceCharge: tk.serviceCharge,
          pricePolicyId: tk.pricePolicyId, allocationId: tk.allocationId, isMultiplyFactorSubTicket: tk.isMultiplyFactorSubTicket,
          code: tk.code, oldPrice: tk.oldPrice, selectedAddons: tk.selectedAddons,
          ...(tk.loyaltyRedemptionCustomerId ? { loyaltyRedemptionCustomerId: tk.loyaltyRedemptionCustomerId } : {}),
          ...(tk.memberNumber ? { memberNumber: tk.memberNumber } : {}),
          ...(tk.systemVoucher ? { systemVoucher: tk.systemVoucher } : {}),
          ...(tk.ref1 ? { ref1: tk.ref1 } : {}),
          ...(tk.ref2 ? { ref2: tk.ref2 } : {}),
        },
      });
    }
  }
  if (!seats.length) throw new CartBuildError('EMPTY_CART');
  const products = Object.entries(checkout.products)
    .map(([id, quantity]) => ({ id: Number(id), quantity }))
    .filter((p) => p.quantity > 0);
  const isHold = checkout.isHold;
  return {
    customerInfo: !o.withoutCustomer && checkout.customerInfo ? toCartCustomerInfo(checkout.customerInfo, o.customerId) : undefined,
    paymentIdentifier: isHold ? null : (o.paymentIdentifier ?? checkout.paymentIdentifier),
    numberOfPayments: checkout.numberOfPayments || 1,
    voucherPayments: !isHold && checkout.voucherPayment && checkout.voucherPayment.amount > 0 ? [checkout.voucherPayment] : [],
    authProfileId, businessId, locationId,
    isHold,
    referralMiniSiteId: o.referralMiniSiteId ?? null,
    seats,
    products,
    deliveryMethod: checkout.deliveryMethod,
    walkin: checkout.walkin || undefined,
  };
}

/** Cart tickets flattened for the running totals (before the api prices the cart). */
export function cartTickets(cart: CartState): CheckoutTicket[] {
  return Object.values(cart.presentations).flatMap((p) => p.seats.map((s) => s.ticket as CheckoutTicket | null).filter((t): t is CheckoutTicket => !!t));
}

export { isPricedProduct };
