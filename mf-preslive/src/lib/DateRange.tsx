import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DateRange.module.css';

/** Two date inputs (Asia/Jerusalem business days, YYYY-MM-DD); the end never precedes the start. */
export function DateRange({ startDate, endDate, onChange, legend }: {
  startDate: string; endDate: string; onChange: (r: { startDate: string; endDate: string }) => void; legend?: string;
}) {
  const { t } = useTranslation('preslive');
  const id = useId();
  return (
    <fieldset className={styles.range}>
      <legend>{legend ?? t('range.legend')}</legend>
      <label htmlFor={`${id}-s`}>{t('range.start')}</label>
      <input id={`${id}-s`} type="date" value={startDate} max={endDate} required
        onChange={(e) => e.target.value && onChange({ startDate: e.target.value, endDate: e.target.value > endDate ? e.target.value : endDate })} />
      <label htmlFor={`${id}-e`}>{t('range.end')}</label>
      <input id={`${id}-e`} type="date" value={endDate} min={startDate} required
        onChange={(e) => e.target.value && onChange({ startDate: e.target.value < startDate ? e.target.value : startDate, endDate: e.target.value })} />
    </fieldset>
  );
}
