import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostedPaymentMessages } from '@ticketing/shared';
import { usePaymentFormMutation } from './api';
import { NAMESPACE } from './locales';
import { failureText } from './errors';

/**
 * The payment step of a voucher or donation order: the active provider's hosted page in a frame, for the api's
 * total; approved → `onApproved` (the idempotent commit); cancelled, declined or refused → a message in `problem`.
 */
export function useHostedPayment(onApproved: (paymentIdentifier: string) => Promise<void>) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [getForm] = usePaymentFormMutation();
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useHostedPaymentMessages(!!formUrl, frameRef, async (msg) => {
    setFormUrl(null);
    if (msg.status !== 'approved') { setProblem(t(`payment.${msg.status === 'cancelled' ? 'cancelled' : 'declined'}`)); return; }
    try { await onApproved(msg.paymentIdentifier); } catch (err) { setProblem(failureText(t, err)); }
  });

  const open = async (total: number) => {
    try {
      setFormUrl((await getForm({ locale: i18n.language, total }).unwrap()).paymentFormURL);
    } catch (err) { setProblem(failureText(t, err)); }
  };

  const frame = formUrl
    ? <iframe ref={frameRef} src={formUrl} title={t('payment.frameTitle')} style={{ inlineSize: '100%', blockSize: '34rem', border: 0 }} data-testid="payment-frame" />
    : null;
  return { paying: !!formUrl, frame, problem, setProblem, open };
}
