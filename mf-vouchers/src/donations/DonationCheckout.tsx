import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  Field, Spinner, currentLocale, formatMoney, validateCustomerInfo,
  type CartCustomerInfo, type CustomerInfoIssue,
} from '@ticketing/shared';
import { useConfigQuery, useDonationPurchaseMutation, useDonationQuoteMutation } from '../api';
import { useHostedPayment } from '../hostedPayment';
import { NAMESPACE } from '../locales';
import { DonationSummary } from './DonationSummary';
import { failureText } from '../errors';
import { useVouchersDispatch, useVouchersSelector } from '../hooks';
import { donationActions, donationCount } from './donationSlice';
import styles from './donations.module.css';

const TEXT_FIELDS = ['firstName', 'lastName', 'ssn', 'email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify', 'address1', 'address2', 'city', 'postalCode', 'dateOfBirth'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const INPUT_TYPE: Partial<Record<TextField, string>> = { email: 'email', emailVerify: 'email', mobileNumber: 'tel', mobileNumberVerify: 'tel', dateOfBirth: 'date' };
const LTR = new Set<TextField>(['email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify', 'ssn', 'postalCode']);
const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  firstName: 'given-name', lastName: 'family-name', email: 'email', mobileNumber: 'tel', address1: 'address-line1', address2: 'address-line2', city: 'address-level2', postalCode: 'postal-code', dateOfBirth: 'bday',
};

/**
 * /donations/checkout: the api-priced donations, the donor by the donations form switches of the start-up
 * configuration (GET /config → forms.donations), the hosted payment page of the active provider, then the
 * idempotent commit and the receipt.
 */
export function DonationCheckout() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const dispatch = useVouchersDispatch();
  const finished = useRef(false);
  const donation = useVouchersSelector((s) => s.donation);
  const cfg = useConfigQuery();
  const [quote, quoted] = useDonationQuoteMutation();
  const [purchase, purchasing] = useDonationPurchaseMutation();
  const [info, setInfo] = useState<CartCustomerInfo>(donation.customerInfo);
  const [issues, setIssues] = useState<CustomerInfoIssue[]>([]);
  const lines = Object.values(donation.lines);
  const locale = currentLocale();
  const form = cfg.data?.config.forms.donations;

  useEffect(() => { if (lines.length) void quote({ lines, locale: i18n.language }); /* eslint-disable-next-line react-hooks/exhaustive-deps */ }, [i18n.language]);

  // The hosted payment page approved: the commit (idempotent by the attempt's key); otherwise nothing was taken.
  const payment = useHostedPayment(async (paymentIdentifier) => {
    const r = await purchase({ body: { lines, customerInfo: donation.customerInfo, paymentIdentifier }, idempotencyKey: donation.idempotencyKey! }).unwrap();
    finished.current = true; // the emptied order is on its way to the confirmation, not back to the list
    dispatch(donationActions.donated(r));
    navigate('/donations/receipt');
  }, 'donation-error');

  // Nothing chosen (e.g. Back after the receipt): the causes, in this entry's place, not an empty form.
  if (!donationCount(donation)) return finished.current ? null : <Navigate to="/donations" replace />;

  const set = (k: keyof CartCustomerInfo, v: unknown) => setInfo((i) => ({ ...i, [k]: v }));
  const issueOf = (k: string) => issues.find((i) => i.field === k);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    payment.setProblem(null);
    const full: CartCustomerInfo = { ...info, isMailingAllowed: info.isMailingAllowed ?? form.isMailingAllowedDefault, termsConfirmed: info.termsConfirmed ?? form.termsConfirmedDefault };
    const found = validateCustomerInfo(full, form);
    setIssues(found);
    dispatch(donationActions.customerInfoSet(full));
    if (found.length) { requestAnimationFrame(() => document.getElementById(`donor-${found[0]!.field}`)?.focus()); return; }
    dispatch(donationActions.attemptStarted());
    const total = quoted.data?.total;
    if (total !== undefined) await payment.open(total);
  };

  return (
    <section className="tx-page" aria-labelledby="donate-title" data-testid="donation-checkout">
      <h1 id="donate-title">{t('donations.checkoutTitle')}</h1>
      {quoted.isLoading && <Spinner />}
      {quoted.error && <p role="alert" className="tx-error">{failureText(t, quoted.error)}</p>}
      {quoted.data && <DonationSummary order={quoted.data} testId="donation-summary" totalTestId="donation-total" />}
      {!form && <Spinner />}
      {form && !payment.paying && (
        <form className={styles.form} onSubmit={(e) => void pay(e)} noValidate aria-labelledby="donor-title">
          <h2 id="donor-title">{t('donations.donor')}</h2>
          {issues.length > 0 && <p role="alert" className="tx-error">{t('donations.errorsSummary', { count: issues.length })}</p>}
          {TEXT_FIELDS.filter((k) => form.fields[k].isIncluded).map((k) => {
            const issue = issueOf(k);
            return (
              <Field key={k} id={`donor-${k}`} label={`${t(`donations.fields.${k}`)}${form.fields[k].isRequired ? ' *' : ''}`} type={INPUT_TYPE[k] ?? 'text'}
                dir={LTR.has(k) ? 'ltr' : undefined} autoComplete={AUTOCOMPLETE[k] ?? 'off'} required={form.fields[k].isRequired}
                value={String(info[k] ?? '')} onChange={(e) => set(k, e.target.value)} error={issue ? { key: issue.key, values: issue.values } : undefined} />
            );
          })}
          {form.fields.isMailingAllowed.isIncluded && (
            <div className="tx-check">
              <input id="donor-isMailingAllowed" type="checkbox" checked={info.isMailingAllowed ?? form.isMailingAllowedDefault} onChange={(e) => set('isMailingAllowed', e.target.checked)} />
              <label htmlFor="donor-isMailingAllowed">{t('donations.fields.isMailingAllowed')}</label>
            </div>
          )}
          {form.fields.terms.isIncluded && (
            <div>
              <div className="tx-check">
                <input id="donor-termsConfirmed" type="checkbox" checked={info.termsConfirmed ?? form.termsConfirmedDefault} onChange={(e) => set('termsConfirmed', e.target.checked)}
                  aria-invalid={!!issueOf('termsConfirmed')} aria-describedby={issueOf('termsConfirmed') ? 'donor-terms-error' : undefined} />
                <label htmlFor="donor-termsConfirmed">{t('donations.fields.termsConfirmed')}{form.fields.terms.isRequired ? ' *' : ''}</label>
              </div>
              <a href="/terms" target="_blank" rel="noopener">{t('donations.termsLink')}</a>
              {issueOf('termsConfirmed') && <p id="donor-terms-error" role="alert" className="tx-field-error">{t('donations.termsRequired')}</p>}
            </div>
          )}
          {payment.alert}
          <div className={styles.actions}>
            <Link to="/donations" className="tx-btn tx-btn-secondary">{t('donations.back')}</Link>
            <button type="submit" className="tx-btn" disabled={!quoted.data} data-testid="donation-pay">
              {quoted.data ? t('donations.pay', { amount: formatMoney(quoted.data.total, locale) }) : t('donations.payShort')}
            </button>
          </div>
        </form>
      )}
      {payment.frame}
      {purchasing.isLoading && <div role="status" tabIndex={-1} ref={(el) => el?.focus()}><Spinner /><p>{t('donations.processing')}</p></div>}
    </section>
  );
}
