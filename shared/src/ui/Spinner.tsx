import { useTranslation } from 'react-i18next';

/**
 * The space around the wheel is the box's padding, not the wheel's margin: a margin collapsed through the page's
 * `main` when the spinner was its first content, moving the whole page area down while it showed (issue 12).
 */
export function Spinner() {
  const { t } = useTranslation('common');
  return (
    <div className="tx-spinner-box" role="status" aria-live="polite">
      <div className="tx-spinner" />
      <span className="tx-visually-hidden">{t('actions.loading')}</span>
    </div>
  );
}

export function ErrorNotice({ messageKey, onRetry }: { messageKey: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="tx-error">
      <p>{t(messageKey)}</p>
      {onRetry && <button type="button" className="tx-btn" onClick={onRetry}>{t('actions.retry')}</button>}
    </div>
  );
}
