import type { RuleError } from '@ticketing/shared';

/**
 * An open amount (an open-priced gift card, a donation's own amount) checked in the browser before any round trip,
 * by the api's own bounds: missing, more than 2 decimals (refused, never rounded behind the visitor's back) or out of range.
 * The api checks the same again.
 */
export function amountIssue(value: number | null | undefined, min: number, max: number): RuleError | null {
  if (Number.isNaN(value)) return { key: 'amount.format' };
  if (value === null || value === undefined || !Number.isFinite(value)) return { key: 'amount.required' };
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return { key: 'amount.decimals' };
  if (value < min || value > max) return { key: 'amount.range' };
  return null;
}

/**
 * The amount as typed: digits with one decimal point or comma (ru and pl write a comma, and in a number field Chromium
 * dropped it: "60,5" became a ₪605 gift card). Null when empty; NaN when it is not a plain amount — a comma before
 * exactly three digits ("1,000") reads as a thousands separator in he and en, so it is asked again rather than guessed.
 */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f\u200e\u200f₪]/g, '');
  if (!s) return null;
  if (!/^\d+(?:[.,]\d+)?$/.test(s) || /,\d{3}$/.test(s)) return NaN;
  return Number(s.replace(',', '.'));
}
