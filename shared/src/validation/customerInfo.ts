import { CustomerFormConfig, CustomerFormField } from '../contracts/config';
import { CartCustomerInfo, CustomerInfoIssue } from '../contracts/orders';
import * as rules from './rules';

// =====================================================================================
// Customer info validation (spec 5), shared by the form and the api
// =====================================================================================

/** Normalises what spec 5 rewrites: +972 mobiles to 0…, hash characters out of address fields. */
export function normalizeCustomerInfo(info: CartCustomerInfo): CartCustomerInfo {
  const out: CartCustomerInfo = { ...info };
  if (out.mobileNumber) out.mobileNumber = rules.normalizeMobile(out.mobileNumber);
  if (out.mobileNumberVerify) out.mobileNumberVerify = rules.normalizeMobile(out.mobileNumberVerify);
  for (const k of ['address1', 'address2', 'city'] as const) if (out[k]) out[k] = rules.cleanAddress(out[k]!);
  return out;
}

/** Validates customer info against a form configuration; [] when valid. */
export function validateCustomerInfo(raw: CartCustomerInfo, form: CustomerFormConfig): CustomerInfoIssue[] {
  const info = normalizeCustomerInfo(raw);
  const issues: CustomerInfoIssue[] = [];
  const f = form.fields;
  const val = (k: keyof CartCustomerInfo) => {
    const v = info[k];
    return v === null || v === undefined ? '' : String(v);
  };
  const check = (field: CustomerFormField, key: keyof CartCustomerInfo, extra: rules.Rule[]) => {
    const sw = f[field];
    if (!sw.isIncluded) return;
    const r = rules.validate(val(key), [...(sw.isRequired ? [rules.required] : []), ...extra]);
    if (r) issues.push({ field: key, key: r.key, values: r.values });
  };
  check('firstName', 'firstName', [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)]);
  check('lastName', 'lastName', [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)]);
  check('ssn', 'ssn', [rules.digits, rules.israeliId]);
  check('email', 'email', [rules.email, rules.maxLength(100)]);
  if (f.email.isIncluded && f.emailVerify.isIncluded) check('emailVerify', 'emailVerify', [rules.sameEmail(val('email'))]);
  check('mobileNumber', 'mobileNumber', [rules.mobile]);
  if (f.mobileNumber.isIncluded && f.mobileNumberVerify.isIncluded) {
    check('mobileNumberVerify', 'mobileNumberVerify', [rules.matches(val('mobileNumber'), 'validation.mobileMatch')]);
  }
  check('address1', 'address1', [rules.maxLength(100)]);
  check('address2', 'address2', [rules.maxLength(100)]);
  check('city', 'city', [rules.lettersOnly, rules.maxLength(50)]);
  check('postalCode', 'postalCode', [rules.digits, rules.minLength(5), rules.maxLength(7)]);
  check('dateOfBirth', 'dateOfBirth', [(v) => (v && !/^\d{4}-\d{2}-\d{2}$/.test(v) ? { key: 'validation.date' } : undefined)]);
  if (f.location.isIncluded && f.location.isRequired && !info.locationId) issues.push({ field: 'locationId', key: 'validation.required' });
  if (f.terms.isIncluded && f.terms.isRequired && info.termsConfirmed !== true) issues.push({ field: 'termsConfirmed', key: 'validation.terms' });
  return issues;
}

/** Money helpers for callers that add shekel amounts (avoid float drift). */
export const addShekels = (...xs: number[]): number => Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;
