import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentFailureKey, useHostedPaymentMessages } from '@ticketing/shared';
import { usePaymentFormMutation } from './api';
import { NAMESPACE } from './locales';
import { failureText } from './errors';

interface Problem { text: string; /** The card page refused (declined, 3-D Secure): paying again may work. */ retry: boolean }

/**
 * The payment step of a voucher or donation order: the active provider's hosted page in a frame, for the api's
 * total; approved → `onApproved` (the idempotent commit); cancelled, declined or refused → `alert`, which says why
 * (the ticket checkout's shared texts) with a try-again button, and takes the focus (never left on <body>).
 */
export function useHostedPayment(onApproved: (paymentIdentifier: string) => Promise<void>, testId: string) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [getForm] = usePaymentFormMutation();
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [problem, setProblemState] = useState<Problem | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const lastTotal = useRef<number | null>(null);

  // A refusal takes the focus: its try-again button when there is one, else the message itself.
  useEffect(() => {
    if (!problem) return;
    const h = requestAnimationFrame(() => (retryRef.current ?? alertRef.current)?.focus());
    return () => cancelAnimationFrame(h);
  }, [problem]);
  // The card page replaces the form that had the focus: the focus goes into the frame's place.
  useEffect(() => { if (formUrl) frameRef.current?.focus(); }, [formUrl]);

  const setProblem = (text: string | null, retry = false) => setProblemState(text ? { text, retry } : null);

  useHostedPaymentMessages(!!formUrl, frameRef, async (msg) => {
    setFormUrl(null);
    if (msg.status === 'cancelled') { setProblem(t('payment.cancelled')); return; }
    const failed = paymentFailureKey(msg.status);
    if (failed) { setProblem(t(failed), true); return; }
    try { await onApproved(msg.paymentIdentifier); } catch (err) { setProblem(failureText(t, err)); }
  });

  const open = async (total: number) => {
    lastTotal.current = total;
    setProblem(null);
    try {
      setFormUrl((await getForm({ locale: i18n.language, total }).unwrap()).paymentFormURL);
    } catch (err) { setProblem(failureText(t, err)); }
  };

  const frame = formUrl
    ? <iframe ref={frameRef} tabIndex={-1} src={formUrl} title={t('payment.frameTitle')} style={{ inlineSize: '100%', blockSize: '34rem', border: 0 }} data-testid="payment-frame" />
    : null;
  const alert = problem ? (
    <div ref={alertRef} tabIndex={-1} role="alert" className="tx-error" data-testid={testId}>
      <p>{problem.text}</p>
      {problem.retry && lastTotal.current !== null && (
        <button ref={retryRef} type="button" className="tx-btn" onClick={() => void open(lastTotal.current!)}>{t('common:actions.retry')}</button>
      )}
    </div>
  ) : null;
  return { paying: !!formUrl, frame, alert, problem: problem?.text ?? null, setProblem, open };
}
