import { z } from 'zod';
import { IsoDate, Money } from './catalog';

/**
 * First-screen lists (spec section 7 says "not shown": designed here).
 * GET /memberships, GET /system-vouchers, GET /donations. Field names follow spec section 3.
 * Money in shekels (2 decimals).
 */

export const Currency = z.object({
  CurrencyId: z.number().int(),
  CurrencySymbol: z.string(),
  CurrencyCode: z.string(),
});

export const MembershipPrice = z.object({
  MembershipPriceId: z.number().int(),
  PriceCode: z.string(),
  Name: z.string(),
  Price: Money,
  currency: Currency,
  selectedQuantity: z.number().int(),
  usedQuantity: z.number().int(),
  DiscountId: z.number().int().nullable(),
  SystemVoucherReference: z.string().nullable(),
});

export const Membership = z.object({
  MembershipId: z.number().int(),
  /** 2 = series. */
  MembershipTypeId: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  ClassName: z.string(),
  Description: z.string(),
  prices: z.array(MembershipPrice),
  terms: z.object({ termsId: z.number().int(), text: z.string() }),
  /** Series memberships: number of presentations to choose. */
  seriesSize: z.number().int().nullable(),
  maxQuantity: z.number().int(),
});
export type Membership = z.infer<typeof Membership>;

export const MembershipsQuery = z.object({ code: z.string().max(50).optional() });
export const MembershipsResponse = z.object({ memberships: z.array(Membership) });
export type MembershipsResponse = z.infer<typeof MembershipsResponse>;

export const SystemVoucherPrice = z.object({
  SystemVoucherPriceId: z.number().int(),
  Price: Money,
  /** Open-priced vouchers: the buyer picks between min and max. */
  isOpenPrice: z.boolean(),
  minPrice: Money.nullable(),
  maxPrice: Money.nullable(),
  redemptionData: z.array(z.object({ reference: z.string(), price: Money })),
});

export const SystemVoucher = z.object({
  SystemVoucherId: z.number().int(),
  SystemVoucherClassId: z.number().int(),
  SystemVoucherSuperClassId: z.number().int(),
  SuperClassName: z.string(),
  Name: z.string(),
  Description: z.string(),
  Prices: z.array(SystemVoucherPrice),
  Dates: z.object({ startDate: IsoDate, endDate: IsoDate, validityDays: z.number().int() }),
  Terms: z.object({ termsId: z.number().int(), text: z.string() }),
  maxQuantity: z.number().int(),
});
export type SystemVoucher = z.infer<typeof SystemVoucher>;

export const SystemVouchersQuery = z.object({
  superClassId: z.coerce.number().int().positive().optional(),
});
export const SystemVouchersResponse = z.object({
  superClasses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  vouchers: z.array(SystemVoucher),
});
export type SystemVouchersResponse = z.infer<typeof SystemVouchersResponse>;

// Donations: ./donations.ts (issue 11 §2).
