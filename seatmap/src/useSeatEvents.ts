import { useEffect, useRef } from 'react';
import { SeatChangeEvent } from '@ticketing/shared';
import type { SeatCartActions } from './binding';
import type { SeatMapModel } from './model';

/**
 * Live availability: `eventsUrl` (GET /seats/events?presentationId= for booking; server-sent events, fed by LISTEN/NOTIFY in the api).
 * A seat held or sold elsewhere turns unavailable; a released one comes back. Our own hold that expired is
 * removed from the cart. After a reconnection the full status is fetched again (events may have been missed).
 */
export function useSeatEvents(presentationId: number, model: SeatMapModel | null, isOwnPending: (key: string) => boolean, resync: () => void,
  eventsUrl: string, cart: SeatCartActions) {
  const ownRef = useRef(isOwnPending);
  ownRef.current = isOwnPending;
  const resyncRef = useRef(resync);
  resyncRef.current = resync;
  useEffect(() => {
    if (!model || typeof EventSource === 'undefined') return;
    const es = new EventSource(eventsUrl);
    let opened = false;
    const onSeats = (ev: MessageEvent) => {
      let parsed: SeatChangeEvent;
      try { parsed = SeatChangeEvent.parse(JSON.parse(ev.data as string)); } catch { return; }
      if (parsed.presentationId !== presentationId) return;
      const wasMine = parsed.status === 'free'
        ? parsed.seats.filter(([s, x, y]) => {
          const i = model.indexOf(s, x, y);
          return (i >= 0 && model.selected[i]) || model.gaHeld.get(s)?.some((p) => p.x === x && p.y === y);
        }).map(([s, x, y]) => `${s}_${x}_${y}`)
        : [];
      model.applyEvent(parsed, (k) => ownRef.current(k));
      const expired = wasMine.filter((k) => !ownRef.current(k));
      if (expired.length) cart.seatsUnselected({ presentationId, keys: expired });
    };
    es.addEventListener('seats', onSeats as EventListener);
    es.onmessage = onSeats; // servers that send unnamed events
    es.onopen = () => { if (opened) resyncRef.current(); opened = true; };
    return () => es.close();
  }, [presentationId, model, eventsUrl, cart]);
}
