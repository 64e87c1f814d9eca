import { Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatMoney, type ApiFailure } from '@ticketing/shared';
import { useMembershipsQuery } from './api';
import { NAMESPACE } from './definition';

/** /membership, /membership/{code}, /membership/{code}/{priceCode}: the membership list, filtered by code. */
function MembershipList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { membershipCode, priceCode } = useParams();
  const { data, error, isLoading, refetch } = useMembershipsQuery({ locale: i18n.language, code: membershipCode });
  const locale = currentLocale();
  return (
    <section className="tx-page" aria-labelledby="memberships-title">
      <h1 id="memberships-title">{t('list.title')}</h1>
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && data.memberships.length === 0 && <p role="status">{t('list.none')}</p>}
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }} data-testid="membership-list">
        {data?.memberships.map((m) => (
          <li key={m.MembershipId} className="tx-card">
            <h2>{m.Name}</h2>
            <p>{m.Description}</p>
            {m.MembershipTypeId === 2 && <p>{t('list.series', { count: m.seriesSize ?? 0 })}</p>}
            <ul>
              {m.prices.filter((p) => !priceCode || p.PriceCode === priceCode).map((p) => (
                <li key={p.MembershipPriceId}>{p.Name}: <strong>{formatMoney(p.Price, locale)}</strong></li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/" element={<MembershipList />} />
      <Route path="/:membershipCode" element={<MembershipList />} />
      <Route path="/:membershipCode/:priceCode" element={<MembershipList />} />
    </Routes>
  );
}
