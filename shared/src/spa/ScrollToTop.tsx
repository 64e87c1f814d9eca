import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Whether the last history change was the browser's back or forward. Not react-router's navigation type: under
 * single-spa every pushState is followed by a synthetic popstate (flagged `singleSpa`), so a link reads as POP.
 */
let browserPop = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (e) => { browserPop = !(e as PopStateEvent & { singleSpa?: boolean }).singleSpa; });
}

/**
 * A new page of a remote opens at its top: a link followed from far down a list (a screening near the end of the
 * event list) kept the list's scroll, so the order page opened on its footer. Back and forward leave the browser's
 * own restoration alone, and a change of the query alone (a date or a filter on the same page) does not move the
 * page. Links between remotes are the host's (`navigate` in host/src/bootstrap.tsx).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const back = browserPop;
    browserPop = false;
    if (!back) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
