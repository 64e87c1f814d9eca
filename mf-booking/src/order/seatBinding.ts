import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { apiUrl, currentLocale } from '@ticketing/shared';
import type { SeatMapBinding } from '@ticketing/seatmap';
import {
  useBestAvailableMutation, useLockSeatMutation, useReleaseHoldsMutation, useSeatplanV2Query, useSeatsStatusV2Query, useUnlockSeatMutation,
} from '../api/seatsApi';
import { cartActions } from '../cart/cartSlice';
import { selectSeats } from '../cart/cartThunks';
import type { BookingDispatch, BookingState } from '../store';

/** The seat map on booking's contract (/seats/…) and booking's cart. */
export const bookingSeatBinding: SeatMapBinding = {
  usePlan: (p) => useSeatplanV2Query({ venueId: p.venueId, seatplanId: p.seatplanId, locale: currentLocale() }),
  useStatus: (p) => useSeatsStatusV2Query({ presentationId: p.id, isReserved: p.isReserved }, { refetchOnMountOrArgChange: true }),
  useSeats: (presentationId) => useSelector((s: BookingState) => s.cart.presentations[presentationId]?.seats),
  useCartActions() {
    const dispatch = useDispatch<BookingDispatch>();
    return useMemo(() => ({
      seatsSelected: (a) => dispatch(selectSeats(a)),
      seatsUnselected: (a) => dispatch(cartActions.seatsUnselected(a)),
      seatHeld: (a) => dispatch(cartActions.seatHeld(a)),
      holdExpiresAt: (a) => dispatch(cartActions.holdExpiresAt(a)),
    }), [dispatch]);
  },
  useHoldApi() {
    const [lock] = useLockSeatMutation();
    const [unlock] = useUnlockSeatMutation();
    const [release] = useReleaseHoldsMutation();
    const [best, bestState] = useBestAvailableMutation();
    return useMemo(() => ({
      lock: (seat) => lock(seat).unwrap(),
      unlock: (seat) => unlock(seat).unwrap(),
      release: (presentationId) => release({ presentationId }).unwrap(),
      bestAvailable: (a) => best(a).unwrap(),
      bestLoading: bestState.isLoading,
    }), [lock, unlock, release, best, bestState.isLoading]);
  },
  eventsUrl: (presentationId) => apiUrl(`/seats/events?presentationId=${presentationId}`),
};
