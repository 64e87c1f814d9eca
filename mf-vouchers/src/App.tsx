import { Link, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatMoney, type ApiFailure } from '@ticketing/shared';
import { useVouchersQuery } from './api';
import { NAMESPACE } from './definition';

/** /vouchers and /vouchers/{systemVoucherSuperClassId}: gift vouchers, by super class. */
function VoucherList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { superClassId } = useParams();
  const id = superClassId && /^\d+$/.test(superClassId) ? Number(superClassId) : undefined;
  const { data, error, isLoading, refetch } = useVouchersQuery({ locale: i18n.language, superClassId: id });
  const locale = currentLocale();
  return (
    <section className="tx-page" aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">{t('list.title')}</h1>
      {data && (
        <nav aria-label={t('list.classes')}>
          <Link to="/">{t('list.all')}</Link>{' '}
          {data.superClasses.map((c) => <Link key={c.id} to={`/${c.id}`} aria-current={c.id === id ? 'page' : undefined} style={{ marginInlineStart: '1rem' }}>{c.name}</Link>)}
        </nav>
      )}
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && data.vouchers.length === 0 && <p role="status">{t('list.none')}</p>}
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }} data-testid="voucher-list">
        {data?.vouchers.map((v) => (
          <li key={v.SystemVoucherId} className="tx-card">
            <h2>{v.Name}</h2>
            <p>{v.Description}</p>
            <ul>
              {v.Prices.map((p) => (
                <li key={p.SystemVoucherPriceId}>
                  {p.isOpenPrice && p.minPrice !== null && p.maxPrice !== null
                    ? t('list.openPrice', { min: formatMoney(p.minPrice, locale), max: formatMoney(p.maxPrice, locale) })
                    : formatMoney(p.Price, locale)}
                </li>
              ))}
            </ul>
            <p><small>{t('list.validity', { count: v.Dates.validityDays })}</small></p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/" element={<VoucherList />} />
      <Route path="/:superClassId" element={<VoucherList />} />
    </Routes>
  );
}
