import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, ErrorNotice, rules, type ApiFailure, type RuleError } from '@ticketing/shared';
import { useSendCodeMutation } from '../api';
import { NAMESPACE } from '../definition';

/** Step one of the SMS login: the mobile number, validated before anything is sent. */
export function MobileLogin() {
  const { t } = useTranslation(NAMESPACE);
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<RuleError>();
  const [sendCode, { isLoading, isSuccess, error: apiError }] = useSendCodeMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rules.validate(mobile, [rules.required, rules.mobile]);
    setError(problem);
    if (!problem) void sendCode({ mobileNumber: rules.normalizeMobile(mobile) });
  };

  return (
    <section className="tx-page" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p>{t('login.intro')}</p>
      <form noValidate onSubmit={submit} className="tx-card" style={{ maxInlineSize: '26rem' }}>
        <Field
          label={t('login.mobileLabel')}
          name="mobileNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          error={error}
        />
        <button type="submit" className="tx-btn" disabled={isLoading}>{t('login.send')}</button>
        {isSuccess && <p role="status">{t('login.codeSent')}</p>}
        {apiError && <ErrorNotice messageKey={(apiError as ApiFailure).key} />}
      </form>
    </section>
  );
}
