import { useTranslation } from 'react-i18next';
import type { PaymentProviderInfo } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import styles from './payment.module.css';

/** The active providers of the configuration, default first, as the visitor may choose them. */
export function activeProviders(providers: PaymentProviderInfo[]): PaymentProviderInfo[] {
  return providers.filter((p) => p.isActive).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/**
 * Payment method choice (issue 16 §1): one radio per active provider of GET /config. Names come from
 * booking:payment.method.<id>, so a new provider needs only its translations.
 */
export function PaymentMethodChooser({ providers, value, onChange }: {
  providers: PaymentProviderInfo[]; value: string; onChange: (id: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  if (providers.length < 2) return null;
  return (
    <fieldset className={styles.methods} data-testid="payment-methods">
      <legend>{t('payment.method.legend')}</legend>
      {providers.map((p) => (
        <label key={p.id} className={`${styles.method} ${value === p.id ? styles.chosen : ''}`}>
          <input type="radio" name="payment-method" value={p.id} checked={value === p.id} onChange={() => onChange(p.id)} />
          <span className={styles.methodName}>{t(`payment.method.${p.id}`)}</span>
          <span className={styles.methodNote}>{t(`payment.method.notes.${p.kind}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
