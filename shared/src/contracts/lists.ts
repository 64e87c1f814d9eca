import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, Money } from './catalog';

/**
 * First-screen lists (spec section 7 says "not shown": designed here).
 * GET /memberships, GET /system-vouchers, GET /donations. Field names follow spec section 3.
 * Money in shekels (2 decimals).
 */

export const Currency = lazy(() => z.object({
  CurrencyId: z.int(),
  CurrencySymbol: z.string(),
  CurrencyCode: z.string(),
}));

export const MembershipPrice = lazy(() => z.object({
  MembershipPriceId: z.int(),
  PriceCode: z.string(),
  Name: z.string(),
  Price: Money,
  currency: Currency,
  selectedQuantity: z.int(),
  usedQuantity: z.int(),
  DiscountId: z.nullable(z.int()),
  SystemVoucherReference: z.nullable(z.string()),
}));

export const Membership = lazy(() => z.object({
  MembershipId: z.int(),
  /** 2 = series. */
  MembershipTypeId: z.int(),
  Code: z.string(),
  Name: z.string(),
  ClassName: z.string(),
  Description: z.string(),
  prices: z.array(MembershipPrice),
  terms: z.object({ termsId: z.int(), text: z.string() }),
  /** Series memberships: number of presentations to choose. */
  seriesSize: z.nullable(z.int()),
  maxQuantity: z.int(),
}));
export type Membership = z.infer<typeof Membership>;

export const MembershipsQuery = lazy(() => z.object({ code: z.optional(z.string().check(z.maxLength(50))) }));
export const MembershipsResponse = lazy(() => z.object({ memberships: z.array(Membership) }));
export type MembershipsResponse = z.infer<typeof MembershipsResponse>;

export const SystemVoucherPrice = lazy(() => z.object({
  SystemVoucherPriceId: z.int(),
  Price: Money,
  /** Open-priced vouchers: the buyer picks between min and max. */
  isOpenPrice: z.boolean(),
  minPrice: z.nullable(Money),
  maxPrice: z.nullable(Money),
  redemptionData: z.array(z.object({ reference: z.string(), price: Money })),
}));

export const SystemVoucher = lazy(() => z.object({
  SystemVoucherId: z.int(),
  SystemVoucherClassId: z.int(),
  SystemVoucherSuperClassId: z.int(),
  SuperClassName: z.string(),
  Name: z.string(),
  Description: z.string(),
  Prices: z.array(SystemVoucherPrice),
  Dates: z.object({ startDate: IsoDate, endDate: IsoDate, validityDays: z.int() }),
  Terms: z.object({ termsId: z.int(), text: z.string() }),
  maxQuantity: z.int(),
}));
export type SystemVoucher = z.infer<typeof SystemVoucher>;

export const SystemVouchersQuery = lazy(() => z.object({
  superClassId: z.optional(z.coerce.number().check(z.int(), z.positive())),
}));
export const SystemVouchersResponse = lazy(() => z.object({
  superClasses: z.array(z.object({ id: z.int(), name: z.string() })),
  vouchers: z.array(SystemVoucher),
}));
export type SystemVouchersResponse = z.infer<typeof SystemVouchersResponse>;

// Donations: ./donations.ts (issue 11 §2).
