import { useCallback, useEffect, useRef, useState } from 'react';

/** Inputs that count as the visitor being there (an iframe's own inputs are not seen: steps with one have no idle limit). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;
/** Activity moves the idle deadline at most this often (no re-render per key press). */
const RESOLUTION_MS = 5000;

/**
 * The idle deadline of an order step (GET /config limits.idleTimeMs, spec: 5 minutes without input):
 * last activity + idleTimeMs, or null when off. `touch()` counts as activity (the extend button).
 */
export function useIdleDeadline(idleTimeMs: number | undefined, enabled: boolean): { deadline: number | null; touch: () => void } {
  const [last, setLast] = useState(() => Date.now());
  const lastRef = useRef(last);
  const touch = useCallback(() => {
    lastRef.current = Date.now();
    setLast(lastRef.current);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    // Deferred: a state update inside the input event itself would re-render the step before React
    // reads the typed value, and a controlled field would lose the first character typed.
    const onActivity = () => {
      if (Date.now() - lastRef.current < RESOLUTION_MS) return;
      lastRef.current = Date.now();
      setTimeout(touch, 0);
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => { for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true }); };
  }, [enabled, touch]);
  return { deadline: enabled && idleTimeMs ? last + idleTimeMs : null, touch };
}
