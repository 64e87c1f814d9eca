/**
 * Form rules of spec section 5 as pure functions. Each returns undefined when valid,
 * or an error (an i18n key in the common namespace plus its values).
 */
export interface RuleError { key: string; values?: Record<string, unknown> }
export type Rule = (value: string) => RuleError | undefined;

const err = (key: string, values?: Record<string, unknown>): RuleError => ({ key, values });

export const required: Rule = (v) => (v.trim() === '' ? err('validation.required') : undefined);
/** Letters, and what names are written with: spaces, apostrophes and gereshes, hyphens and the Hebrew maqaf, a period ("Jr."). */
export const lettersOnly: Rule = (v) => (v && !/^[\p{L}\p{M}\s'’׳״.\-־]+$/u.test(v) ? err('validation.lettersOnly') : undefined);
/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) out of free text: invisible, and one left open
 * (an unpaired U+202E) reverses whatever the page or e-mail shows after it. Stripped rather than refused: a visitor
 * cannot see them to delete them, and right-to-left apps put them into copied text.
 */
export const stripBidiControls = (v: string): string => v.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
export const email: Rule = (v) => (v && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v) ? err('validation.email') : undefined);
export const digits: Rule = (v) => (v && !/^\d+$/.test(v) ? err('validation.digits') : undefined);
export const alphanumeric: Rule = (v) => (v && !/^[\p{L}\d]+$/u.test(v) ? err('validation.alphanumeric') : undefined);
export const minLength = (n: number): Rule => (v) => (v && v.length < n ? err('validation.minLength', { count: n }) : undefined);
export const maxLength = (n: number): Rule => (v) => (v.length > n ? err('validation.maxLength', { count: n }) : undefined);

/** Spec section 5: numbers starting with +972 are rewritten to start with 0; spaces and dashes dropped. */
export function normalizeMobile(raw: string): string {
  const compact = raw.replace(/[\s()-]/g, '');
  return compact.startsWith('+972') ? `0${compact.slice(4).replace(/^0/, '')}` : compact;
}

/** An Israeli mobile number: 05X followed by 7 digits (after normalisation). */
export const mobile: Rule = (v) => (v && !/^05\d{8}$/.test(normalizeMobile(v)) ? err('validation.mobile') : undefined);

/** Israeli ID number: up to 9 digits, padded with zeros, Luhn-like check digit. */
export function isValidIsraeliId(raw: string): boolean {
  const id = raw.trim();
  if (!/^\d{5,9}$/.test(id)) return false;
  const padded = id.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(padded[i]) * ((i % 2) + 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}
export const israeliId: Rule = (v) => (v && !isValidIsraeliId(v) ? err('validation.ssn') : undefined);

export const matches = (other: string, key: 'validation.mobileMatch' | 'validation.emailMatch'): Rule => (v) => (v !== other ? err(key) : undefined);
/** Two emails are the same address whatever their letters' case (Dana.QA@Example.com is dana.qa@example.com). */
export const sameEmail = (other: string): Rule => (v) => (v.trim().toLowerCase() !== other.trim().toLowerCase() ? err('validation.emailMatch') : undefined);

/** Spec section 5: hash characters are removed from address fields. */
export const cleanAddress = (v: string) => v.replace(/#/g, '');

/** Runs rules in order and returns the first error. */
export function validate(value: string, rules: Rule[]): RuleError | undefined {
  for (const rule of rules) {
    const e = rule(value);
    if (e) return e;
  }
  return undefined;
}
