import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Spinner, rules } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useCurrentCustomerQuery } from '../api/orderApi';
import { usePresentationQuery } from '../api/seatsApi';
import type { StepProps } from '../order/stepProps';
import {
  FIELD_ORDER, cleanValue, emptyCustomerForm, firstError, isIncluded, isRequired, prefillFromCustomer,
  validateCustomerForm, type CustomerFormErrors, type FormKey,
} from './customerInfo';
import { TEXT_FIELDS, type CustomerFormValues, type TextField } from './cartCustomer';
import { checkoutActions } from './checkoutSlice';
import { useCheckoutDispatch, useCheckoutSelector, useOrderFormConfig } from './hooks';
import { usePersistCheckout } from './persist';
import styles from './checkout.module.css';
import { SignInLink } from './SignInLink';

const INPUT: Partial<Record<TextField, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel'; dir?: 'ltr' }>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  ssn: { inputMode: 'numeric', autoComplete: 'off', dir: 'ltr' },
  email: { type: 'email', autoComplete: 'email', dir: 'ltr' },
  emailVerify: { type: 'email', autoComplete: 'off', dir: 'ltr' },
  mobileNumber: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' },
  mobileNumberVerify: { type: 'tel', inputMode: 'tel', autoComplete: 'off', dir: 'ltr' },
  address1: { autoComplete: 'address-line1' },
  address2: { autoComplete: 'address-line2' },
  city: { autoComplete: 'address-level2' },
  postalCode: { inputMode: 'numeric', autoComplete: 'postal-code', dir: 'ltr' },
  dateOfBirth: { type: 'date', autoComplete: 'bday' },
};

export const fieldId = (k: FormKey) => `ci-${k}`;


/**
 * Step 2, customer info (spec section 3 form, section 5 rules). Fields and their required flags
 * come from GET /config (forms.order); values are restored from the session and a logged-in
 * customer's details are prefilled. On submit the first invalid field receives focus.
 */
export function CustomerInfoStep(props: Partial<StepProps>) {
  // whose details these are: another identity (signed out, another customer) starts the form afresh (customerSwitch.ts)
  const owner = useCheckoutSelector((s) => s.checkout.customerInfoOwner);
  return <CustomerInfoForm key={String(owner)} owner={owner} {...props} />;
}

function CustomerInfoForm({ onNext, onBack, owner }: Partial<StepProps> & { owner: number | null | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useCheckoutDispatch();
  usePersistCheckout();
  const { form, loading } = useOrderFormConfig();
  const saved = useCheckoutSelector((s) => s.checkout.customerInfo);
  const { data: current } = useCurrentCustomerQuery();
  // the signed-in customer whose order this is (not an answer about someone the order has not been reconciled with yet)
  const customer = current?.customerInfo && current.customerInfo.CustomerId === owner ? current : undefined;
  const [values, setValues] = useState<CustomerFormValues>(() => saved ?? emptyCustomerForm(form));
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const prefilled = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const presentationId = useCheckoutSelector((s) => s.cart.selectedPresentationId);
  const { i18n } = useTranslation();
  const { data: pres } = usePresentationQuery({ id: presentationId ?? 0, locale: i18n.language }, { skip: !presentationId });

  useEffect(() => {
    if (customer?.customerInfo && !prefilled.current) {
      prefilled.current = true;
      setValues((v) => prefillFromCustomer(v, customer.customerInfo));
    }
  }, [customer]);

  // Keep the draft in the order state (and so in session storage) as the visitor types.
  useEffect(() => { dispatch(checkoutActions.setCustomerInfo(values)); }, [values, dispatch]);

  const visible = useMemo(() => FIELD_ORDER.filter((k) => isIncluded(form, k)), [form]);

  const set = (k: FormKey, v: string | boolean) => {
    setValues((cur) => {
      const next = { ...cur, [k]: typeof v === 'string' && (TEXT_FIELDS as readonly string[]).includes(k) ? cleanValue(k as TextField, v) : v };
      if (submitted) setErrors(validateCustomerForm(next, form));
      return next;
    });
  };

  const onBlurMobile = (k: 'mobileNumber' | 'mobileNumberVerify') => set(k, rules.normalizeMobile(values[k]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateCustomerForm(values, form);
    setErrors(errs);
    const first = firstError(errs);
    if (first) {
      // Focus after React has rendered the error texts so the field's description is read out.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus());
      return;
    }
    dispatch(checkoutActions.setCustomerInfo({ ...values, mobileNumber: rules.normalizeMobile(values.mobileNumber), mobileNumberVerify: rules.normalizeMobile(values.mobileNumberVerify) }));
    onNext?.();
  };

  if (loading) return <Spinner />;
  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-labelledby="ci-title" data-testid="customer-info-form">
      <h2 id="ci-title">{t('customerInfo.title')}</h2>
      {customer?.customerInfo && <p className={styles.note}>{t('customerInfo.loggedInAs', { name: `${customer.customerInfo.FirstName} ${customer.customerInfo.LastName}` })}</p>}
      <SignInLink />
      <p className={styles.note}>{t('customerInfo.requiredNote')}</p>
      {submitted && errorCount > 0 && <p role="alert" className="tx-error" data-testid="customer-info-summary">{t('customerInfo.errorsSummary', { count: errorCount })}</p>}
      <div className={styles.grid}>
        {visible.map((k) => {
          if (k === 'isMailingAllowed' || k === 'termsConfirmed') return null;
          if (k === 'locationId') return null;
          const req = isRequired(form, k);
          const label = `${t(`customerInfo.fields.${k}`)}${req ? ' *' : ''}`;
          return (
            <Field
              key={k}
              id={fieldId(k)}
              name={k}
              label={label}
              value={values[k]}
              required={req}
              aria-required={req}
              error={errors[k]}
              onChange={(e) => set(k, e.target.value)}
              onBlur={k === 'mobileNumber' || k === 'mobileNumberVerify' ? () => onBlurMobile(k) : undefined}
              onPaste={k === 'emailVerify' || k === 'mobileNumberVerify' ? (e) => e.preventDefault() : undefined}
              {...INPUT[k as TextField]}
            />
          );
        })}
      </div>
      {visible.includes('locationId') && (
        <div className="tx-field">
          <label htmlFor={fieldId('locationId')}>{t('customerInfo.fields.locationId')}{isRequired(form, 'locationId') ? ' *' : ''}</label>
          <select
            id={fieldId('locationId')}
            value={values.locationId}
            aria-invalid={!!errors.locationId}
            aria-required={isRequired(form, 'locationId')}
            aria-describedby={errors.locationId ? `${fieldId('locationId')}-error` : undefined}
            onChange={(e) => set('locationId', e.target.value)}
          >
            <option value="">{t('customerInfo.chooseLocation')}</option>
            {pres && <option value={pres.presentation.locationId}>{pres.presentation.locationName}</option>}
          </select>
          {errors.locationId && <p id={`${fieldId('locationId')}-error`} role="alert" className="tx-field-error">{t(errors.locationId.key, { ns: 'common', ...errors.locationId.values })}</p>}
        </div>
      )}
      {visible.includes('isMailingAllowed') && (
        <div className="tx-check">
          <input id={fieldId('isMailingAllowed')} type="checkbox" checked={values.isMailingAllowed} onChange={(e) => set('isMailingAllowed', e.target.checked)} />
          <label htmlFor={fieldId('isMailingAllowed')}>{t('customerInfo.fields.isMailingAllowed')}</label>
        </div>
      )}
      {visible.includes('termsConfirmed') && (
        <div className="tx-check">
          <input
            id={fieldId('termsConfirmed')}
            type="checkbox"
            checked={values.termsConfirmed}
            aria-invalid={!!errors.termsConfirmed}
            aria-required={isRequired(form, 'termsConfirmed')}
            aria-describedby={errors.termsConfirmed ? `${fieldId('termsConfirmed')}-error` : undefined}
            onChange={(e) => set('termsConfirmed', e.target.checked)}
          />
          <label htmlFor={fieldId('termsConfirmed')}>{t('customerInfo.fields.termsConfirmed')}{isRequired(form, 'termsConfirmed') ? ' *' : ''}</label>
          <a href="/terms" target="_blank" rel="noopener" data-testid="terms-link">{t('customerInfo.termsLink')}</a>
          {errors.termsConfirmed && <p id={`${fieldId('termsConfirmed')}-error`} role="alert" className="tx-field-error">{t(errors.termsConfirmed.key, { ns: 'common', ...errors.termsConfirmed.values })}</p>}
        </div>
      )}
      <div className={styles.actions}>
        {onBack && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>}
        <button type="submit" className="tx-btn" data-testid="customer-info-next">{t('order.continue')}</button>
      </div>
    </form>
  );
}
