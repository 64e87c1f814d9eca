import { useTranslation } from 'react-i18next';

/** /terms: the terms of use the checkout asks the visitor to accept (linked from the customer form). */
export function TermsPage() {
  const { t } = useTranslation('common');
  const items = t('terms.items', { returnObjects: true }) as unknown;
  return (
    <section className="tx-page" aria-labelledby="terms-title" data-testid="terms-page">
      <h1 id="terms-title">{t('terms.title')}</h1>
      <ol>{Array.isArray(items) && items.map((x, i) => <li key={i}>{String(x)}</li>)}</ol>
    </section>
  );
}
