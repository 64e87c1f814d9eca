import type { TFunction } from 'i18next';
import { ORDER_ERROR_CODES, type ApiFailure } from '@ticketing/shared';

const ORDER_CODES = new Set<string>(ORDER_ERROR_CODES);

/** An api failure of the order domain in the visitor's language (booking:summary.errors.*, else the common text). */
export function failureText(t: TFunction, failure: unknown, values?: Record<string, unknown>): string {
  const f = failure as Partial<ApiFailure> | undefined;
  const code = f?.code ?? 'GENERIC';
  const data = (f?.data ?? {}) as Record<string, unknown>;
  if (ORDER_CODES.has(code)) return t(`booking:summary.errors.${code}`, { count: Number(data.count ?? 1), ...data, ...values });
  return t(f?.key ?? 'errors.generic', { ns: 'common' });
}

export const failureCode = (failure: unknown): string => (failure as Partial<ApiFailure> | undefined)?.code ?? 'GENERIC';
