import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type VoucherPayment } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useVoucherPaymentMutation } from '../api/checkoutApi';
import { failureText } from './errors';
import { useLocale } from './hooks';
import styles from './checkout.module.css';

/**
 * The voucher-payment dialog (spec section 2; `GET /payment/voucher`): the voucher pays the lesser
 * of the order total and its balance; zero balance says so; one voucher payment at a time (a new
 * one replaces the previous); the rest is paid by card.
 */
export function VoucherDialog({ total, onApply, onClose }: { total: number; onApply: (p: VoucherPayment) => void; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fetchVoucher, { isLoading }] = useVoucherPaymentMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    opener.current = document.activeElement;
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('keydown', onKey); (opener.current as HTMLElement | null)?.focus?.(); };
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ref = reference.trim();
    if (!ref) { setError(t('common:validation.required')); inputRef.current?.focus(); return; }
    try {
      const r = await fetchVoucher({ reference: ref, total }).unwrap();
      if (r.payment.amount <= 0) { setError(t('payment.voucher.noBalance')); return; }
      onApply(r.payment);
    } catch (err) {
      setError(failureText(t, err));
      inputRef.current?.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={`tx-card ${styles.dialog}`} data-testid="voucher-dialog">
        <h3 id={titleId}>{t('payment.voucher.title')}</h3>
        <p className={styles.note}>{t('payment.voucher.intro', { total: formatMoney(total, locale) })}</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="tx-field">
            <label htmlFor="voucher-ref">{t('payment.voucher.reference')}</label>
            <input ref={inputRef} id="voucher-ref" dir="ltr" autoComplete="off" value={reference} onChange={(e) => { setReference(e.target.value); setError(null); }} aria-invalid={!!error} aria-describedby={error ? 'voucher-ref-error' : undefined} />
            {error && <p id="voucher-ref-error" role="alert" className="tx-field-error" data-testid="voucher-error">{error}</p>}
          </div>
          <div className={styles.actions}>
            <button type="button" className="tx-btn tx-btn-secondary" onClick={onClose}>{t('common:actions.cancel')}</button>
            <button type="submit" className="tx-btn" disabled={isLoading} data-testid="voucher-apply">{t('payment.voucher.apply')}</button>
          </div>
        </form>
      </div>
    </div>
  );
}
