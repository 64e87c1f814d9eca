import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig, setLocale, subscribe } from '@ticketing/shared';
import { CustomerMenu, useCustomerName } from './CustomerMenu';
import styles from './shell.module.css';

const PUBLIC_LINKS = [['/order', 'nav.order'], ['/vod', 'nav.vod'], ['/membership', 'nav.membership'], ['/vouchers', 'nav.vouchers'], ['/donations', 'nav.donations'], ['/customer', 'nav.customer']] as const;
const STAFF_LINKS = [['/PRES-live', 'nav.staff'], ['/PRES-live/ticket-ref', 'nav.ticketRef']] as const;

/**
 * The cart badge's count and where it leads: the order in progress when the remote names it, else the event list.
 * `cart:changed` is sticky, so its last count arrives at once, also after a reload.
 */
const EMPTY_CART = { count: 0, href: '/order' };
function useCart(): { count: number; href: string } {
  const [cart, setCart] = useState(EMPTY_CART);
  useEffect(() => {
    const offChanged = subscribe('cart:changed', (e) => setCart({ count: e.itemCount, href: (e.itemCount > 0 && e.href) || EMPTY_CART.href }));
    const offCleared = subscribe('cart:cleared', () => setCart(EMPTY_CART));
    return () => { offChanged(); offCleared(); };
  }, []);
  return cart;
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

/** A ticket drawn in SVG (an emoji glyph is missing from many fonts). */
function TicketIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" className={styles.icon}>
      <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Header: brand, navigation (collapsed behind a menu button on a phone), then the tools (cart, customer, language). */
export function Header({ staff }: { staff: boolean }) {
  const { t } = useTranslation('common');
  const { count, href: cartHref } = useCart();
  const links = staff ? STAFF_LINKS : PUBLIC_LINKS;
  const [menuOpen, setMenuOpen] = useState(false);
  const customer = useCustomerName(!staff);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives the focus back to its button (a disclosure's keyboard contract).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { setMenuOpen(false); toggle.current?.focus(); } };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return (
    <header className={styles.header}>
      <a className="tx-visually-hidden" href="#main">{t('app.skipToContent')}</a>
      <a href="/" data-spa className={styles.brand}>{t('app.title')}</a>
      <button type="button" ref={toggle} className={styles.menuToggle} aria-expanded={menuOpen} aria-controls="shell-nav" onClick={() => setMenuOpen((o) => !o)} data-testid="menu-toggle">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        <span className={styles.menuLabel}>{t('nav.menu')}</span>
      </button>
      {/* a link followed in the open menu (the customer's too) closes it */}
      <nav id="shell-nav" aria-label={t('nav.label')} className={styles.nav} data-open={menuOpen} onClick={(e) => { if ((e.target as Element).closest('a')) setMenuOpen(false); }}>
        {links.map(([href, key]) => <a key={href} href={href} data-spa aria-current={location.pathname.startsWith(href) ? 'page' : undefined}>{t(key)}</a>)}
        {!staff && <CustomerMenu name={customer} className={styles.inMenu} />}
      </nav>
      <div className={styles.tools}>
        {!staff && (
          <a href={cartHref} data-spa className={styles.cart} data-testid="cart-badge" aria-label={t('cart.badge', { count })}>
            <TicketIcon /> <span>{count}</span>
          </a>
        )}
        {!staff && <CustomerMenu name={customer} className={styles.inTools} />}
        <LanguageSwitch />
      </div>
    </header>
  );
}
