import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig, readSession, setLocale, subscribe } from '@ticketing/shared';
import styles from './shell.module.css';

const PUBLIC_LINKS = [['/order', 'nav.order'], ['/vod', 'nav.vod'], ['/membership', 'nav.membership'], ['/vouchers', 'nav.vouchers'], ['/customer', 'nav.customer']] as const;
const STAFF_LINKS = [['/PRES-live', 'nav.staff'], ['/PRES-live/ticket-ref', 'nav.ticketRef']] as const;

function useCartCount() {
  const [count, setCount] = useState<number>(() => readSession<number>('cartCount') ?? 0);
  useEffect(() => {
    const offChanged = subscribe('cart:changed', (e) => setCount(e.itemCount));
    const offCleared = subscribe('cart:cleared', () => setCount(0));
    return () => { offChanged(); offCleared(); };
  }, []);
  return count;
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const change = async (lng: string) => {
    await setLocale(lng);
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) { url.searchParams.set('lang', lng); history.replaceState(history.state, '', url); }
  };
  return (
    <label className={styles.lang}>
      <span className="tx-visually-hidden">{t('lang.label')}</span>
      <select aria-label={t('lang.label')} value={i18n.language} onChange={(e) => void change(e.target.value)} data-testid="lang-switch">
        {getRuntimeConfig().enabledLocales.map((l) => <option key={l} value={l} lang={l}>{t(`lang.${l}`)}</option>)}
      </select>
    </label>
  );
}

export function Header({ staff }: { staff: boolean }) {
  const { t } = useTranslation('common');
  const count = useCartCount();
  const links = staff ? STAFF_LINKS : PUBLIC_LINKS;
  return (
    <header className={styles.header}>
      <a className="tx-visually-hidden" href="#main">{t('app.skipToContent')}</a>
      <a href="/" data-spa className={styles.brand}>{t('app.title')}</a>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        {links.map(([href, key]) => <a key={href} href={href} data-spa aria-current={location.pathname.startsWith(href) ? 'page' : undefined}>{t(key)}</a>)}
      </nav>
      {!staff && (
        <a href="/order" data-spa className={styles.cart} data-testid="cart-badge" aria-label={t('cart.badge', { count })}>
          <span aria-hidden="true">🎟</span> <span>{count}</span>
        </a>
      )}
      <LanguageSwitch />
    </header>
  );
}
