/**
 * The order domain's error codes (bodies: ApiError), apart from orders.ts so that a screen which only names them
 * (the booking remote's error texts) does not build every order schema on its first screen (issue 12).
 */
export const ORDER_ERROR_CODES = [
  // cart build (spec 5)
  'INCOMPATIBLE_AUTH_PROFILE', 'INCOMPATIBLE_BUSINESS', 'EMPTY_CART', 'SEAT_WITHOUT_TICKET', 'MAX_SEATS', 'LOCATION_OFFLINE',
  'EVENT_PAST', 'TICKET_NOT_IN_GROUP', 'TICKET_MULTIPLIER', 'TICKET_MIN', 'TICKET_MAX', 'TICKET_QUANTITY', 'TICKET_COMPANION',
  'TICKET_SOLD_OUT', 'REF_REQUIRED', 'WALKIN_REQUIRED', 'DELIVERY_METHOD_REQUIRED', 'PRODUCT_NOT_FOUND', 'ADDON_NOT_FOUND',
  'NUMBER_OF_PAYMENTS', 'CUSTOMER_INFO_INVALID', 'PRICE_GROUP', 'MINI_SITE_NOT_FOUND',
  // ticket lookup (spec 8)
  'recaptcha', 'codeNotFound', 'ticketNotFound', 'voucherBalance', 'getTicket', 'voucherExpired', 'invalidSSN', 'memberNotFound',
  'noValidMember', 'memberNotStarted', 'memberExpired', 'memberNoneAvailable', 'refPromptOptNotFound', 'refPromptOptError',
  'autoApplyVoucherRequired', 'LOGIN_REQUIRED', 'LOYALTY_POINTS', 'MEMBER_SALE_NOT_ALLOWED',
  // coupons (spec 5)
  'COUPON_MORE_TICKETS', 'COUPON_USED', 'COUPON_NO_TICKETS',
  // payment and commit
  'NO_BALANCE', 'ONE_VOUCHER_PAYMENT', 'SYSTEM_VOUCHER_NOT_FOUND', 'PAYMENT_REQUIRED', 'PAYMENT_NOT_APPROVED', 'PAYMENT_DECLINED',
  'PAYMENT_AMOUNT_MISMATCH', 'PAYMENT_STATE', 'PAYMENT_PROVIDER_INACTIVE', 'PAYMENT_ERROR', 'HOLD_EXPIRED', 'ORDER_ALREADY_COMPLETED',
  'IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_KEY_REQUIRED',
  // hold orders
  'NO_MEMBERSHIP', 'PREMIUM_HOLD', 'VOUCHER_ON_HOLD', 'HOLD_VOD',
  // video on demand is played from the customer area: only a signed-in customer buys it
  'VOD_LOGIN_REQUIRED',
  // customers and documents
  'INVALID_SMS_CODE', 'CUSTOMER_NOT_FOUND', 'SMS_FAILED', 'invalid_mobileNumber', 'UNAUTHORIZED', 'ORDER_NOT_FOUND', 'RATE_LIMITED',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];
