import { useTranslation } from 'react-i18next';

/** The translated notice shown in a remote's area when it cannot load or crashes. */
export function RemoteFallback({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <section role="alert" className="tx-fallback" data-testid={`fallback-${name}`}>
      <h2>{t('fallback.title')}</h2>
      <p>{t('fallback.body')}</p>
      <button type="button" className="tx-btn" onClick={() => location.reload()}>{t('fallback.retry')}</button>
    </section>
  );
}
