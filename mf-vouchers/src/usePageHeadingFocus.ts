import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Frames to wait for a lazily loaded or redirected screen to render its heading. */
const MAX_FRAMES = 120;

/**
 * On every step change of the voucher and donation flows (a new address, not the first render), focus moves to
 * the new screen's heading, as in the booking flow (mf-booking useStepHeadingFocus): a screen reader announces the
 * step and the keyboard starts there, instead of on <body> where the pressed button used to be.
 */
export function usePageHeadingFocus(root: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    let frame = 0;
    let handle = 0;
    const tryFocus = () => {
      const h = root.current?.querySelector<HTMLElement>('h1');
      if (h) {
        if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
        h.focus();
        return;
      }
      if (++frame < MAX_FRAMES) handle = requestAnimationFrame(tryFocus);
    };
    handle = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(handle);
  }, [root, pathname]);
}
