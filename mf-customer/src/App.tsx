import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { customerSessionCookie, publish, Spinner, subscribe } from '@ticketing/shared';
import type { CustomerInfo } from '@ticketing/shared/contracts';
import { customerApi, useRefreshMutation } from './api';
import { MobileLogin } from './login/MobileLogin';
import { Area } from './area/Area';
import { OfferPage } from './OfferPage';
import { focusIfLost } from './area/focus';

/** `returnTo` of /customer?returnTo=…: a path on this site only (never another origin). */
export function safeReturnTo(search: string): string | null {
  const v = new URLSearchParams(search).get('returnTo');
  return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') ? v : null;
}

/** /customer: the sign-in while nobody is signed in, the customer area after (or back to checkout). */
function CustomerPage() {
  const returnTo = safeReturnTo(window.location.search);
  // without the session's readable cookie nobody is signed in: the sign-in at once, no refused refresh call
  const [check] = useState(customerSessionCookie);
  const [customer, setCustomer] = useState<CustomerInfo | null | undefined>(check ? undefined : null);
  // signed in by this page's form just now (not a session found on load): the area's heading takes the focus
  const [signedInHere, setSignedInHere] = useState(false);
  const [refresh] = useRefreshMutation();
  // the sign-in's options asked for beside the session check, not after it: the form waits for them (its identifier
  // choice above the field), so the page's text comes at once and nothing in it moves
  const prefetchLoginOptions = customerApi.usePrefetch('loginOptions');
  useEffect(() => prefetchLoginOptions(), [prefetchLoginOptions]);
  useEffect(() => {
    let live = true;
    if (check) void refresh().then((r) => { if (live) setCustomer('data' in r && r.data ? r.data : null); });
    const off = subscribe('customer:logout', () => {
      setCustomer(null);
      setSignedInHere(false);
      // the page's sign-out button went with the area: the sign-in's heading (a header's button keeps its focus)
      focusIfLost(() => document.getElementById('login-title'));
    });
    return () => { live = false; off(); };
  }, [refresh, check]);

  // the customer's membership names come in the page's language: asked again when the header switches it
  const { i18n } = useTranslation();
  const shownIn = useRef(i18n.language);
  const signedIn = !!customer;
  useEffect(() => {
    if (shownIn.current === i18n.language) return;
    shownIn.current = i18n.language;
    if (!signedIn) return;
    let live = true;
    void refresh().then((r) => { if (live && 'data' in r && r.data) setCustomer(r.data); });
    return () => { live = false; };
  }, [i18n.language, signedIn, refresh]);

  if (customer === undefined) return <Spinner />;
  if (!customer) {
    return (
      <MobileLogin checkout={!!returnTo} onSignedIn={(c) => {
        publish('customer:login', { customerId: c.CustomerId, firstName: c.FirstName });
        // Signed in from checkout: back to the order (single-spa reroutes on pushState, no page load), which prefills from the session.
        if (returnTo) window.history.pushState(null, '', returnTo);
        else { setSignedInHere(true); setCustomer(c); }
      }} />
    );
  }
  return (
    <Area customer={customer} focusHeading={signedInHere} onSignedOut={() => publish('customer:logout', {})}
      onAreaChanged={() => void refresh().then((r) => { if ('data' in r && r.data) setCustomer(r.data); })} />
  );
}

export function App() {
  return (
    <Routes>
      <Route path="offer/:uuid" element={<OfferPage />} />
      <Route path="*" element={<CustomerPage />} />
    </Routes>
  );
}
