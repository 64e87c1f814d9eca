import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, rules, type RuleError, isolate } from '@ticketing/shared';
import { useGiftEmailMutation } from './api';
import { NAMESPACE } from './locales';
import { failureText } from './errors';
import styles from './vouchers.module.css';

/** The gift page of one bought voucher, e-mailed by the site (the api's e-mail provider) to whom the buyer names. */
export function GiftEmailForm({ purchaseIdentifier, reference }: { purchaseIdentifier: string; reference: string }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<RuleError | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send, sending] = useGiftEmailMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setSentTo(null);
    const found = rules.validate(to.trim(), [rules.required, rules.email]);
    setError(found);
    if (found) { document.getElementById(`${id}-to`)?.focus(); return; }
    try {
      const r = await send({ identifier: purchaseIdentifier, body: { reference, to: to.trim(), message: message.trim() || null } }).unwrap();
      setSentTo(r.to);
    } catch (err) { setProblem(failureText(t, err)); }
  };

  return (
    <form className={`${styles.mailForm} vouchers-no-print`} onSubmit={(e) => void submit(e)} noValidate aria-label={t('giftMail.formFor', { code: reference })} data-testid="gift-email-form">
      <h3>{t('giftMail.title')}</h3>
      <Field id={`${id}-to`} label={`${t('giftMail.to')} *`} type="email" dir="ltr" autoComplete="email" value={to} error={error} onChange={(e) => setTo(e.target.value)} />
      <div className="tx-field">
        <label htmlFor={`${id}-message`}>{t('giftMail.message')}</label>
        <textarea id={`${id}-message`} rows={3} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      {problem && <p role="alert" className="tx-error" data-testid="gift-email-error">{problem}</p>}
      {/* The address isolated (FSI…PDI) so it reads left to right inside a Hebrew or Arabic sentence. */}
      {sentTo && <p role="status" data-testid="gift-email-sent">{t('giftMail.sent', { to: isolate(sentTo) })}</p>}
      <p><button type="submit" className="tx-btn tx-btn-secondary" disabled={sending.isLoading}>{t('giftMail.send')}</button></p>
    </form>
  );
}
