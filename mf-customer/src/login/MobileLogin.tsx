import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, ErrorNotice, rules, Spinner, type RuleError } from '@ticketing/shared';
import type { CustomerInfo, LoginIdentifier } from '@ticketing/shared/contracts';
import { codeRequestFailureKey, failureKey, useLoginOptionsQuery, useSendCodeMutation, useVerifyCodeMutation } from '../api';
import { NAMESPACE } from '../locales';
import { CODE_FIELD_ID, CodeStep } from './CodeStep';
import { PasswordLogin } from './PasswordLogin';
import { focusIfLost, focusWhenShown } from '../area/focus';

/** How long the visitor waits before asking for another code (the api also limits sends per number). */
export const RESEND_AFTER_S = 60;

/** The field rules of each identifier (spec 5: mobile number, valid ID number, alphanumeric member number). */
const RULES: Record<LoginIdentifier, rules.Rule[]> = {
  mobile: [rules.required, rules.mobile],
  ssn: [rules.required, rules.israeliId],
  memberNumber: [rules.required, rules.alphanumeric, rules.maxLength(30)],
};
const BODY_KEY = { mobile: 'mobileNumber', ssn: 'ssn', memberNumber: 'memberNumber' } as const;
/** The number step's field (and the focus's place when the visitor comes back to it). */
const VALUE_FIELD_ID = 'login-value';
const codeField = () => document.getElementById(CODE_FIELD_ID);
const valueField = () => document.getElementById(VALUE_FIELD_ID);

interface Props { onSignedIn: (c: CustomerInfo) => void; checkout?: boolean }

/**
 * Sign-in: step one asks for a mobile, ID or member number (the ones the configuration offers), step two
 * for the code texted to the mobile number on file. Email and password is the alternative.
 */
export function MobileLogin({ onSignedIn, checkout }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const options = useLoginOptionsQuery();
  // a failed options call falls back to the mobile number alone (always offered) rather than blocking the sign-in
  const identifiers = options.data?.identifiers ?? ['mobile'];
  const [kind, setKind] = useState<LoginIdentifier>('mobile');
  const [value, setValue] = useState('');
  const [sentTo, setSentTo] = useState<{ kind: LoginIdentifier; value: string }>();
  const [resendAt, setResendAt] = useState(0);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<RuleError>();
  const [withPassword, setWithPassword] = useState(false);
  const [sendCode, send] = useSendCodeMutation();
  const [verifyCode, verify] = useVerifyCodeMutation();

  /** Asks for a code; `again` from the code step (its resend), else from the number's form. */
  const request = async (target: { kind: LoginIdentifier; value: string }, again = false) => {
    const r = await sendCode({ [BODY_KEY[target.kind]]: target.value, ...(checkout ? { checkout: true } : {}) });
    if ('data' in r) {
      setSentTo(target);
      setResendAt(Date.now() + RESEND_AFTER_S * 1000);
      setResent(again);
      verify.reset();
      // the resend button is disabled for its countdown (Chromium moved the focus to <body>): the new code's field
      if (again) focusWhenShown(codeField);
    } else {
      // refused: the alert says why; a pressed button disabled during the call gave the focus up
      focusIfLost(again ? codeField : valueField);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rules.validate(value, RULES[kind]);
    setError(problem);
    if (!problem) void request({ kind, value: kind === 'mobile' ? rules.normalizeMobile(value) : value.trim() });
  };

  if (sentTo) {
    return (
      <CodeStep
        mobile={sentTo.kind === 'mobile' ? sentTo.value : null}
        resendAt={resendAt}
        resent={resent}
        busy={verify.isLoading || send.isLoading}
        errorKey={verify.error ? failureKey(verify.error) : send.error ? codeRequestFailureKey(send.error) : undefined}
        onSubmit={async (smsCode) => {
          const r = await verifyCode(sentTo.kind === 'mobile' ? { smsCode, mobileNumber: sentTo.value } : { smsCode });
          if ('data' in r && r.data) onSignedIn(r.data);
          else focusIfLost(codeField); // refused: back to the code (the Sign in pressed was disabled during the check)
        }}
        // the last code check's error is stale once a new code is asked for: it hid a refused resend's own text
        onResend={() => { verify.reset(); void request(sentTo, true); }}
        // the number's form comes back in place of the step: its field takes the focus the pressed button had
        onChangeNumber={() => { setSentTo(undefined); send.reset(); verify.reset(); focusWhenShown(valueField); }}
      />
    );
  }

  return (
    <section className="tx-page" aria-labelledby="login-title">
      {/* focusable from script: the page's own sign-out leaves the focus here (its button went with the area) */}
      <h1 id="login-title" tabIndex={-1}>{t('login.title')}</h1>
      {withPassword ? <PasswordLogin onSignedIn={onSignedIn} onBack={() => { setWithPassword(false); focusWhenShown(valueField); }} /> : (
        <>
          {/* the intro names the identifier chosen below it (it said "mobile number" whatever was chosen) */}
          <p>{t(`login.intro.${kind}`)}</p>
          {/* the form once the identifiers are known: a choice appearing above the field would move it under a finger */}
          {options.isLoading ? <Spinner /> : <form noValidate onSubmit={submit} className="tx-card" style={{ maxInlineSize: '26rem' }}>
            {identifiers.length > 1 && (
              <fieldset>
                <legend>{t('login.identifierLegend')}</legend>
                {identifiers.map((k) => (
                  <label key={k} style={{ display: 'block' }}>
                    <input type="radio" name="identifier" value={k} checked={kind === k}
                      onChange={() => { setKind(k); setValue(''); setError(undefined); send.reset(); }} /> {t(`login.by.${k}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <Field
              id={VALUE_FIELD_ID}
              label={t(`login.label.${kind}`)}
              name={BODY_KEY[kind]}
              type={kind === 'mobile' ? 'tel' : 'text'}
              inputMode={kind === 'memberNumber' ? 'text' : kind === 'mobile' ? 'tel' : 'numeric'}
              autoComplete={kind === 'mobile' ? 'tel' : 'off'}
              dir="ltr"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error}
            />
            {kind !== 'mobile' && <p>{t('login.toMobileOnFile')}</p>}
            <button type="submit" className="tx-btn" disabled={send.isLoading}>{t('login.send')}</button>
            {send.error && <ErrorNotice messageKey={codeRequestFailureKey(send.error)} />}
          </form>}
          {options.data?.passwordLogin && (
            <p><button type="button" className="tx-btn-secondary" onClick={() => setWithPassword(true)}>{t('login.withPassword')}</button></p>
          )}
        </>
      )}
    </section>
  );
}
