import type { TFunction } from 'i18next';
import { currentLocale, formatMoney, type ApiFailure } from '@ticketing/shared';

const OWN = new Set([
  'VOUCHER_MUST_SELECT', 'VOUCHER_MAX_QUANTITY', 'VOUCHER_NONE_AVAILABLE', 'VOUCHER_AMOUNT_RANGE',
  'DONATION_MUST_SELECT', 'DONATION_MAX_QUANTITY', 'DONATION_NONE_AVAILABLE', 'DONATION_AMOUNT_RANGE',
  'PRODUCT_NOT_FOUND', 'DELIVERY_METHOD_REQUIRED', 'DELIVERY_ADDRESS_REQUIRED', 'VOUCHER_PURCHASE_NOT_FOUND', 'EMAIL_FAILED',
]);

/** An api refusal in the visitor's language: the voucher and donation codes here (amounts as money), the rest from the common texts. */
export function failureText(t: TFunction, e: unknown): string {
  const f = (e ?? {}) as Partial<ApiFailure>;
  const data = (f.data ?? {}) as { min?: number; max?: number };
  const money = (v: number | undefined) => (typeof v === 'number' ? formatMoney(v, currentLocale()) : '');
  if (f.code && OWN.has(f.code)) return t(`errors.${f.code}`, { min: money(data.min), max: money(data.max), count: 10 });
  return t(f.key ?? 'errors.generic', { ns: 'common' });
}
