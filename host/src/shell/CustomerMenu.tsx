import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, publish, readCookie, subscribe } from '@ticketing/shared';
import { CustomerInfoResponse } from '@ticketing/shared/contracts';
import styles from './shell.module.css';

/** The readable half of the customer session (the session cookie itself is httpOnly): present only when signed in. */
const CSRF_COOKIE = 'tx_customer_csrf';

/** Header: the signed-in customer's name and a sign-out; follows customer:login / customer:logout on the bus. */
export function CustomerMenu() {
  const { t } = useTranslation('common');
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (readCookie(CSRF_COOKIE)) {
      void fetch(apiUrl('/customer/refresh'), { method: 'POST', credentials: 'same-origin' })
        .then(async (r) => (r.ok ? CustomerInfoResponse.parse(await r.json()).customerInfo.FirstName : null))
        .catch(() => null)
        .then((n) => { if (live) setName(n); });
    }
    const offIn = subscribe('customer:login', (e) => setName(e.firstName ?? ''));
    const offOut = subscribe('customer:logout', () => setName(null));
    return () => { live = false; offIn(); offOut(); };
  }, []);
  if (name === null) return null;
  const signOut = async () => {
    const csrf = readCookie(CSRF_COOKIE) ?? '';
    await fetch(apiUrl('/customer/logout'), { method: 'POST', credentials: 'same-origin', headers: { 'x-customer-csrf': csrf } });
    publish('customer:logout', {});
  };
  return (
    <div className={styles.customer}>
      <a href="/customer" data-spa>{t('account.signedInAs', { name })}</a>
      <button type="button" className="tx-btn-secondary" onClick={() => void signOut()}>{t('account.signOut')}</button>
    </div>
  );
}
