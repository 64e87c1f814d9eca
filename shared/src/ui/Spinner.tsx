import { useTranslation } from 'react-i18next';

export function Spinner() {
  const { t } = useTranslation('common');
  return <div className="tx-spinner" role="status" aria-live="polite"><span className="tx-visually-hidden">{t('actions.loading')}</span></div>;
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
