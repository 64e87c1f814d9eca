import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import { useBlikCancelMutation, useBlikCodeMutation, useBlikStatusMutation } from '../../api/paymentsApi';
import styles from './payment.module.css';

export const BLIK_POLL_MS = 1000;
export type BlikOutcome = 'rejected' | 'timeout' | 'cancelled';

/** The key of a Blik error shown under the code field (a new code may be typed). */
function codeErrorKey(e: unknown): string {
  const code = (e as Partial<ApiFailure> | undefined)?.code;
  if (code === 'BLIK_CODE_INVALID' || code === 'BLIK_CODE_EXPIRED') return `payment.blik.errors.${code}`;
  if ((e as Partial<ApiFailure> | undefined)?.status === 400) return 'payment.blik.errors.format';
  return 'payment.blik.errors.provider';
}

/**
 * The Blik code flow (spec section 4): a 6-digit code, then "confirm in your bank app" while the api
 * is polled; approval hands the session to the commit, rejection, time-out or cancel end it.
 */
export function BlikPayment({ sessionId, onApproved, onEnded }: {
  sessionId: string; onApproved: (paymentIdentifier: string) => void; onEnded: (outcome: BlikOutcome) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [sendCode, sending] = useBlikCodeMutation();
  const [poll] = useBlikStatusMutation();
  const [cancel] = useBlikCancelMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void poll({ sessionId }).unwrap().then((s) => {
        if (done.current) return;
        if (s.status === 'approved') { done.current = true; onApproved(s.sessionId); }
        else if (s.status === 'declined') { done.current = true; onEnded('rejected'); }
        else if (s.status === 'expired') { done.current = true; onEnded('timeout'); }
        else if (s.status === 'cancelled') { done.current = true; onEnded('cancelled'); }
      }).catch(() => undefined); // a lost poll is retried on the next tick
    }, BLIK_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, sessionId, poll, onApproved, onEnded]);

  const giveUp = () => {
    done.current = true;
    void cancel({ sessionId }).unwrap().catch(() => undefined).finally(() => onEnded('cancelled'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) { setError('payment.blik.errors.format'); return; }
    setError(null);
    try {
      await sendCode({ sessionId, code }).unwrap();
      setWaiting(true);
    } catch (err) {
      setError(codeErrorKey(err));
      inputRef.current?.focus();
    }
  };

  if (waiting) {
    return (
      <div className={styles.blik} data-testid="blik-waiting">
        <div role="status" aria-live="polite" className={styles.waiting}>
          <Spinner />
          <p>{t('payment.blik.waiting')}</p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="tx-btn tx-btn-secondary" onClick={giveUp}>{t('payment.blik.cancel')}</button>
        </div>
      </div>
    );
  }
  return (
    <form className={styles.blik} onSubmit={(e) => void submit(e)} noValidate data-testid="blik-form">
      <div className="tx-field">
        <label htmlFor="blik-code">{t('payment.blik.code')}</label>
        <input
          ref={inputRef} id="blik-code" className={styles.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
          value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'blik-error' : 'blik-hint'}
        />
        <p id="blik-hint" className={styles.hint}>{t('payment.blik.hint')}</p>
        {error && <p id="blik-error" role="alert" className="tx-error" data-testid="blik-error">{t(error)}</p>}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="tx-btn" disabled={sending.isLoading}>{t('payment.blik.submit')}</button>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={giveUp}>{t('payment.blik.cancel')}</button>
      </div>
    </form>
  );
}
