import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, ErrorNotice, rules, type RuleError } from '@ticketing/shared';
import type { CustomerInfo } from '@ticketing/shared/contracts';
import { passwordLoginFailureKey, usePasswordLoginMutation } from '../api';
import { NAMESPACE } from '../locales';
import { focusIfLost } from '../area/focus';

/** Email and password sign-in (POST /customer/login); a failure is LOGIN_FAILED whatever was wrong. */
export function PasswordLogin({ onSignedIn, onBack }: { onSignedIn: (c: CustomerInfo) => void; onBack: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: RuleError; password?: RuleError }>({});
  const [login, state] = usePasswordLoginMutation();
  // the form replaces the button that opened it: its first field takes the focus (it fell to <body>)
  useEffect(() => { document.getElementById('pw-email')?.focus(); }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { email: rules.validate(email, [rules.required, rules.email]), password: rules.validate(password, [rules.required]) };
    setErrors(next);
    if (next.email || next.password) return;
    const r = await login({ email: email.trim(), password });
    if ('data' in r && r.data) onSignedIn(r.data);
    // refused: the alert says why; the Sign in pressed was disabled during the call and gave the focus to <body>
    else focusIfLost(() => document.getElementById('pw-email'));
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="tx-card" style={{ maxInlineSize: '26rem' }} aria-labelledby="pw-title">
      <h2 id="pw-title">{t('login.passwordTitle')}</h2>
      <Field id="pw-email" label={t('login.email')} name="email" type="email" autoComplete="email" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <Field label={t('login.password')} name="password" type="password" autoComplete="current-password" dir="ltr" value={password}
        onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <button type="submit" className="tx-btn" disabled={state.isLoading}>{t('login.verify')}</button>
      {state.error && <ErrorNotice messageKey={passwordLoginFailureKey(state.error)} />}
      <p><button type="button" className="tx-btn-secondary" onClick={onBack}>{t('login.withCode')}</button></p>
    </form>
  );
}
