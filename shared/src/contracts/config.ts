import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Money } from './catalog';

// =====================================================================================
// Start-up configuration (GET /config)
// =====================================================================================

/** One form field's switches (spec section 3 "Start-up configuration"). */
export const FieldSwitch = lazy(() => z.object({ isIncluded: z.boolean(), isRequired: z.boolean() }));
export type FieldSwitch = z.infer<typeof FieldSwitch>;

export const CUSTOMER_FORM_FIELDS = [
  'firstName', 'lastName', 'ssn', 'email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify',
  'address1', 'address2', 'city', 'postalCode', 'dateOfBirth', 'location', 'isMailingAllowed', 'terms',
] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];

const on = (isRequired: boolean): FieldSwitch => ({ isIncluded: true, isRequired });
const off: FieldSwitch = { isIncluded: false, isRequired: false };

export const CustomerFormConfig = lazy(() => z.object({
  fields: z.object(Object.fromEntries(CUSTOMER_FORM_FIELDS.map((f) => [f, FieldSwitch])) as Record<CustomerFormField, typeof FieldSwitch>),
  /** Initial value of the mailing-allowed checkbox: off (Israeli anti-spam law asks for an explicit opt-in; issue 14). */
  isMailingAllowedDefault: z.boolean(),
  /** Initial value of the terms checkbox (spec: required but not confirmed). */
  termsConfirmedDefault: z.boolean(),
}));
export type CustomerFormConfig = z.infer<typeof CustomerFormConfig>;

/** Spec section 5 "Default config": ssn, first and last name, email and mobile required on orders; others optional and mostly excluded. */
export function defaultOrderForm(): CustomerFormConfig {
  return {
    fields: {
      firstName: on(true), lastName: on(true), ssn: on(true), email: on(true), emailVerify: on(true),
      mobileNumber: on(true), mobileNumberVerify: on(true),
      address1: off, address2: off, city: off, postalCode: off, dateOfBirth: off, location: off,
      isMailingAllowed: on(false), terms: on(true),
    },
    isMailingAllowedDefault: false,
    termsConfirmedDefault: false,
  };
}
/** Memberships, system vouchers and donations: the same required core plus a postal address (optional). */
export function defaultPurchaseForm(): CustomerFormConfig {
  const f = defaultOrderForm();
  return { ...f, fields: { ...f.fields, address1: on(false), city: on(false), postalCode: on(false) } };
}

export const PaymentProviderKind = lazy(() => z.enum(['card', 'paypal', 'blik']));
export const PaymentProviderInfo = lazy(() => z.object({
  /** sandbox (built-in card page), altcard (second card provider), paypal, blik */
  id: z.string(),
  kind: PaymentProviderKind,
  isActive: z.boolean(),
  isDefault: z.boolean(),
}));
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>;

export const ORDER_STEP_IDS = ['chooseSeats', 'chooseTickets', 'customerInfo', 'chooseProducts', 'payment', 'confirmation'] as const;
export const OrderStepId = lazy(() => z.enum(ORDER_STEP_IDS));
export type OrderStepId = z.infer<typeof OrderStepId>;
export const OrderSteps = lazy(() => z.array(OrderStepId));
/** The two readings of the spec: customer info before products (default), or products before customer info. */
export const ORDER_STEP_READINGS: Record<'first' | 'second', OrderStepId[]> = {
  first: ['chooseSeats', 'chooseTickets', 'customerInfo', 'chooseProducts', 'payment', 'confirmation'],
  second: ['chooseSeats', 'chooseTickets', 'chooseProducts', 'customerInfo', 'payment', 'confirmation'],
};

export const StartupConfig = lazy(() => z.object({
  forms: z.object({
    order: CustomerFormConfig,
    memberships: CustomerFormConfig,
    systemVouchers: CustomerFormConfig,
    donations: CustomerFormConfig,
  }),
  locales: z.object({ enabled: z.array(z.enum(['he', 'en', 'ru', 'ar', 'pl'])), default: z.literal('he') }),
  currency: z.object({ code: z.literal('ILS'), symbol: z.string(), decimals: z.int() }),
  /** Step order of a ticket order (spec section 2 gives two readings; ORDER_STEPS on the api chooses). */
  orderSteps: OrderSteps,
  limits: z.object({
    maxSeats: z.int(),
    maxMembershipQuantity: z.int(),
    /** Hold orders: pay and collect at least this many minutes before the event. */
    holdCollectMinutesBefore: z.int(),
    /** The e-ticket counts an event as past this many minutes after it starts (spec: 0). */
    pastEventGraceMinutes: z.int(),
    /** Without any input for this long an order step warns, then ends like its lock timer (spec: 300000). */
    idleTimeMs: z.int(),
  }),
  payment: z.object({
    providers: z.array(PaymentProviderInfo),
    defaultProvider: z.string(),
    /** Default number of payments (spec section 9: 1). */
    numberOfPaymentsDefault: z.int(),
    maxNumberOfPayments: z.int(),
    /** Minimum order total (shekels) for more than one payment. */
    installmentsMinTotal: Money,
    /** Booking fee per paid order (shekels). */
    bookingFee: Money,
  }),
  customer: z.object({
    loginIdentifiers: z.array(z.enum(['mobileNumber', 'ssn', 'memberNumber'])),
    cancellationEnabled: z.boolean(),
  }),
}));
export type StartupConfig = z.infer<typeof StartupConfig>;
export const ConfigResponse = lazy(() => z.object({ config: StartupConfig }));
export type ConfigResponse = z.infer<typeof ConfigResponse>;
