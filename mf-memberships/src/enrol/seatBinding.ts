import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { apiUrl, currentLocale } from '@ticketing/shared';
import type { SeatMapBinding } from '@ticketing/seatmap';
import { useSeatplanV2Query, useSeatsStatusV2Query } from '../api';
import { useFixedStatusQuery, useLockMutation, useUnlockMutation } from './enrolApi';
import { enrolActions, FIXED } from './enrolSlice';
import type { MembershipsDispatch, MembershipsState } from '../store';

/**
 * The seat map on the enrolment contract. `fixed`: the season seat, offered where it is free in every event
 * (GET /enroll/{id}/seatplan) and held in all of them at once; otherwise one event's seats (the seats domain's
 * status), held in that event only. Holds go through PUT /enroll/{id}/lock-seat|unlock-seat.
 */
export function enrolSeatBinding(seasonId: number, fixed: boolean): SeatMapBinding {
  const keyOf = (presentationId: number) => (fixed ? FIXED : presentationId);
  return {
    usePlan: (p) => useSeatplanV2Query({ venueId: p.venueId, seatplanId: p.seatplanId, locale: currentLocale() }),
    useStatus: (p) => {
      const all = useFixedStatusQuery(seasonId, { skip: !fixed, refetchOnMountOrArgChange: true });
      const one = useSeatsStatusV2Query({ presentationId: p.id, isReserved: p.isReserved }, { skip: fixed, refetchOnMountOrArgChange: true });
      return fixed ? all : one;
    },
    useSeats: (presentationId) => useSelector((s: MembershipsState) => s.enrol.seats[keyOf(presentationId)]),
    useCartActions() {
      const dispatch = useDispatch<MembershipsDispatch>();
      return useMemo(() => ({
        seatsSelected: (a) => dispatch(enrolActions.seatsSelected({ ...a, presentationId: keyOf(a.presentationId) })),
        seatsUnselected: (a) => dispatch(enrolActions.seatsUnselected({ ...a, presentationId: keyOf(a.presentationId) })),
        seatHeld: (a) => dispatch(enrolActions.seatHeld({ ...a, presentationId: keyOf(a.presentationId) })),
        holdExpiresAt: (a) => dispatch(enrolActions.holdExpiresAt({ ...a, presentationId: keyOf(a.presentationId) })),
      }), [dispatch]);
    },
    useHoldApi() {
      const [lock] = useLockMutation();
      const [unlock] = useUnlockMutation();
      return useMemo(() => ({
        lock: (seat) => lock({ seasonId, seat, presentationIds: fixed ? undefined : [seat.PresentationId] }).unwrap(),
        unlock: (seat) => unlock({ seasonId, seat, presentationIds: fixed ? undefined : [seat.PresentationId] }).unwrap(),
        release: async () => undefined,
        bestLoading: false,
      }), [lock, unlock]);
    },
    eventsUrl: (presentationId) => apiUrl(`/seats/events?presentationId=${presentationId}`),
  };
}
