import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatMoney, Spinner, useHostedPaymentMessages } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { usePaymentFormMutation } from '../api';
import styles from '../purchase/purchase.module.css';

/** One line of the api's price: a membership price chosen, or an enrolment's tariff over its events. */
export interface PricedLine { name: string; quantity: number; amount: number; kind: 'new' | 'topUp' | 'renewal' }

export interface HostedPayStepProps {
  /** The api's total for what is being bought, and its lines when it has them (priced once per visit of the step). */
  price: () => Promise<{ total: number; lines: PricedLine[] }>;
  /** The idempotent commit with the approved payment (null when nothing is due); throws what the api refused. */
  commit: (paymentIdentifier: string | null) => Promise<void>;
  /** Called once when the step opens: the checkout attempt's idempotency key. */
  onOpen: () => void;
  errorText: (e: unknown) => string;
  onBack: () => void;
  totalTestId: string;
}

/**
 * The payment step of the membership purchase and of the enrolment: the api's total, the hosted card page
 * in an iframe (its answer read by the shared reader: api origin and our iframe only), then the commit.
 */
export function HostedPayStep({ price, commit, onOpen, errorText, onBack, totalTestId }: HostedPayStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = usePaymentFormMutation();
  const [priced, setPriced] = useState<{ total: number; lines: PricedLine[] } | null>(null);
  const total = priced?.total ?? null;
  const lines = priced?.lines ?? [];
  const [pricing, setPricing] = useState(true);
  const [frame, setFrame] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const locale = currentLocale();

  useEffect(() => {
    price().then(setPriced).catch((e) => setError(errorText(e))).finally(() => setPricing(false));
    onOpen();
    // priced once per visit of this step
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = async (paymentIdentifier: string | null) => {
    setBusy(true);
    try { await commit(paymentIdentifier); } catch (e) { setError(errorText(e)); setFrame(null); } finally { setBusy(false); }
  };

  useHostedPaymentMessages(!!frame, frameRef, (msg) => {
    if (msg.status === 'approved') void finish(msg.paymentIdentifier);
    else setError(t(`payment.${msg.status}`));
  });

  const pay = async () => {
    setError('');
    if (!total) { await finish(null); return; }
    try { setFrame((await form({ locale, total }).unwrap()).paymentFormURL); } catch (e) { setError(errorText(e)); }
  };

  return (
    <div className={styles.flow}>
      {pricing && <Spinner />}
      {/* what the total is made of, as the api priced it (the step showed the total alone) */}
      {lines.length > 0 && (
        <table className="tx-table" data-testid="payment-lines">
          <caption className="tx-visually-hidden">{t('payment.linesCaption')}</caption>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{l.kind === 'new' ? l.name : t(`payment.kind.${l.kind}`, { name: l.name })}</td>
                <td>× {l.quantity}</td>
                <td>{formatMoney(l.amount, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total !== null && <p className={styles.total} data-testid={totalTestId}>{t('payment.total', { total: formatMoney(total, locale) })}</p>}
      {error && <p role="alert" className="tx-error">{error}</p>}
      {frame && <iframe ref={frameRef} src={frame} title={t('payment.frameTitle')} className={styles.frame} data-testid="payment-frame" />}
      {busy && <Spinner />}
      {!frame && (
        <div className={styles.actions}>
          <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('purchase.back')}</button>
          <button type="button" className="tx-btn" disabled={total === null || busy} onClick={() => void pay()}>{t('payment.pay')}</button>
        </div>
      )}
    </div>
  );
}
