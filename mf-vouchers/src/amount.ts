import type { RuleError } from '@ticketing/shared';

/**
 * An open amount (an open-priced gift card, a donation's own amount) checked in the browser before any round trip,
 * by the api's own bounds: missing, more than 2 decimals (refused, never rounded behind the visitor's back) or out of range.
 * The api checks the same again.
 */
export function amountIssue(value: number | null | undefined, min: number, max: number): RuleError | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return { key: 'amount.required' };
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return { key: 'amount.decimals' };
  if (value < min || value > max) return { key: 'amount.range' };
  return null;
}
