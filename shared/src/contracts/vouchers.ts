import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Money, Product } from './catalog';
import { DeliveryMethod } from './orders';
import * as rules from '../validation/rules';

export { stripBidiControls } from '../validation/rules';

/** A voucher's code as any shared or sent document shows it: its last four characters ("••••DEMO"); the whole code spends it. */
export const maskVoucherReference = (reference: string): string => `••••${reference.slice(-4)}`;

/**
 * Buying gift (system) vouchers (issue 11 §1, spec section 2): choose vouchers → auth → choose products →
 * customer info → payment → commit → confirmation with each voucher's code. Money in shekels.
 */
export const MAX_VOUCHERS_PER_ORDER = 10;
/** Of one product in a voucher order, as in the ticket order's products step. */
export const MAX_PRODUCT_QUANTITY = 10;

export const VoucherLine = lazy(() => z.object({
  systemVoucherId: z.int().check(z.positive()),
  systemVoucherPriceId: z.int().check(z.positive()),
  /** The chosen amount of an open-priced voucher (between its min and max, whole agorot); ignored for fixed prices. */
  amount: z.nullable(z.optional(Money.check(z.positive(), z.lte(100_000), z.multipleOf(0.01)))),
  quantity: z.int().check(z.gte(1), z.lte(MAX_VOUCHERS_PER_ORDER)),
}));
export type VoucherLine = z.infer<typeof VoucherLine>;

/**
 * A person's name: the letters-only rule of ticket and donation orders (rules.lettersOnly, the form's 'validation.lettersOnly'),
 * so no formula ("=HYPERLINK(…)"), markup or bidi control reaches the stored order, the e-mail or an export.
 */
const personName = (min: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(60), z.refine((v) => !rules.lettersOnly(v), 'lettersOnly'));

export const VoucherBuyer = lazy(() => z.object({
  firstName: personName(1),
  lastName: personName(1),
  email: z.string().check(z.trim(), z.email(), z.maxLength(120)),
  mobileNumber: z.string().check(z.regex(/^05\d{8}$/)),
  /** Who the gift is for and a few words, printed on the gift page. */
  recipientName: z.nullable(z.optional(personName(0))),
  /** Free text: bidi controls are stripped (rules.stripBidiControls), the rest is escaped where shown. */
  greeting: z.nullable(z.optional(z.string().check(z.overwrite(rules.stripBidiControls), z.trim(), z.maxLength(300)))),
  /** Where courier or registered mail brings the products (required for those methods: the purchase checks it). */
  address1: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  address2: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  city: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(50)))),
  postalCode: z.nullable(z.optional(z.string().check(z.trim(), z.regex(/^\d{5,7}$/)))),
}));
export type VoucherBuyer = z.infer<typeof VoucherBuyer>;

/** A product chosen in the voucher flow's products step (the catalog's products). */
export const VoucherProductLine = lazy(() => z.object({
  productId: z.int().check(z.positive()),
  quantity: z.int().check(z.gte(1), z.lte(MAX_PRODUCT_QUANTITY)),
}));
export type VoucherProductLine = z.infer<typeof VoucherProductLine>;

/** GET /vouchers/products: the products offered with gift vouchers (none: the step is skipped). */
export const VoucherProductsResponse = lazy(() => z.object({ products: z.array(Product) }));
export type VoucherProductsResponse = z.infer<typeof VoucherProductsResponse>;

/** POST /vouchers/quote: the api prices the chosen vouchers and products (the one source of every price). */
export const VoucherQuoteBody = lazy(() => z.object({
  lines: z.array(VoucherLine).check(z.maxLength(MAX_VOUCHERS_PER_ORDER)),
  products: z.optional(z.array(VoucherProductLine).check(z.maxLength(50))),
  /** Required when a chosen product is delivered (spec section 5). */
  deliveryMethod: z.nullable(z.optional(DeliveryMethod)),
}));
export type VoucherQuoteBody = z.infer<typeof VoucherQuoteBody>;

export const PricedVoucherProduct = lazy(() => z.object({
  productId: z.int(), name: z.string(), unitPrice: Money, quantity: z.int(), total: Money, isDeliveryRequired: z.boolean(),
}));
export type PricedVoucherProduct = z.infer<typeof PricedVoucherProduct>;

export const VoucherQuoteResponse = lazy(() => z.object({
  lines: z.array(z.object({ systemVoucherId: z.int(), name: z.string(), unitPrice: Money, quantity: z.int(), total: Money })),
  products: z.array(PricedVoucherProduct),
  deliveryMethod: z.nullable(DeliveryMethod),
  quantity: z.int(),
  total: Money,
}));
export type VoucherQuoteResponse = z.infer<typeof VoucherQuoteResponse>;

/** POST /vouchers/purchase (headers: uuid, Idempotency-Key): pays (paymentIdentifier of an approved session) and issues. */
export const VoucherPurchaseBody = lazy(() => z.extend(VoucherQuoteBody, {
  buyer: VoucherBuyer,
  paymentIdentifier: z.nullable(z.optional(z.string().check(z.minLength(1), z.maxLength(200)))),
}));
export type VoucherPurchaseBody = z.infer<typeof VoucherPurchaseBody>;

export const IssuedVoucher = lazy(() => z.object({
  reference: z.string(),
  /** Which voucher it is, so a later page can name it in the visitor's current language (absent in older purchases). */
  systemVoucherId: z.optional(z.int()),
  name: z.string(),
  amount: Money,
  validFrom: z.string(),
  validUntil: z.string(),
  /** The code as a QR image for the printable gift page. */
  qrSvg: z.string(),
}));
export type IssuedVoucher = z.infer<typeof IssuedVoucher>;

export const VoucherPurchaseResponse = lazy(() => z.object({
  purchaseIdentifier: z.string(),
  total: Money,
  vouchers: z.array(IssuedVoucher),
  /** The products bought with the vouchers (recorded with the purchase). */
  products: z._default(z.array(PricedVoucherProduct), []),
  deliveryMethod: z._default(z.nullable(DeliveryMethod), null),
  replayed: z.boolean(),
}));
export type VoucherPurchaseResponse = z.infer<typeof VoucherPurchaseResponse>;

/** GET /vouchers/settings: whether buying needs a signed-in customer (VOUCHERS_AUTH_REQUIRED; spec 6: not by default). */
export const VoucherSettingsResponse = lazy(() => z.object({ authRequired: z.boolean() }));
export type VoucherSettingsResponse = z.infer<typeof VoucherSettingsResponse>;

export const VOUCHER_PURCHASE_ERROR_CODES = [
  'VOUCHER_MUST_SELECT', 'VOUCHER_MAX_QUANTITY', 'VOUCHER_NONE_AVAILABLE', 'VOUCHER_AMOUNT_RANGE', 'PRODUCT_NOT_FOUND', 'DELIVERY_METHOD_REQUIRED', 'DELIVERY_ADDRESS_REQUIRED',
] as const;
