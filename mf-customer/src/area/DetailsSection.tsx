import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Field, rules, type RuleError } from '@ticketing/shared';
import type { CustomerInfo } from '@ticketing/shared/contracts';
import { failureKey, useUpdateDetailsMutation } from '../api';
import { NAMESPACE } from '../locales';
import styles from './area.module.css';

type Key = 'firstName' | 'lastName' | 'mobile' | 'email' | 'city';
/** Form rules of spec section 5 for each editable field. */
const RULES: Record<Key, rules.Rule[]> = {
  firstName: [rules.required, rules.lettersOnly, rules.maxLength(60)],
  lastName: [rules.required, rules.lettersOnly, rules.maxLength(60)],
  mobile: [rules.required, rules.mobile],
  email: [rules.email, rules.maxLength(120)],
  city: [rules.maxLength(60)],
};
const LTR: Partial<Record<Key, true>> = { mobile: true, email: true };

function Edit({ c, onSaved, onCancel }: { c: CustomerInfo; onSaved: (c: CustomerInfo) => void; onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [v, setV] = useState<Record<Key, string>>({
    firstName: c.FirstName, lastName: c.LastName, mobile: c.MobileNumber1, email: c.EmailAddress1 ?? '', city: c.City ?? '',
  });
  const [mailing, setMailing] = useState(c.IsMailingAllowed);
  const [errors, setErrors] = useState<Partial<Record<Key, RuleError>>>({});
  const [save, state] = useUpdateDetailsMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = Object.fromEntries((Object.keys(RULES) as Key[]).map((k) => [k, rules.validate(v[k], RULES[k])])) as Partial<Record<Key, RuleError>>;
    setErrors(next);
    const first = (Object.keys(RULES) as Key[]).find((k) => next[k]);
    if (first) { document.getElementById(`det-${first}`)?.focus(); return; }
    const r = await save({
      firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim() || null, mobileNumber: rules.normalizeMobile(v.mobile),
      city: v.city.trim() || null, isMailingAllowed: mailing,
    });
    if ('data' in r && r.data) onSaved(r.data);
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="details-title">
      {(Object.keys(RULES) as Key[]).map((k) => (
        <Field key={k} id={`det-${k}`} label={t(`area.details.${k}`)} name={k} value={v[k]} dir={LTR[k] ? 'ltr' : undefined}
          type={k === 'email' ? 'email' : k === 'mobile' ? 'tel' : 'text'} error={errors[k]}
          onChange={(e) => setV((cur) => ({ ...cur, [k]: e.target.value }))} />
      ))}
      <label><input type="checkbox" checked={mailing} onChange={(e) => setMailing(e.target.checked)} /> {t('area.details.mailing')}</label>
      <p>
        <button type="submit" className="tx-btn" disabled={state.isLoading}>{t('area.details.save')}</button>{' '}
        <button type="button" className="tx-btn-secondary" onClick={onCancel}>{t('area.details.cancelEdit')}</button>
      </p>
      {state.error && <ErrorNotice messageKey={failureKey(state.error)} />}
    </form>
  );
}

/** The customer's details and contact details as the cinema holds them, editable (spec 5 form rules). */
export function DetailsSection({ customer }: { customer: CustomerInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const [c, setC] = useState(customer);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const rows: Array<[string, string | null]> = [
    ['firstName', c.FirstName], ['lastName', c.LastName], ['mobile', c.MobileNumber1], ['email', c.EmailAddress1],
    ['city', c.City], ['loyaltyPoints', String(c.LoyaltyPoints)],
  ];
  return (
    <section className="tx-card" aria-labelledby="details-title">
      <h2 id="details-title">{t('area.details.title')}</h2>
      {editing ? <Edit c={c} onCancel={() => setEditing(false)} onSaved={(n) => { setC(n); setEditing(false); setSaved(true); }} /> : (
        <>
          {saved && <p role="status">{t('area.details.saved')}</p>}
          <dl className={styles.facts}>
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{t(`area.details.${k}`)}</dt>
                <dd>{v ? <bdi dir={k === 'mobile' || k === 'email' ? 'ltr' : undefined}>{v}</bdi> : t('area.details.empty')}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="tx-btn-secondary" onClick={() => { setSaved(false); setEditing(true); }}>{t('area.details.edit')}</button>
        </>
      )}
    </section>
  );
}
