import { z } from 'zod';
import { Money, Product } from './catalog';
import { DeliveryMethod } from './orders';

/**
 * Buying gift (system) vouchers (issue 11 §1, spec section 2): choose vouchers → auth → choose products →
 * customer info → payment → commit → confirmation with each voucher's code. Money in shekels.
 */
export const MAX_VOUCHERS_PER_ORDER = 10;
/** Of one product in a voucher order, as in the ticket order's products step. */
export const MAX_PRODUCT_QUANTITY = 10;

export const VoucherLine = z.object({
  systemVoucherId: z.number().int().positive(),
  systemVoucherPriceId: z.number().int().positive(),
  /** The chosen amount of an open-priced voucher (between its min and max); ignored for fixed prices. */
  amount: Money.positive().max(100_000).optional().nullable(),
  quantity: z.number().int().min(1).max(MAX_VOUCHERS_PER_ORDER),
});
export type VoucherLine = z.infer<typeof VoucherLine>;

export const VoucherBuyer = z.object({
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: z.string().trim().email().max(120),
  mobileNumber: z.string().regex(/^05\d{8}$/),
  /** Who the gift is for and a few words, printed on the gift page. */
  recipientName: z.string().trim().max(60).optional().nullable(),
  greeting: z.string().trim().max(300).optional().nullable(),
});
export type VoucherBuyer = z.infer<typeof VoucherBuyer>;

/** A product chosen in the voucher flow's products step (the catalog's products). */
export const VoucherProductLine = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY),
});
export type VoucherProductLine = z.infer<typeof VoucherProductLine>;

/** GET /vouchers/products: the products offered with gift vouchers (none: the step is skipped). */
export const VoucherProductsResponse = z.object({ products: z.array(Product) });
export type VoucherProductsResponse = z.infer<typeof VoucherProductsResponse>;

/** POST /vouchers/quote: the api prices the chosen vouchers and products (the one source of every price). */
export const VoucherQuoteBody = z.object({
  lines: z.array(VoucherLine).max(MAX_VOUCHERS_PER_ORDER),
  products: z.array(VoucherProductLine).max(50).optional(),
  /** Required when a chosen product is delivered (spec section 5). */
  deliveryMethod: DeliveryMethod.optional().nullable(),
});
export type VoucherQuoteBody = z.infer<typeof VoucherQuoteBody>;

export const PricedVoucherProduct = z.object({
  productId: z.number().int(), name: z.string(), unitPrice: Money, quantity: z.number().int(), total: Money, isDeliveryRequired: z.boolean(),
});
export type PricedVoucherProduct = z.infer<typeof PricedVoucherProduct>;

export const VoucherQuoteResponse = z.object({
  lines: z.array(z.object({ systemVoucherId: z.number().int(), name: z.string(), unitPrice: Money, quantity: z.number().int(), total: Money })),
  products: z.array(PricedVoucherProduct),
  deliveryMethod: DeliveryMethod.nullable(),
  quantity: z.number().int(),
  total: Money,
});
export type VoucherQuoteResponse = z.infer<typeof VoucherQuoteResponse>;

/** POST /vouchers/purchase (headers: uuid, Idempotency-Key): pays (paymentIdentifier of an approved session) and issues. */
export const VoucherPurchaseBody = VoucherQuoteBody.extend({
  buyer: VoucherBuyer,
  paymentIdentifier: z.string().min(1).max(200).optional().nullable(),
});
export type VoucherPurchaseBody = z.infer<typeof VoucherPurchaseBody>;

export const IssuedVoucher = z.object({
  reference: z.string(),
  name: z.string(),
  amount: Money,
  validFrom: z.string(),
  validUntil: z.string(),
  /** The code as a QR image for the printable gift page. */
  qrSvg: z.string(),
});
export type IssuedVoucher = z.infer<typeof IssuedVoucher>;

export const VoucherPurchaseResponse = z.object({
  purchaseIdentifier: z.string(),
  total: Money,
  vouchers: z.array(IssuedVoucher),
  /** The products bought with the vouchers (recorded with the purchase). */
  products: z.array(PricedVoucherProduct).default([]),
  deliveryMethod: DeliveryMethod.nullable().default(null),
  replayed: z.boolean(),
});
export type VoucherPurchaseResponse = z.infer<typeof VoucherPurchaseResponse>;

/** GET /vouchers/settings: whether buying needs a signed-in customer (VOUCHERS_AUTH_REQUIRED; spec 6: not by default). */
export const VoucherSettingsResponse = z.object({ authRequired: z.boolean() });
export type VoucherSettingsResponse = z.infer<typeof VoucherSettingsResponse>;

export const VOUCHER_PURCHASE_ERROR_CODES = [
  'VOUCHER_MUST_SELECT', 'VOUCHER_MAX_QUANTITY', 'VOUCHER_NONE_AVAILABLE', 'VOUCHER_AMOUNT_RANGE', 'PRODUCT_NOT_FOUND', 'DELIVERY_METHOD_REQUIRED',
] as const;
