import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, csrfHeaders, customerSessionCookie, publish, subscribe } from '@ticketing/shared';
import { CustomerInfoResponse } from '@ticketing/shared/contracts';
import { takeEarlyCustomerSession } from '../earlyStart';
import styles from './shell.module.css';

/** `undefined`: signed out; `null`: signed in, the name still on its way (or none on file); else the first name. */
export type CustomerName = string | null | undefined;

/**
 * The signed-in customer's first name, from the session (a refresh call when its cookie is there) and then from
 * customer:login / customer:logout on the bus. Known to be signed in from the first render whenever the cookie is.
 * Staff pages have no customer menu (`enabled` false): no cookie read, no call.
 */
export function useCustomerName(enabled: boolean): CustomerName {
  // the early script's reading when there is one: each read of the cookie is a trip to the browser process
  const [name, setName] = useState<CustomerName>(() => (enabled && (takeEarlyCustomerSession() ?? customerSessionCookie()) ? null : undefined));
  const [hadSession] = useState(name === null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    if (hadSession) {
      void fetch(apiUrl('/customer/refresh'), { method: 'POST', credentials: 'same-origin' })
        .then(async (r) => (r.ok ? CustomerInfoResponse.parse(await r.json()).customerInfo.FirstName || null : undefined))
        .catch(() => undefined)
        .then((n) => { if (live) setName(n); });
    }
    const offIn = subscribe('customer:login', (e) => setName(e.firstName || null));
    const offOut = subscribe('customer:logout', () => setName(undefined));
    return () => { live = false; offIn(); offOut(); };
  }, [enabled, hadSession]);
  return name;
}

/**
 * The signed-in customer's link to their area (named once the name is known) and a sign-out. The header places it
 * among its tools on a wide screen and in the menu on a phone (`className`): in the phone's one header row it wrapped
 * the header onto more lines, and appearing after the refresh moved the whole page down (issue 12).
 */
export function CustomerMenu({ name, className }: { name: CustomerName; className: string }) {
  const { t } = useTranslation('common');
  if (name === undefined) return null;
  const signOut = async () => {
    await fetch(apiUrl('/customer/logout'), { method: 'POST', credentials: 'same-origin', headers: csrfHeaders('POST') });
    publish('customer:logout', {});
  };
  return (
    <div className={`${styles.customer} ${className}`}>
      <a href="/customer" data-spa>{name ? t('account.signedInAs', { name }) : t('nav.customer')}</a>
      <button type="button" className="tx-btn-secondary" onClick={() => void signOut()}>{t('account.signOut')}</button>
    </div>
  );
}
