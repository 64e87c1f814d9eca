import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field';
import { maxLength, minLength, required, validate, type RuleError } from '../validation/rules';

export interface StaffCredentials { username: string; password: string }

/** Staff sign-in (spec section 6): username and password, validated before anything is sent. Used by both staff remotes. */
export function StaffLoginForm({ onSubmit, busy, errorKey, errorValues }: {
  onSubmit: (c: StaffCredentials) => void; busy?: boolean; errorKey?: string; errorValues?: Record<string, number>;
}) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState<StaffCredentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof StaffCredentials, RuleError>>>({});
  const form = useRef<HTMLFormElement>(null);
  // After a refusal the keyboard stays in the form: the Sign in button, disabled while the api answered, had dropped
  // the focus to the page's body. It goes to the password, selected to be typed again, unless it is already in a field.
  useEffect(() => {
    if (busy || !errorKey) return;
    const active = document.activeElement;
    if (active && active !== document.body && form.current?.contains(active) && !(active as HTMLButtonElement).disabled) return;
    const password = form.current?.querySelector<HTMLInputElement>('input[type="password"]');
    password?.focus();
    password?.select();
  }, [busy, errorKey]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username: validate(values.username, [required, minLength(3), maxLength(50)]),
      password: validate(values.password, [required, minLength(6), maxLength(100)]),
    };
    setErrors(next);
    if (!next.username && !next.password) onSubmit({ username: values.username.trim(), password: values.password });
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="tx-card" style={{ maxInlineSize: '24rem', marginInline: 'auto' }} aria-labelledby="staff-login-title">
      <h1 id="staff-login-title">{t('staffLogin.title')}</h1>
      <Field label={t('staffLogin.username')} name="username" autoComplete="username" value={values.username} error={errors.username}
        onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))} />
      <Field label={t('staffLogin.password')} name="password" type="password" autoComplete="current-password" value={values.password} error={errors.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
      {errorKey && <p role="alert" className="tx-error">{t(errorKey, errorValues)}</p>}
      <button type="submit" className="tx-btn" disabled={busy}>{t('staffLogin.submit')}</button>
    </form>
  );
}
