import type { CartSeat, OrderSummary } from '@ticketing/shared/contracts';
import { ApiHttpError, type Lang } from '../../lib/route.ts';
import type { PresentationRow } from '../catalog/queries.ts';
import type { OrdersSettings } from './config.ts';
import type { CouponRow, TicketRow } from './tickets.ts';

/** What every pricing stage (`cart.ts` runs them in order) shares: the context, a priced line and the refusal. */

export interface CartContext {
  customerId: number | null;
  lang: Lang;
  settings: OrdersSettings;
  miniSite: { id: number; reference_ticket_codes: string[] } | null;
  /** Inside the commit transaction: lock rows the sale updates. */
  forUpdate?: boolean;
}

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

export interface CartTotals { ticketsAmount: number; serviceCharge: number; addons: number; glasses: number; productsAmount: number; bookingFee: number; totalAmount: number }

export interface PricedOrder extends CartTotals {
  lines: PricedLine[];
  products: PricedProduct[];
  presentations: PresentationRow[];
  voucher: PricedVoucher | null; amountDue: number; numberOfPayments: number; payments: number[];
  isHold: boolean; deliveryRequired: boolean; walkinRequired: boolean;
  /** Coupon code → tickets used; member number → tickets; voucher reference → free tickets; loyalty points to take. */
  couponUse: Map<string, number>; memberUse: Map<string, number>; voucherTicketUse: Map<string, number>; loyaltyPoints: number;
  refUse: MiniSiteRefUse[];
  customerId: number | null;
  referralMiniSiteId: number | null;
  summary: OrderSummary;
}

export interface MiniSiteRefUse { miniSiteId: number; ticketCode: string; ref1: string; ref2: string; n: number }
export interface StaffRefUse { ticketId: number; ref1: string; ref2: string; n: number }

/** What the ticket lines take of limited balances, tallied line by line and checked once every line is priced. */
export interface TicketUse {
  /** Coupon code → tickets, and the coupon rows read. */
  couponUse: Map<string, number>;
  couponRows: Map<string, CouponRow>;
  /** Member number → tickets; voucher reference → free tickets. */
  memberUse: Map<string, number>;
  voucherTicketUse: Map<string, number>;
  /** Reference allotments: a partner mini-site's, or the ticket-reference admin's options. */
  miniSiteRefs: Map<string, MiniSiteRefUse>;
  staffRefs: Map<string, StaffRefUse>;
  loyaltyPoints: number;
  walkinRequired: boolean;
}

export const fail = (status: number, code: string, message?: string, extra?: Record<string, unknown>): never => {
  throw new ApiHttpError(status, code, message, extra);
};
