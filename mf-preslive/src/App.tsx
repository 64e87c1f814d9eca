import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner, StaffLoginForm, useStaffSession } from '@ticketing/shared';
import { staffApi } from './api';
import { LiveContext, useLiveSales } from './live';
import { UnauthorizedContext } from './lib/Loadable';
import { ByCinema } from './screens/ByCinema';
import { ByDate } from './screens/ByDate';
import { ByFilm } from './screens/ByFilm';
import { CinemaDrill, PresentationBox } from './screens/Drill';
import { FeaturesV2 } from './screens/FeaturesV2';
import { Reports } from './screens/Reports';
import styles from './App.module.css';
import { NAMESPACE } from './locales';

const TABS = [['/', 'nav.cinema'], ['/film', 'nav.film'], ['/date', 'nav.date'], ['/features', 'nav.features'], ['/reports', 'nav.reports']] as const;

/** PresLive (/PRES-live): staff sign-in, then the live dashboard and reports. */
export function App() {
  const { t } = useTranslation(NAMESPACE);
  const { state, login, logout, expired } = useStaffSession();
  const dispatch = useDispatch();
  const signedIn = state.status === 'signedIn';
  const live = useLiveSales(signedIn);
  // A new sign-in never sees the previous user's cached figures.
  useEffect(() => { if (!signedIn) dispatch(staffApi.util.resetApiState()); }, [signedIn, dispatch]);

  if (state.status === 'loading') return <section className="tx-page"><Spinner /></section>;
  if (state.status === 'anonymous') {
    return <section className="tx-page"><StaffLoginForm onSubmit={(c) => void login(c)} busy={state.busy} errorKey={state.errorKey} /></section>;
  }
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
            <button type="button" className="tx-btn-secondary" onClick={() => void logout()} disabled={state.busy}>{t('logout')}</button>
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
            <Route path="cinema/:date/:locationId" element={<CinemaDrill />} />
            <Route path="box/:date/:locationId/:drillBy/:id" element={<PresentationBox />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </section>
      </LiveContext.Provider>
    </UnauthorizedContext.Provider>
  );
}
