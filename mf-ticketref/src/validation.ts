import { rules } from '@ticketing/shared';

/** What is wrong with a typed value: an i18n key of this remote and its values (`count` chooses the plural form). */
export interface Problem { key: string; values?: Record<string, number> }

/** The api's ceiling for an allotted quantity (EditOptionQuantityBody). */
export const MAX_QUANTITY = 100_000;

/** Arabic-Indic and Persian digits, as an Arabic keyboard types them, read as 0–9. */
export const asciiDigits = (raw: string) =>
  raw.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));

/**
 * A typed quantity: a whole number of tickets from the tickets already redeemed with the reference up to
 * MAX_QUANTITY. Null when it may be saved.
 */
export function quantityProblem(raw: string, redeemed: number): Problem | null {
  const v = asciiDigits(raw.trim());
  if (v === '') return { key: 'detail.errors.required' };
  if (!/^\d+$/.test(v)) return { key: 'detail.errors.wholeNumber' };
  const n = Number(v);
  if (n > MAX_QUANTITY) return { key: 'detail.errors.tooLarge', values: { max: MAX_QUANTITY } };
  if (n < redeemed) return belowRedeemed(redeemed);
  return null;
}

/** "At least N: N tickets are already redeemed with this reference" (also the api's 409 refPromptOptBelowRedeemed). */
export const belowRedeemed = (redeemed: number): Problem => ({ key: 'detail.errors.belowRedeemed', values: { count: redeemed } });

export const parseQuantity = (raw: string) => Number(asciiDigits(raw.trim()));

/** A typed mobile number for the SMS: an Israeli mobile (05X and 7 digits; +972, spaces and dashes allowed). */
export function mobileProblem(raw: string): Problem | null {
  const v = normalizedMobile(raw);
  if (v === '') return { key: 'history.errors.mobileRequired' };
  if (!/^05\d{8}$/.test(v)) return { key: 'history.errors.mobileInvalid' };
  return null;
}

export const normalizedMobile = (raw: string) => rules.normalizeMobile(asciiDigits(raw.trim()));

/** The `details` object of an api refusal ({ error, message, details }), when it has one. */
export function detailsOf(data: unknown): Record<string, unknown> {
  const d = (data as { details?: unknown } | undefined)?.details;
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
}
