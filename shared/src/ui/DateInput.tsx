import { useEffect, useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayMonthYear, parseDayMonthYear } from '../format/date';

interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'type'> {
  /** YYYY-MM-DD. */
  value: string;
  onChange: (date: string) => void;
  min?: string;
  max?: string;
}

/**
 * A date typed and shown as day/month/year whatever the browser's language (a native date input follows
 * the browser's locale, e.g. mm/dd/yyyy in an American Chromium). Reports a date only when it is a
 * calendar date within [min, max]; otherwise the input is marked invalid with an announced message.
 */
export function DateInput({ value, onChange, min, max, id, ...input }: DateInputProps) {
  const { t } = useTranslation('common');
  const auto = useId();
  const inputId = id ?? auto;
  const [draft, setDraft] = useState(formatDayMonthYear(value));
  useEffect(() => setDraft(formatDayMonthYear(value)), [value]);
  const parsed = parseDayMonthYear(draft);
  const error = !parsed ? 'validation.dayMonthYear' : (min && parsed < min) || (max && parsed > max) ? 'validation.dateOutOfRange' : undefined;
  return (
    <>
      <input {...input} id={inputId} type="text" inputMode="numeric" autoComplete="off" placeholder={t('validation.dayMonthYearPlaceholder')}
        size={10} value={draft} aria-invalid={!!error} aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          const iso = parseDayMonthYear(e.target.value);
          if (iso && (!min || iso >= min) && (!max || iso <= max) && iso !== value) onChange(iso);
        }} />
      {error && <span id={`${inputId}-error`} role="alert" className="tx-error">{t(error, { min: min && formatDayMonthYear(min), max: max && formatDayMonthYear(max) })}</span>}
    </>
  );
}
