import { useEffect, useState } from 'react';
import { customerSignInUrl } from '@ticketing/shared';
import { useSettingsQuery, useSignedInMutation } from './api';

/** Leaves this remote for another route of the site (single-spa hears pushState; the routers hear popstate). */
export function goToSite(url: string): void {
  history.pushState(null, '', url);
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/**
 * The voucher flow's auth step (spec section 2): when the configuration asks for a signed-in customer and
 * nobody is, the visitor goes to the customer sign-in and comes back to `returnTo`. 'ready' once buying may go on.
 */
export function useSignInGate(returnTo: string): 'checking' | 'ready' {
  const settings = useSettingsQuery();
  const [check] = useSignedInMutation();
  const [state, setState] = useState<'checking' | 'ready'>('checking');
  const required = settings.data?.authRequired;
  useEffect(() => {
    if (required === undefined) { if (settings.isError) setState('ready'); return; }
    if (!required) { setState('ready'); return; }
    let live = true;
    void check().then((r) => {
      if (!live) return;
      if ('data' in r && r.data) setState('ready'); else goToSite(customerSignInUrl(returnTo));
    });
    return () => { live = false; };
  }, [required, settings.isError, check, returnTo]);
  return state;
}
