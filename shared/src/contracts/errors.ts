import { z } from 'zod';

/** The JSON error body every api failure returns. */
export const ApiError = z.object({
  error: z.string(),
  message: z.string().optional(),
  issues: z.array(z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Error codes the UI knows how to say; anything else maps to errors.generic. */
export const KNOWN_ERROR_CODES = [
  'BAD_REQUEST', 'NOT_FOUND', 'DB_UNAVAILABLE', 'EVENT_DETAILS_ERROR', 'NOT_ENOUGH_SEATS', 'MAX_SEATS', 'SINGLE_SEAT_GAP',
  'SOFA_UNIT', 'PRICE_GROUP', 'lock_seat_error', 'unlock_seat_error', 'LOCATION_OFFLINE', 'UNAUTHORIZED', 'FORBIDDEN',
  'CSRF', 'RATE_LIMITED', 'LOGIN_FAILED', 'errorFetchingData', 'INVALID_SMS_CODE', 'CUSTOMER_NOT_FOUND', 'SMS_FAILED',
  'invalid_mobileNumber', 'invalid_ssn', 'HOLD_EXPIRED', 'IDEMPOTENCY_CONFLICT', 'PAYMENT_DECLINED', 'PAYMENT_ERROR',
  'NO_MEMBERSHIP', 'PREMIUM_HOLD', 'codeNotFound', 'ticketNotFound', 'voucherBalance', 'voucherExpired', 'NO_BALANCE',
  'COUPON_USED', 'COUPON_NO_TICKETS', 'COUPON_MORE_TICKETS', 'INCOMPATIBLE_AUTH_PROFILE', 'INCOMPATIBLE_BUSINESS',
] as const;

export function errorKey(code: string | undefined): string {
  return code && (KNOWN_ERROR_CODES as readonly string[]).includes(code) ? `errors.${code}` : 'errors.generic';
}
