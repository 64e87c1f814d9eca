import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { apiUrl, currentLocale } from '@ticketing/shared';
import type { SeatMapBinding } from '@ticketing/seatmap';
import { useLockSeatMutation, useSeatplanV2Query, useSeatsStatusV2Query, useUnlockSeatMutation } from '../api';
import { purchaseActions } from './purchaseSlice';
import type { MembershipsDispatch, MembershipsState } from '../store';

/**
 * The seat map on the membership contract: plan and live status from the seats domain, holds through
 * PUT /membership/lock-seat|unlock-seat (the api forwards them to the same hold statement as booking).
 * No best-available panel: a membership's seats are chosen one by one.
 */
export function membershipSeatBinding(membershipId: number): SeatMapBinding {
  return {
    usePlan: (p) => useSeatplanV2Query({ venueId: p.venueId, seatplanId: p.seatplanId, locale: currentLocale() }),
    useStatus: (p) => useSeatsStatusV2Query({ presentationId: p.id, isReserved: p.isReserved }, { refetchOnMountOrArgChange: true }),
    useSeats: (presentationId) => useSelector((s: MembershipsState) => s.purchase.seats[presentationId]),
    useCartActions() {
      const dispatch = useDispatch<MembershipsDispatch>();
      return useMemo(() => ({
        seatsSelected: (a) => dispatch(purchaseActions.seatsSelected(a)),
        seatsUnselected: (a) => dispatch(purchaseActions.seatsUnselected(a)),
        seatHeld: (a) => dispatch(purchaseActions.seatHeld(a)),
        holdExpiresAt: (a) => dispatch(purchaseActions.holdExpiresAt(a)),
      }), [dispatch]);
    },
    useHoldApi() {
      const [lock] = useLockSeatMutation();
      const [unlock] = useUnlockSeatMutation();
      return useMemo(() => ({
        lock: (seat) => lock({ membershipId, seat }).unwrap(),
        unlock: (seat) => unlock({ membershipId, seat }).unwrap(),
        release: async () => undefined,
        bestLoading: false,
      }), [lock, unlock]);
    },
    eventsUrl: (presentationId) => apiUrl(`/seats/events?presentationId=${presentationId}`),
  };
}
