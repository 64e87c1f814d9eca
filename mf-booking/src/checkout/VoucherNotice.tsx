import { useTranslation } from 'react-i18next';
import { formatMoney } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { checkoutActions } from './checkoutSlice';
import { failureText } from './errors';
import { useCheckoutDispatch, useCheckoutSelector, useLocale } from './hooks';
import styles from './checkout.module.css';

/**
 * Above every order step (issue 11 §4): a voucher payment the api dropped is said once, in role=alert;
 * a voucher payment still in the order is shown with its Remove button on the steps before the
 * summary (the summary shows its own), so the visitor can always take it out.
 */
export function VoucherNotice({ onSummary }: { onSummary: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const dispatch = useCheckoutDispatch();
  const dropped = useCheckoutSelector((s) => s.checkout.voucherDropped);
  const payment = useCheckoutSelector((s) => s.checkout.voucherPayment);
  return (
    <>
      {dropped && (
        <div role="alert" className={`tx-error ${styles.voucherRow}`} data-testid="voucher-dropped">
          <p>{t('voucherNotice.dropped', { reference: dropped.reference, reason: failureText(t, { code: dropped.code, key: `errors.${dropped.code}` }) })}</p>
          <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} onClick={() => dispatch(checkoutActions.voucherDroppedSeen())}>{t('voucherNotice.dismiss')}</button>
        </div>
      )}
      {payment && !onSummary && (
        <p className={styles.voucherRow} data-testid="voucher-carried">
          {t('payment.voucher.applied', { reference: payment.systemVoucher, amount: formatMoney(payment.amount, locale) })}
          <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} onClick={() => dispatch(checkoutActions.setVoucherPayment(null))}>{t('payment.voucher.remove')}</button>
        </p>
      )}
    </>
  );
}
