import { normalizeCustomerInfo, type CartCustomerInfo } from '@ticketing/shared';

// The customer form's values and their mapping to the cart, apart from the form's rules (customerInfo.ts): the order
// page prices the cart from its first step and carries only this, not the details step's validation (issue 12).

export const TEXT_FIELDS = [
  'firstName', 'lastName', 'ssn', 'email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify',
  'address1', 'address2', 'city', 'postalCode', 'dateOfBirth',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface CustomerFormValues extends Record<TextField, string> {
  locationId: string;
  isMailingAllowed: boolean;
  termsConfirmed: boolean;
}
const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** Form values → the cart's customerInfo (+972 → 0 and '#' removed by the shared normaliser). */
export function toCartCustomerInfo(v: CustomerFormValues, customerId?: number | null): CartCustomerInfo {
  return normalizeCustomerInfo({
    firstName: blankToNull(v.firstName), lastName: blankToNull(v.lastName), ssn: blankToNull(v.ssn),
    email: blankToNull(v.email), emailVerify: blankToNull(v.emailVerify),
    mobileNumber: blankToNull(v.mobileNumber), mobileNumberVerify: blankToNull(v.mobileNumberVerify),
    address1: blankToNull(v.address1), address2: blankToNull(v.address2), city: blankToNull(v.city),
    postalCode: blankToNull(v.postalCode), dateOfBirth: blankToNull(v.dateOfBirth),
    locationId: v.locationId ? Number(v.locationId) : null,
    isMailingAllowed: v.isMailingAllowed, termsConfirmed: v.termsConfirmed,
    CustomerId: customerId ?? null,
  });
}
