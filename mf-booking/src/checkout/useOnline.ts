import { useEffect, useRef } from 'react';

/**
 * Calls `onOnline` when the browser comes back online (window 'online'), while `active`: what failed for want of a
 * connection is asked again by itself. The latest callback is called (no stale closure), and the listener goes with
 * the component.
 */
export function useOnline(active: boolean, onOnline: () => void): void {
  const latest = useRef(onOnline);
  latest.current = onOnline;
  useEffect(() => {
    if (!active || typeof window === 'undefined') return;
    const listener = () => latest.current();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, [active]);
}
