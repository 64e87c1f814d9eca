import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, ErrorNotice, type RuleError } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useCountdown } from './useCountdown';

interface Props {
  /** The number the code went to; null when the visitor identified otherwise (the number on file stays private). */
  mobile: string | null;
  /** When (Date.now()) another code may be requested. */
  resendAt: number;
  /** A new code was sent from this step (the status says so: the same text again is not read again). */
  resent: boolean;
  busy: boolean;
  errorKey?: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
}

/** The code's field: the step focuses it on arrival, and its parent after a resend or a refused code. */
export const CODE_FIELD_ID = 'login-code';

/** Step two of the SMS sign-in: the 6-digit code, a resend with a visible countdown, and a way back to the number. */
export function CodeStep({ mobile, resendAt, resent, busy, errorKey, onSubmit, onResend, onChangeNumber }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [code, setCode] = useState('');
  const [error, setError] = useState<RuleError>();
  const secs = useCountdown(resendAt);
  // The step replaces the number's form, and the focus went with it to <body>: the code typed next went nowhere and
  // Tab started again at the skip link. The field takes it; the status line below the heading says where the code went.
  useEffect(() => { document.getElementById(CODE_FIELD_ID)?.focus(); }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = code.replace(/\D/g, '');
    const problem = /^\d{6}$/.test(clean) ? undefined : { key: 'customer:login.codeInvalid' };
    setError(problem);
    if (!problem) onSubmit(clean);
  };

  return (
    <section className="tx-page" aria-labelledby="code-title">
      <h1 id="code-title">{t('login.codeTitle')}</h1>
      <p role="status">{mobile
        ? (resent ? t('login.codeResent', { mobile }) : t('login.codeSent', { mobile }))
        : (resent ? t('login.codeResentOnFile') : t('login.codeSentOnFile'))}</p>
      <form noValidate onSubmit={submit} className="tx-card" style={{ maxInlineSize: '26rem' }}>
        <Field
          id={CODE_FIELD_ID}
          label={t('login.codeLabel')}
          name="smsCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <button type="submit" className="tx-btn" disabled={busy}>{t('login.verify')}</button>
        {errorKey && <ErrorNotice messageKey={errorKey} />}
        <p>
          <button type="button" className="tx-btn-secondary" disabled={secs > 0 || busy} onClick={onResend}>
            {secs > 0 ? t('login.resendIn', { secs }) : t('login.resend')}
          </button>
        </p>
        <p>
          <button type="button" className="tx-btn-secondary" onClick={onChangeNumber}>{t('login.changeNumber')}</button>
        </p>
      </form>
    </section>
  );
}
