import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { addNamespace, defaultOrderForm, i18n, initI18n, setRuntimeConfig, type CustomerFormConfig } from '@ticketing/shared';
import { resources } from '../src/locales';
import { createStore } from '../src/store';
import { CustomerInfoStep } from '../src/checkout/CustomerInfoStep';
import {
  cleanValue, emptyCustomerForm, firstError, prefillFromCustomer, validateCustomerForm, validateReference,
} from '../src/checkout/customerInfo';
import { toCartCustomerInfo, type CustomerFormValues } from '../src/checkout/cartCustomer';
import { CUSTOMER_SESSION_KEY, loadCheckout } from '../src/checkout/checkoutSlice';

const form = defaultOrderForm();
const valid = (): CustomerFormValues => ({
  ...emptyCustomerForm(form),
  firstName: 'Dana', lastName: 'Levi', ssn: '000000018', email: 'dana@example.com', emailVerify: 'dana@example.com',
  mobileNumber: '0521234567', mobileNumberVerify: '0521234567', termsConfirmed: true,
});
const withFields = (patch: Partial<CustomerFormConfig['fields']>): CustomerFormConfig => ({ ...form, fields: { ...form.fields, ...patch } });
const on = (isRequired: boolean) => ({ isIncluded: true, isRequired });

beforeAll(async () => {
  setRuntimeConfig({ apiBase: 'http://127.0.0.1:9/api' });
  await initI18n('en');
  addNamespace('booking', resources);
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('customer info rules (spec section 5)', () => {
  it('accepts a complete form with the spec defaults', () => {
    expect(validateCustomerForm(valid(), form)).toEqual({});
  });
  it('requires ssn, names, email, mobile and the terms by default; mailing not pre-ticked (explicit opt-in), terms not confirmed', () => {
    const empty = emptyCustomerForm(form);
    expect(empty.isMailingAllowed).toBe(false);
    expect(empty.termsConfirmed).toBe(false);
    const e = validateCustomerForm(empty, form);
    for (const k of ['firstName', 'lastName', 'ssn', 'email', 'mobileNumber'] as const) expect(e[k]?.key).toBe('validation.required');
    expect(e.termsConfirmed?.key).toBe('validation.terms');
    expect(firstError(e)).toBe('firstName');
  });
  it('letters only, minimum and maximum length on names', () => {
    expect(validateCustomerForm({ ...valid(), firstName: 'Dana2' }, form).firstName?.key).toBe('validation.lettersOnly');
    expect(validateCustomerForm({ ...valid(), firstName: 'דנה' }, form).firstName).toBeUndefined();
    expect(validateCustomerForm({ ...valid(), lastName: 'L' }, form).lastName?.key).toBe('validation.minLength');
    expect(validateCustomerForm({ ...valid(), lastName: 'L'.repeat(31) }, form).lastName?.key).toBe('validation.maxLength');
  });
  it('valid email, and the confirmation must match', () => {
    expect(validateCustomerForm({ ...valid(), email: 'dana@', emailVerify: 'dana@' }, form).email?.key).toBe('validation.email');
    expect(validateCustomerForm({ ...valid(), emailVerify: 'other@example.com' }, form).emailVerify?.key).toBe('validation.emailMatch');
    expect(validateCustomerForm({ ...valid(), emailVerify: '' }, form).emailVerify?.key).toBeDefined();
  });
  it('Israeli ID number: digits and check digit', () => {
    expect(validateCustomerForm({ ...valid(), ssn: '12345678a' }, form).ssn?.key).toBe('validation.digits');
    expect(validateCustomerForm({ ...valid(), ssn: '123456789' }, form).ssn?.key).toBe('validation.ssn');
    expect(validateCustomerForm({ ...valid(), ssn: '123456782' }, form).ssn).toBeUndefined();
  });
  it('mobile: +972 rewritten to 0, format checked, confirmation must match', () => {
    const v = { ...valid(), mobileNumber: '+972-52-1234567', mobileNumberVerify: '0521234567' };
    expect(validateCustomerForm(v, form)).toEqual({});
    expect(toCartCustomerInfo(v).mobileNumber).toBe('0521234567');
    expect(validateCustomerForm({ ...valid(), mobileNumber: '12345', mobileNumberVerify: '12345' }, form).mobileNumber?.key).toBe('validation.mobile');
    expect(validateCustomerForm({ ...valid(), mobileNumberVerify: '0529999999' }, form).mobileNumberVerify?.key).toBe('validation.mobileMatch');
  });
  it('address fields lose their hash characters; postal code digits with min length; city letters only', () => {
    expect(cleanValue('address1', 'Herzl 1 #4')).toBe('Herzl 1 4');
    expect(cleanValue('firstName', 'a#b')).toBe('a#b');
    const f = withFields({ address1: on(true), city: on(false), postalCode: on(false) });
    expect(validateCustomerForm(valid(), f).address1?.key).toBe('validation.required');
    expect(toCartCustomerInfo({ ...valid(), address1: '#Herzl #1' }).address1).toBe('Herzl 1');
    expect(validateCustomerForm({ ...valid(), address1: 'Herzl 1', postalCode: '12a' }, f).postalCode?.key).toBe('validation.digits');
    expect(validateCustomerForm({ ...valid(), address1: 'Herzl 1', postalCode: '123' }, f).postalCode?.key).toBe('validation.minLength');
    expect(validateCustomerForm({ ...valid(), address1: 'Herzl 1', city: 'Tel Aviv 5' }, f).city?.key).toBe('validation.lettersOnly');
  });
  it('follows isIncluded / isRequired from the configuration', () => {
    const f = withFields({ ssn: { isIncluded: false, isRequired: false }, email: on(false), emailVerify: { isIncluded: false, isRequired: false } });
    expect(validateCustomerForm({ ...valid(), ssn: '', email: '', emailVerify: '' }, f)).toEqual({});
  });
  it('reference prompts: required, letters and digits only', () => {
    expect(validateReference('')?.key).toBe('validation.required');
    expect(validateReference('AB-12')?.key).toBe('validation.alphanumeric');
    expect(validateReference('AB12')).toBeUndefined();
  });
  it('prefills a logged-in customer without overwriting what was typed', () => {
    const c = {
      CustomerId: 7, FirstName: 'Noa', LastName: 'Cohen', SSN: '000000018', EmailAddress1: 'noa@example.com', MobileNumber1: '+972541112222',
      PhoneNumber1: null, Address1: null, Address2: null, City: null, PostalCode: null, DateOfBirth: null, IsSMSAllowed: true,
      IsEmailAllowed: true, IsMailingAllowed: true, LoyaltyPoints: 0, Members: [], hasActiveMembership: false,
    };
    const v = prefillFromCustomer({ ...emptyCustomerForm(form), firstName: 'Typed' }, c);
    expect(v.firstName).toBe('Typed');
    expect(v.lastName).toBe('Cohen');
    expect(v.mobileNumber).toBe('0541112222');
    expect(v.emailVerify).toBe('noa@example.com');
  });
});

describe('CustomerInfoStep', () => {
  function renderStep(onNext = () => {}) {
    const store = createStore();
    render(
      <I18nextProvider i18n={i18n}>
        <Provider store={store}><CustomerInfoStep onNext={onNext} /></Provider>
      </I18nextProvider>,
    );
    return store;
  }

  it('marks invalid fields, announces errors and moves focus to the first error on submit', async () => {
    let next = 0;
    renderStep(() => { next++; });
    const first = await screen.findByLabelText(/^First name/);
    fireEvent.click(screen.getByTestId('customer-info-next'));
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(5);
    expect(screen.getByTestId('customer-info-summary').textContent).toMatch(/Please correct \d+ fields/);
    expect(next).toBe(0);
  });

  it('fills the form, rewrites +972 to 0, continues and keeps the values in the session', async () => {
    let next = 0;
    renderStep(() => { next++; });
    await screen.findByLabelText(/^First name/);
    const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^First name/, 'Dana');
    type(/^Last name/, 'Levi');
    type(/^ID number/, '000000018');
    type(/^Email/, 'dana@example.com');
    type(/^Confirm email/, 'dana@example.com');
    type(/^Mobile number/, '+972521234567');
    type(/^Confirm mobile number/, '0521234567');
    fireEvent.click(screen.getByLabelText(/accept the terms/));
    fireEvent.click(screen.getByTestId('customer-info-next'));
    expect(next).toBe(1);
    const saved = JSON.parse(sessionStorage.getItem(`ticketing.${CUSTOMER_SESSION_KEY}`) ?? 'null');
    expect(saved.mobileNumber).toBe('0521234567');
    expect(saved.firstName).toBe('Dana');
    // A new store (a reload) restores them.
    expect(loadCheckout().customerInfo?.lastName).toBe('Levi');
  });
});
