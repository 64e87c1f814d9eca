import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** An i18n key (common namespace or namespaced "ns:key") and its options. */
  error?: { key: string; values?: Record<string, unknown> };
}

/** A labelled input whose error text is announced and tied to the input by aria-describedby. */
export function Field({ label, error, id, ...input }: FieldProps) {
  const { t } = useTranslation('common');
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className="tx-field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} {...input} />
      {error && <p id={errorId} role="alert" className="tx-field-error">{t(error.key, error.values)}</p>}
    </div>
  );
}
