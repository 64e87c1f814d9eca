import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@ticketing/shared';
import styles from './DateRange.module.css';
import { NAMESPACE } from '../locales';

/** Two dates typed day/month/year (Asia/Jerusalem business days); the end never precedes the start. */
export function DateRange({ startDate, endDate, onChange, legend }: {
  startDate: string; endDate: string; onChange: (r: { startDate: string; endDate: string }) => void; legend?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  return (
    <fieldset className={styles.range}>
      <legend>{legend ?? t('range.legend')}</legend>
      <label htmlFor={`${id}-s`}>{t('range.start')}</label>
      <DateInput id={`${id}-s`} value={startDate} required onChange={(d) => onChange({ startDate: d, endDate: d > endDate ? d : endDate })} />
      <label htmlFor={`${id}-e`}>{t('range.end')}</label>
      <DateInput id={`${id}-e`} value={endDate} required onChange={(d) => onChange({ startDate: d < startDate ? d : startDate, endDate: d })} />
    </fieldset>
  );
}
