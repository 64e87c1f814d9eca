import { useEffect, useRef, type RefObject } from 'react';

/** Frames to wait for a lazily loaded screen or step to render its heading. */
const MAX_FRAMES = 120;

/**
 * When `key` changes (not on the first render) the focus moves to the first `selector` heading under `root` once it has
 * rendered: a screen reader announces the new step or screen, and the keyboard starts there instead of on <body>
 * where the pressed button was. The order's steps (h2, issue 14 point 7) and the voucher and donation screens (h1).
 */
export function useHeadingFocus(root: RefObject<HTMLElement | null>, key: unknown, selector: 'h1' | 'h2'): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    let frame = 0;
    let handle = 0;
    const tryFocus = () => {
      const h = root.current?.querySelector<HTMLElement>(selector);
      if (h) {
        if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
        h.focus();
        return;
      }
      if (++frame < MAX_FRAMES) handle = requestAnimationFrame(tryFocus);
    };
    handle = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(handle);
  }, [root, key, selector]);
}
