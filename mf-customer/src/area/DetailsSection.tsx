import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Field, rules, type ApiFailure, type RuleError, isolateLtr } from '@ticketing/shared';
import type { CustomerInfo } from '@ticketing/shared/contracts';
import { failureKey, useSendMobileChangeCodeMutation, useUpdateDetailsMutation } from '../api';
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

/** Where a failed save is said: at the field it is about (a code or number refusal), else under the buttons. */
function saveFailure(e: unknown): { field?: 'mobile' | 'smsCode'; key: string } {
  const code = (e as ApiFailure).code;
  if (code === 'INVALID_SMS_CODE') return { field: 'smsCode', key: 'customer:area.details.codeWrong' };
  if (code === 'MOBILE_CHANGE_REFUSED') return { field: 'mobile', key: 'customer:area.details.mobileRefused' };
  if (code === 'MOBILE_CODE_REQUIRED') return { field: 'smsCode', key: 'customer:area.details.codeNeeded' };
  if (code === 'RATE_LIMITED') return { field: 'mobile', key: 'customer:login.tooManyCodes' };
  if (code === 'MOBILE_UPDATE_DISABLED') return { field: 'mobile', key: 'customer:area.details.mobileLocked' };
  return { key: failureKey(e) };
}

function Edit({ c, onSaved, onCancel }: { c: CustomerInfo; onSaved: (c: CustomerInfo) => void; onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [v, setV] = useState<Record<Key, string>>({
    firstName: c.FirstName, lastName: c.LastName, mobile: c.MobileNumber1, email: c.EmailAddress1 ?? '', city: c.City ?? '',
  });
  const [mailing, setMailing] = useState(c.IsMailingAllowed);
  const [errors, setErrors] = useState<Partial<Record<Key | 'smsCode', RuleError>>>({});
  // a new mobile number is saved only with the code texted to it (the number the code went to, and the code typed)
  const [codeFor, setCodeFor] = useState<string>();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string>();
  const [save, state] = useUpdateDetailsMutation();
  const [sendCode, sending] = useSendMobileChangeCodeMutation();
  const formErrorRef = useRef<HTMLDivElement>(null);
  // the form's first field on opening (focus was left on <body> when the edit button went away)
  useEffect(() => { document.getElementById('det-firstName')?.focus(); }, []);
  const focusField = (k: Key | 'smsCode') => requestAnimationFrame(() => document.getElementById(`det-${k}`)?.focus());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const next = Object.fromEntries((Object.keys(RULES) as Key[]).map((k) => [k, rules.validate(v[k], RULES[k])])) as Partial<Record<Key | 'smsCode', RuleError>>;
    const mobile = rules.normalizeMobile(v.mobile);
    const changing = !next.mobile && mobile !== c.MobileNumber1;
    if (changing && codeFor === mobile && !/^\d{6}$/.test(code.replace(/\D/g, ''))) next.smsCode = { key: 'customer:login.codeInvalid' };
    setErrors(next);
    const first = ([...Object.keys(RULES), 'smsCode'] as Array<Key | 'smsCode'>).find((k) => next[k]);
    if (first) { focusField(first); return; }
    if (changing && codeFor !== mobile) {
      // step one of a number change: the code goes to the NEW number; nothing is saved yet
      const r = await sendCode({ mobileNumber: mobile });
      if ('data' in r) { setCode(''); setCodeFor(mobile); focusField('smsCode'); } else {
        const f = saveFailure(r.error);
        setErrors({ mobile: { key: f.key } });
        focusField('mobile');
      }
      return;
    }
    const r = await save({
      firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim() || null, mobileNumber: mobile,
      city: v.city.trim() || null, isMailingAllowed: mailing, ...(changing ? { smsCode: code.replace(/\D/g, '') } : {}),
    });
    if ('data' in r && r.data) { onSaved(r.data); return; }
    const f = saveFailure('error' in r ? r.error : undefined);
    if (f.field) { setErrors({ [f.field]: { key: f.key } }); focusField(f.field); } else {
      setFormError(f.key);
      requestAnimationFrame(() => formErrorRef.current?.focus());
    }
  };
  const [resent, setResent] = useState(false);
  const resend = async () => {
    if (!codeFor) return;
    setResent(false);
    const r = await sendCode({ mobileNumber: codeFor });
    if ('data' in r) { setResent(true); setCode(''); setErrors({}); focusField('smsCode'); } else {
      setErrors({ smsCode: { key: saveFailure(r.error).key } });
      focusField('smsCode');
    }
  };
  const mobileNow = rules.normalizeMobile(v.mobile);
  const askingCode = codeFor !== undefined && codeFor === mobileNow && mobileNow !== c.MobileNumber1;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="details-title">
      {(Object.keys(RULES) as Key[]).map((k) => (
        <Fragment key={k}>
          <Field id={`det-${k}`} label={t(`area.details.${k}`)} name={k} value={v[k]} dir={LTR[k] ? 'ltr' : undefined}
            type={k === 'email' ? 'email' : k === 'mobile' ? 'tel' : 'text'} error={errors[k]}
            onChange={(e) => setV((cur) => ({ ...cur, [k]: e.target.value }))} />
          {k === 'mobile' && mobileNow !== c.MobileNumber1 && !askingCode && <p className={styles.hint}>{t('area.details.mobileHint')}</p>}
          {k === 'mobile' && askingCode && (
            <div className={styles.codeStep}>
              <p role="status">{t('area.details.codeSent', { mobile: isolateLtr(codeFor) })}</p>
              <Field id="det-smsCode" label={t('area.details.codeLabel')} name="smsCode" inputMode="numeric" autoComplete="one-time-code"
                maxLength={6} dir="ltr" value={code} error={errors.smsCode} onChange={(e) => setCode(e.target.value)} />
              <button type="button" className="tx-btn-secondary" disabled={sending.isLoading}
                onClick={() => void resend()}>{t('area.details.codeResend')}</button>
              {resent && <p role="status">{t('area.details.codeResent')}</p>}
            </div>
          )}
        </Fragment>
      ))}
      <label><input type="checkbox" checked={mailing} onChange={(e) => setMailing(e.target.checked)} /> {t('area.details.mailing')}</label>
      <p>
        <button type="submit" className="tx-btn" disabled={state.isLoading || sending.isLoading}>
          {mobileNow !== c.MobileNumber1 && !askingCode ? t('area.details.sendCode') : t('area.details.save')}
        </button>{' '}
        <button type="button" className="tx-btn-secondary" onClick={onCancel}>{t('area.details.cancelEdit')}</button>
      </p>
      {formError && <div ref={formErrorRef} tabIndex={-1}><ErrorNotice messageKey={formError} /></div>}
    </form>
  );
}

/** The customer's details and contact details as the cinema holds them, editable (spec 5 form rules). */
export function DetailsSection({ customer }: { customer: CustomerInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const [c, setC] = useState(customer);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // where focus goes when the form closes: the saved message, or the edit button after a cancel (never <body>)
  const after = useRef<'saved' | 'edit' | null>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing || !after.current) return;
    (after.current === 'saved' ? savedRef.current : editRef.current)?.focus();
    after.current = null;
  }, [editing]);
  const rows: Array<[string, string | null]> = [
    ['firstName', c.FirstName], ['lastName', c.LastName], ['mobile', c.MobileNumber1], ['email', c.EmailAddress1],
    ['city', c.City], ['loyaltyPoints', String(c.LoyaltyPoints)],
  ];
  return (
    <section className="tx-card" aria-labelledby="details-title">
      <h2 id="details-title">{t('area.details.title')}</h2>
      {editing ? (
        <Edit c={c} onCancel={() => { after.current = 'edit'; setEditing(false); }}
          onSaved={(n) => { after.current = 'saved'; setC(n); setEditing(false); setSaved(true); }} />
      ) : (
        <>
          {saved && <p role="status" ref={savedRef} tabIndex={-1}>{t('area.details.saved')}</p>}
          <dl className={styles.facts}>
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{t(`area.details.${k}`)}</dt>
                <dd>{v ? <bdi dir={k === 'mobile' || k === 'email' ? 'ltr' : undefined}>{v}</bdi> : t('area.details.empty')}</dd>
              </div>
            ))}
          </dl>
          <button type="button" ref={editRef} className="tx-btn-secondary" onClick={() => { setSaved(false); setEditing(true); }}>{t('area.details.edit')}</button>
        </>
      )}
    </section>
  );
}
