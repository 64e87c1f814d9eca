import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import {
  currentLocale, Field, formatDayMonthYear, formatMoney, publish, rules, Spinner, validateCustomerInfo, type ApiFailure, type CartCustomerInfo, type CustomerInfo,
  type CustomerInfoIssue, type MembershipOrderBody, type MembershipOrderResponse,
} from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useConfigQuery, useCurrentCustomerQuery, useOrderMutation, useQuoteMutation } from '../api';
import type { MembershipsDispatch, MembershipsState } from '../store';
import { purchaseActions } from './purchaseSlice';
import styles from './purchase.module.css';
import { HostedPayStep } from '../payment/HostedPayStep';

const TEXT_FIELDS = ['firstName', 'lastName', 'ssn', 'email', 'emailVerify', 'mobileNumber', 'mobileNumberVerify', 'address1', 'address2', 'city', 'postalCode', 'dateOfBirth'] as const;
const INPUT_TYPE: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = { email: 'email', emailVerify: 'email', mobileNumber: 'tel', mobileNumberVerify: 'tel', dateOfBirth: 'date' };

/** The api's error code as this remote's text (section 8 codes), else the shared one. */
export function useErrorText() {
  const { t } = useTranslation(NAMESPACE);
  return (e: unknown) => {
    const f = e as ApiFailure;
    return t(`errors.${f?.code ?? 'GENERAL_ERROR'}`, { defaultValue: t(`common:${f?.key ?? 'errors.generic'}`) });
  };
}

/** A signed-in customer's details into the fields the buyer has left empty (what they typed stays), as the ticket order does. */
export function prefillFromCustomer(info: CartCustomerInfo, c: CustomerInfo): CartCustomerInfo {
  const mobile = rules.normalizeMobile(c.MobileNumber1 ?? '');
  const from: CartCustomerInfo = {
    firstName: c.FirstName, lastName: c.LastName, ssn: c.SSN ?? '', email: c.EmailAddress1 ?? '', emailVerify: c.EmailAddress1 ?? '',
    mobileNumber: mobile, mobileNumberVerify: mobile, address1: c.Address1 ?? '', address2: c.Address2 ?? '', city: c.City ?? '',
    postalCode: c.PostalCode ?? '', dateOfBirth: c.DateOfBirth?.slice(0, 10) ?? '',
  };
  const out: CartCustomerInfo = { ...info };
  for (const k of TEXT_FIELDS) if (!String(out[k] ?? '').trim() && from[k]) out[k] = from[k];
  return out;
}

/** Customer info by the memberships form switches of the start-up configuration (GET /config → forms.memberships). */
export function CustomerStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const cfg = useConfigQuery();
  const saved = useSelector((s: MembershipsState) => s.purchase.customerInfo);
  const [info, setInfo] = useState<CartCustomerInfo>(saved);
  const [issues, setIssues] = useState<CustomerInfoIssue[] | null>(null);
  // signed in: the step starts from the customer's own details (once; the buyer may still change them)
  const { data: customer } = useCurrentCustomerQuery(undefined, { refetchOnMountOrArgChange: true });
  const prefilled = useRef(false);
  useEffect(() => {
    if (!customer?.customerInfo || prefilled.current) return;
    prefilled.current = true;
    setInfo((i) => prefillFromCustomer(i, customer.customerInfo));
  }, [customer]);
  const form = cfg.data?.config.forms.memberships;
  if (!form) return <Spinner />;
  const set = (k: keyof CartCustomerInfo, v: unknown) => setInfo((i) => ({ ...i, [k]: v }));
  const issueOf = (k: string) => issues?.find((i) => i.field === k);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // terms were accepted on the first step
    const found = validateCustomerInfo({ ...info, termsConfirmed: true }, form);
    setIssues(found);
    dispatch(purchaseActions.customerInfoSet(info));
    if (!found.length) onNext();
    else requestAnimationFrame(() => document.getElementById(`ci-${found[0]!.field}`)?.focus());
  };
  return (
    <form className={styles.flow} onSubmit={submit} noValidate aria-label={t('purchase.steps.customer')}>
      {customer?.customerInfo && (
        <p data-testid="signed-in-as">{t('customer.signedInAs', { name: `${customer.customerInfo.FirstName} ${customer.customerInfo.LastName}` })}</p>
      )}
      {issues && issues.length > 0 && <p role="alert" className="tx-error">{t('customer.errorsSummary', { count: issues.length })}</p>}
      <div className={styles.grid}>
        {TEXT_FIELDS.filter((k) => form.fields[k].isIncluded).map((k) => {
          const issue = issueOf(k);
          return (
            <Field key={k} id={`ci-${k}`} label={`${t(`customer.fields.${k}`)}${form.fields[k].isRequired ? ' *' : ''}`} type={INPUT_TYPE[k] ?? 'text'}
              value={String(info[k] ?? '')} onChange={(e) => set(k, e.target.value)} required={form.fields[k].isRequired}
              error={issue ? { key: issue.key, values: issue.values } : undefined} />
          );
        })}
      </div>
      {form.fields.isMailingAllowed.isIncluded && (
        <div className="tx-check">
          <input id="ci-isMailingAllowed" type="checkbox" checked={info.isMailingAllowed ?? form.isMailingAllowedDefault} onChange={(e) => set('isMailingAllowed', e.target.checked)} />
          <label htmlFor="ci-isMailingAllowed">{t('customer.fields.isMailingAllowed')}</label>
        </div>
      )}
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('purchase.back')}</button>
        <button type="submit" className="tx-btn">{t('purchase.continue')}</button>
      </div>
    </form>
  );
}

const newKey = () => `mship-${crypto.randomUUID()}`;

/** The api prices the cart (quote), the hosted page of an active provider takes the card, then the idempotent commit. */
export function PaymentStep({ body, onBack, onDone }: { body: MembershipOrderBody; onBack: () => void; onDone: () => void }) {
  const dispatch = useDispatch<MembershipsDispatch>();
  const errorText = useErrorText();
  const key = useSelector((s: MembershipsState) => s.purchase.idempotencyKey);
  const [quote] = useQuoteMutation();
  const [order] = useOrderMutation();
  return (
    <HostedPayStep
      totalTestId="membership-total" onBack={onBack} errorText={errorText}
      price={async () => { const q = await quote(body).unwrap(); return { total: q.total, lines: q.lines }; }}
      onOpen={() => { if (!key) dispatch(purchaseActions.checkoutStarted(newKey())); }}
      commit={async (paymentIdentifier) => {
        const res = await order({ body: { ...body, paymentIdentifier }, key: key ?? newKey() }).unwrap();
        dispatch(purchaseActions.committed(res));
        publish('order:committed', { reservationIdentifier: res.orderIdentifier, kind: 'memberships' });
        onDone();
      }}
    />
  );
}

export function Confirmation({ result, mobileNumber, onAnother }: { result: MembershipOrderResponse; mobileNumber?: string; onAnother: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = currentLocale();
  // The membership belongs to the customer of the mobile number given: already signed in as that customer, there is
  // nothing to sign in to (the old text asked them to sign in anyway)
  const { data: customer } = useCurrentCustomerQuery(undefined, { refetchOnMountOrArgChange: true });
  const signedInOwner = !!customer?.customerInfo && !!mobileNumber
    && rules.normalizeMobile(customer.customerInfo.MobileNumber1) === rules.normalizeMobile(mobileNumber);
  return (
    <div className={styles.flow} data-testid="membership-confirmation">
      <p role="status">{t('done.thanks', { id: result.orderIdentifier })}</p>
      <ul>
        {result.members.map((m) => (
          <li key={m.memberNumber}>{t(`done.${m.kind}`, { name: m.name, number: m.memberNumber, until: formatDayMonthYear(m.endDate), balance: m.balance })}</li>
        ))}
      </ul>
      <p>{t('done.total', { total: formatMoney(result.total, locale) })}{result.seats ? ` · ${t('done.seats', { count: result.seats })}` : ''}</p>
      <p data-testid="membership-use-it">{signedInOwner ? t('done.useItSignedIn') : t('done.useIt')}</p>
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={onAnother}>{t('done.another')}</button>
        <a className="tx-btn" href="/order">{t('done.book')}</a>
      </div>
    </div>
  );
}
