import { Link, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatMoney, lazyScreen, type ApiFailure } from '@ticketing/shared';
import { withSeatmapTexts } from '@ticketing/seatmap/texts';
import { useMembershipsQuery } from './api';
import { useSeasonsQuery } from './enrol/enrolApi';
import { NAMESPACE } from './locales';

// The purchase flow (and the seat map it carries) loads only on a membership's own page: the list stays light.
// Both show the seat map: its texts (a chunk of their own, one language) are fetched beside their code (and awaited).
const Purchase = lazyScreen(() => withSeatmapTexts(import('./purchase/Purchase')).then((m) => m.Purchase));
// Enrolment (seat subscriptions) and the customer's season seats: their own chunk, loaded on their own routes.
const EnrolPage = lazyScreen(() => withSeatmapTexts(import('./enrol/Enrol')).then((m) => m.EnrolPage));
const Renew = lazyScreen(() => import('./purchase/Renew').then((m) => m.Renew));
const MyEnrolments = lazyScreen(() => import('./enrol/MyEnrolments').then((m) => m.MyEnrolments));

/**
 * The code of the screen a page opens on (`pathname` below /membership), started with the remote and awaited by its
 * first render (`firstScreen`, see lazyScreen); the list itself is in the remote's own chunk. A membership's own page
 * shows the list first: its purchase's code is started here too but not waited for (it is shown once the membership
 * has been found, by when it is usually there).
 */
export function preloadScreen(pathname: string): Promise<void> | undefined {
  const [first, second] = pathname.replace(/^\/membership\/?/, '').split('/');
  if (!first) return undefined;
  if (first === 'enroll' && second) return EnrolPage.preload();
  if (first === 'renew' && second) return Renew.preload();
  if (first === 'enrolments') return MyEnrolments.preload();
  Purchase.preload().catch(() => { /* its own load reports it */ });
  return undefined;
}

/** /membership, /membership/{code}, /membership/{code}/{priceCode}: the list; by code, the purchase of that membership. */
function MembershipList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { membershipCode, priceCode } = useParams();
  const { data, error, isLoading, refetch } = useMembershipsQuery({ locale: i18n.language, code: membershipCode });
  // the seasons are asked for beside the list but shown once the list is there: below a spinner that the list then
  // replaces, they were pushed out of view (issue 12: a layout shift of 0.30 on a phone)
  useSeasonsQuery(i18n.language, { skip: !!membershipCode });
  const locale = currentLocale();
  const one = membershipCode && data?.memberships.length === 1 ? data.memberships[0] : undefined;
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
            <p dir="auto">{m.Description}</p>
            {m.MembershipTypeId === 2 && <p>{t('list.series', { count: m.seriesSize ?? 0 })}</p>}
            <ul>
              {m.prices.filter((p) => !priceCode || p.PriceCode === priceCode).map((p) => (
                <li key={p.MembershipPriceId}>{p.Name}: <strong>{formatMoney(p.Price, locale)}</strong></li>
              ))}
            </ul>
            {!one && <Link className="tx-btn" to={`/${encodeURIComponent(m.Code)}`} aria-label={t('list.buy', { name: m.Name })}>{t('list.buyShort')}</Link>}
          </li>
        ))}
      </ul>
      {!membershipCode && !isLoading && <Seasons />}
      {one && <Purchase key={one.MembershipId} membership={one} priceCode={priceCode} />}
    </section>
  );
}

/** Seasons open for enrolment (seat subscriptions), each linking to its enrolment page. */
function Seasons() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { data } = useSeasonsQuery(i18n.language);
  if (!data?.seasons.length) return null;
  return (
    <section aria-labelledby="seasons-title" style={{ marginBlockStart: '1.5rem' }}>
      <h2 id="seasons-title">{t('enrol.seasonsTitle')}</h2>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
        {data.seasons.map((s) => (
          <li key={s.SeasonId} className="tx-card">
            <h3>{s.Name}</h3>
            <p><bdi>{s.Description}</bdi> · <bdi>{s.VenueName}</bdi></p>
            <Link className="tx-btn" to={`/enroll/${s.SeasonId}`} aria-label={t('enrol.enrolIn', { name: s.Name })}>{t('enrol.enrolShort')}</Link>
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
      <Route path="/enroll/:seasonId" element={<EnrolPage />} />
      <Route path="/renew/:memberNumber" element={<Renew />} />
      <Route path="/enrolments" element={<MyEnrolments />} />
      <Route path="/:membershipCode" element={<MembershipList />} />
      <Route path="/:membershipCode/:priceCode" element={<MembershipList />} />
    </Routes>
  );
}
