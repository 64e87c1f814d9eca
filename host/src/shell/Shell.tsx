import { createPortal } from 'react-dom';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

type Versions = { name: string; version: string }[];
/** Asks for the registry again; the versions it names once the remotes can start, else undefined. */
export type RetryRegistry = () => Promise<Versions | undefined>;

/**
 * The registry could not be read: the notice, and a Try again as a failing remote's area has (it asked for a refresh
 * and offered nothing to press). A failed try says the notice again (a new alert); the button keeps the focus.
 */
function RegistryNotice({ retry, onBack }: { retry?: RetryRegistry; onBack: (versions: Versions) => void }) {
  const { t } = useTranslation('common');
  const [tries, setTries] = useState(0);
  const busy = useRef(false);
  const again = async () => {
    if (busy.current || !retry) return;
    busy.current = true;
    const versions = await retry().catch(() => undefined);
    busy.current = false;
    if (versions) onBack(versions); else setTries((n) => n + 1);
  };
  return (
    <div className="tx-fallback">
      <p role="alert" key={tries} data-testid="registry-notice">{t('registry.unavailable')}</p>
      {retry && <button type="button" className="tx-btn" onClick={() => void again()}>{t('fallback.retry')}</button>}
    </div>
  );
}

export function Shell({ registryFailed, versions: firstVersions = [], retryRegistry }: { registryFailed: boolean; versions?: Versions; retryRegistry?: RetryRegistry }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(registryFailed);
  const [versions, setVersions] = useState(firstVersions);
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
          {failed && <RegistryNotice retry={retryRegistry} onBack={(v) => { setVersions(v); setFailed(false); }} />}
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
