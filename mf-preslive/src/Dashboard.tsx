import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import type { StaffSessionState } from '@ticketing/shared';
import { staffApi } from './api';
import './dashboardApi';
import { LiveContext, useLiveSales } from './live';
import { UnauthorizedContext } from './lib/Loadable';
import { ByCinema } from './screens/ByCinema';
import { ByDate } from './screens/ByDate';
import { ByFilm } from './screens/ByFilm';
import { CinemaDrill, PresentationBox } from './screens/Drill';
import { FeaturesV2 } from './screens/FeaturesV2';
import { Refunds } from './screens/Refunds';
import { Reports } from './screens/Reports';
import styles from './App.module.css';
import { NAMESPACE } from './locales';

const TABS = [['/', 'nav.cinema'], ['/film', 'nav.film'], ['/date', 'nav.date'], ['/features', 'nav.features'], ['/reports', 'nav.reports'], ['/refunds', 'nav.refunds']] as const;

/**
 * The signed-in PresLive: live sales, the dashboard's tabs and reports. Its own chunk: the sign-in screen, which
 * is what a cold /PRES-live shows, does not download it (issue 12: /PRES-live's first screen).
 */
export default function Dashboard({ state, logout, expired }: {
  state: Extract<StaffSessionState, { status: 'signedIn' }>;
  logout(): void;
  expired(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch();
  const live = useLiveSales(true);
  // Leaving the dashboard (signing out, an expired session) drops its figures: a new sign-in never sees the previous user's.
  useEffect(() => () => { dispatch(staffApi.util.resetApiState()); }, [dispatch]);
  return (
    <UnauthorizedContext.Provider value={expired}>
      <LiveContext.Provider value={live}>
        <section className={`tx-page ${styles.page}`} aria-labelledby="preslive-title">
          <header className={styles.header}>
            <h1 id="preslive-title">{t('title')}</h1>
            <p className={styles.user}>{t('signedInAs', { name: `${state.user.FirstName} ${state.user.LastName}` })}</p>
            <p role="status" className={live.connected ? styles.live : styles.offline} data-testid="live-status">
              {live.connected ? t('live.on') : t('live.off')}
              {live.lastAt && <span className="tx-visually-hidden">{t('live.updated')}</span>}
            </p>
            <button type="button" className="tx-btn-secondary" onClick={logout} disabled={state.busy}>{t('logout')}</button>
          </header>
          {state.errorKey && <p role="alert" className="tx-error">{t(state.errorKey, { ns: 'common' })}</p>}
          <nav aria-label={t('nav.label')} className={styles.tabs}>
            {TABS.map(([to, key]) => (
              <NavLink key={to} to={to} end={to === '/'} className={({ isActive }) => (isActive ? styles.active : undefined)}>{t(key)}</NavLink>
            ))}
          </nav>
          <Routes>
            <Route index element={<ByCinema />} />
            <Route path="film" element={<ByFilm />} />
            <Route path="date" element={<ByDate />} />
            <Route path="features" element={<FeaturesV2 />} />
            <Route path="reports" element={<Reports />} />
            <Route path="refunds" element={<Refunds />} />
            <Route path="cinema/:date/:locationId" element={<CinemaDrill />} />
            <Route path="box/:date/:locationId/:drillBy/:id" element={<PresentationBox />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </section>
      </LiveContext.Provider>
    </UnauthorizedContext.Provider>
  );
}
