import {
  rules, validateCustomerInfo as validateShared,
  type CartCustomerInfo, type CustomerFormConfig, type CustomerFormField, type CustomerInfo, type RuleError,
} from '@ticketing/shared';
import { TEXT_FIELDS, toCartCustomerInfo, type CustomerFormValues, type TextField } from './cartCustomer';

/**
 * The customer info form of spec section 3 as data. Validation is the shared contract's
 * `validateCustomerInfo` (the same function the api runs at commit), so the browser and the
 * api can never disagree; this module holds the form's switches, its errors and the typing-time
 * clean-ups of spec section 5 ('#' out of address fields); the values and their mapping to the cart's customerInfo are
 * in cartCustomer.ts.
 */
export type FormKey = keyof CustomerFormValues;

/** Form key ↔ configuration switch name. */
export const SWITCH_OF: Record<FormKey, CustomerFormField> = {
  firstName: 'firstName', lastName: 'lastName', ssn: 'ssn', email: 'email', emailVerify: 'emailVerify',
  mobileNumber: 'mobileNumber', mobileNumberVerify: 'mobileNumberVerify', address1: 'address1', address2: 'address2',
  city: 'city', postalCode: 'postalCode', dateOfBirth: 'dateOfBirth', locationId: 'location',
  isMailingAllowed: 'isMailingAllowed', termsConfirmed: 'terms',
};
/** Order of the fields on screen: the first invalid one receives focus on submit. */
export const FIELD_ORDER: FormKey[] = [...TEXT_FIELDS, 'locationId', 'isMailingAllowed', 'termsConfirmed'];

export const isIncluded = (config: CustomerFormConfig, key: FormKey) => config.fields[SWITCH_OF[key]].isIncluded;
/** Verify copies are required whenever they are shown (the shared rule checks the match). */
export const isRequired = (config: CustomerFormConfig, key: FormKey) =>
  config.fields[SWITCH_OF[key]].isRequired || ((key === 'emailVerify' || key === 'mobileNumberVerify') && isIncluded(config, key));

export function emptyCustomerForm(config?: CustomerFormConfig): CustomerFormValues {
  return {
    firstName: '', lastName: '', ssn: '', email: '', emailVerify: '', mobileNumber: '', mobileNumberVerify: '',
    address1: '', address2: '', city: '', postalCode: '', dateOfBirth: '', locationId: '',
    isMailingAllowed: config?.isMailingAllowedDefault ?? false,
    termsConfirmed: config?.termsConfirmedDefault ?? false,
  };
}

/** Spec section 5 clean-up while typing: hash characters removed from address fields. */
export function cleanValue(field: TextField, value: string): string {
  return field === 'address1' || field === 'address2' || field === 'city' ? rules.cleanAddress(value) : value;
}

/** The same values written back into the form (after normalisation, e.g. +972 → 0). */
export function fromCartCustomerInfo(c: CartCustomerInfo, base: CustomerFormValues): CustomerFormValues {
  const s = (x: string | null | undefined) => x ?? '';
  return {
    ...base,
    firstName: s(c.firstName), lastName: s(c.lastName), ssn: s(c.ssn), email: s(c.email), emailVerify: s(c.emailVerify),
    mobileNumber: s(c.mobileNumber), mobileNumberVerify: s(c.mobileNumberVerify), address1: s(c.address1),
    address2: s(c.address2), city: s(c.city), postalCode: s(c.postalCode), dateOfBirth: s(c.dateOfBirth),
    locationId: c.locationId ? String(c.locationId) : '',
    isMailingAllowed: c.isMailingAllowed ?? base.isMailingAllowed,
    termsConfirmed: c.termsConfirmed ?? base.termsConfirmed,
  };
}

/** A logged-in customer's details (spec: prefilled); fields the visitor already typed win. */
export function prefillFromCustomer(v: CustomerFormValues, c: CustomerInfo): CustomerFormValues {
  const pick = (cur: string, x: string | null | undefined) => (cur.trim() ? cur : (x ?? ''));
  const mobile = rules.normalizeMobile(c.MobileNumber1 ?? '');
  return {
    ...v,
    firstName: pick(v.firstName, c.FirstName), lastName: pick(v.lastName, c.LastName), ssn: pick(v.ssn, c.SSN),
    email: pick(v.email, c.EmailAddress1), emailVerify: pick(v.emailVerify, c.EmailAddress1),
    mobileNumber: pick(v.mobileNumber, mobile), mobileNumberVerify: pick(v.mobileNumberVerify, mobile),
    address1: pick(v.address1, c.Address1), address2: pick(v.address2, c.Address2), city: pick(v.city, c.City),
    postalCode: pick(v.postalCode, c.PostalCode), dateOfBirth: pick(v.dateOfBirth, c.DateOfBirth?.slice(0, 10)),
  };
}

export type CustomerFormErrors = Partial<Record<FormKey, RuleError>>;

/** Keys the shared rules return that have no text in the common namespace yet. */
const KEY_REMAP: Record<string, string> = { 'validation.date': 'booking:customerInfo.errors.date' };

/** Every rule of spec section 5 for the included fields (the shared contract's validation). */
export function validateCustomerForm(values: CustomerFormValues, config: CustomerFormConfig): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  for (const issue of validateShared(toCartCustomerInfo(values), config)) {
    const key = issue.field as FormKey;
    if (!errors[key]) errors[key] = { key: KEY_REMAP[issue.key] ?? issue.key, values: issue.values };
  }
  // Verify copies shown but left empty: the shared match rule accepts '' only when the original is '' too.
  for (const k of ['emailVerify', 'mobileNumberVerify'] as const) {
    if (!errors[k] && isRequired(config, k) && values[k].trim() === '' && values[k === 'emailVerify' ? 'email' : 'mobileNumber'].trim() !== '') {
      errors[k] = { key: 'validation.required' };
    }
  }
  return errors;
}

export const firstError = (errors: CustomerFormErrors): FormKey | undefined => FIELD_ORDER.find((f) => errors[f]);

/** Reference prompts (ref1/ref2) of a ticket: required, letters and digits only (spec 5 alphanumeric). */
export const validateReference = (value: string): RuleError | undefined =>
  rules.validate(value.trim(), [rules.required, rules.alphanumeric, rules.maxLength(100)]);
