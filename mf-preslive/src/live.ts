import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { apiUrl, SalesChangeEvent } from '@ticketing/shared';
import { staffApi } from './api';

export interface LiveState { connected: boolean; tick: number; lastAt: string | null }
export const LiveContext = createContext<LiveState>({ connected: false, tick: 0, lastAt: null });
export const useLive = () => useContext(LiveContext);

/**
 * Live figures: one EventSource on GET /PRES-live/events. A `sales` event (a sale committed by any
 * api process, delivered through PostgreSQL LISTEN/NOTIFY) invalidates every 'Sales' query, so open
 * screens refetch within a fraction of a second; `tick` lets non-RTK screens (v2) refetch too.
 */
export function useLiveSales(enabled: boolean): LiveState {
  const dispatch = useDispatch();
  const [state, setState] = useState<LiveState>({ connected: false, tick: 0, lastAt: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const es = new EventSource(apiUrl('/PRES-live/events'), { withCredentials: true });
    es.onopen = () => setState((s) => ({ ...s, connected: true }));
    es.onerror = () => setState((s) => ({ ...s, connected: false }));
    es.addEventListener('sales', (e) => {
      const parsed = SalesChangeEvent.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (!parsed.success) return;
      clearTimeout(timer.current);
      // Coalesce bursts (a busy box office) into one refetch.
      timer.current = setTimeout(() => {
        dispatch(staffApi.util.invalidateTags(['Sales']));
        setState((s) => ({ ...s, tick: s.tick + 1, lastAt: new Date().toISOString() }));
      }, 150);
    });
    return () => { clearTimeout(timer.current); es.close(); };
  }, [enabled, dispatch]);

  return state;
}
