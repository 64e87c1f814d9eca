import { createPortal } from 'react-dom';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Toasts, getRuntimeConfig } from '@ticketing/shared';
import { isStaffPath, pageKind, titleKeyFor } from '../routes';
import { Header } from './Header';
import { Footer } from './Footer';
import { IndexPage } from './IndexPage';
import { NotFound } from './NotFound';
import { TermsPage } from './TermsPage';

function subscribeLocation(cb: () => void) {
  window.addEventListener('single-spa:routing-event', cb);
  window.addEventListener('popstate', cb);
  return () => { window.removeEventListener('single-spa:routing-event', cb); window.removeEventListener('popstate', cb); };
}
const href = () => location.href;

export function Shell({ registryFailed, versions = [] }: { registryFailed: boolean; versions?: { name: string; version: string }[] }) {
  const { t } = useTranslation('common');
  const current = new URL(useSyncExternalStore(subscribeLocation, href));
  const kind = pageKind(current.pathname, current.searchParams.get('lang'), getRuntimeConfig().enabledLocales);
  const isStaff = isStaffPath(current.pathname);
  // Every page names its screen and the site, in the visitor's language (WCAG 2.4.2).
  const title = `${t(titleKeyFor(current.pathname, kind))} · ${t('app.title')}`;
  useEffect(() => { document.title = title; }, [title]);
  const header = document.getElementById('shell-header');
  const page = document.getElementById('shell-page');
  const footer = document.getElementById('shell-footer');
  return (
    <>
      {header && createPortal(<Header staff={isStaff} />, header)}
      {page && createPortal(
        <>
          {registryFailed && <p role="alert" className="tx-fallback" data-testid="registry-notice">{t('registry.unavailable')}</p>}
          {kind === 'index' && <IndexPage />}
          {kind === 'terms' && <TermsPage />}
          {kind === 'notFound' && <NotFound />}
        </>,
        page,
      )}
      {footer && createPortal(<Footer versions={versions} />, footer)}
      <Toasts />
    </>
  );
}
