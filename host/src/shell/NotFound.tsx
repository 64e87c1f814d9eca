import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <section className="tx-page" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <a href="/" data-spa>{t('notFound.back')}</a>
    </section>
  );
}
