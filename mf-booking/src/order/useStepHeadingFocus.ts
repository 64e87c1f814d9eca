import { useEffect, useRef, type RefObject } from 'react';

/** Frames to wait for a lazily loaded step to render its heading. */
const MAX_FRAMES = 120;

/**
 * On every step change (not the first render) focus moves to the new step's heading, so a screen
 * reader announces it and the keyboard starts there instead of at the top of the page (issue 14 point 7).
 */
export function useStepHeadingFocus(root: RefObject<HTMLElement | null>, step: number): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    let frame = 0;
    let handle = 0;
    const tryFocus = () => {
      const h = root.current?.querySelector<HTMLElement>('h2');
      if (h) {
        if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
        h.focus({ preventScroll: false });
        return;
      }
      if (++frame < MAX_FRAMES) handle = requestAnimationFrame(tryFocus);
    };
    handle = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(handle);
  }, [root, step]);
}
