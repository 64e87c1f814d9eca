import { useEffect, useState } from 'react';

/** Seconds left until `until` (a Date.now() value), ticking once a second; 0 when passed. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [secs, setSecs] = useState(left);
  useEffect(() => {
    setSecs(left());
    const id = setInterval(() => {
      const s = left();
      setSecs(s);
      if (s === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return secs;
}
