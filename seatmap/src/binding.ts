import type { BestAvailableResponse, LockSeatInput, LockSeatResponse, Presentation, SeatplanV2Response, SeatsStatusV2Response } from '@ticketing/shared';

/** A seat the visitor chose, and whether its hold is confirmed (the caller's cart keeps these). */
export interface SelectedSeat {
  key: string;
  sectionId: number;
  XCoordinate: number;
  YCoordinate: number;
  RowName: string;
  SeatName: string;
  SectionName: string;
  TicketGroupId: number;
  AllocationId: number;
  isGA: boolean;
  hold: 'pending' | 'held';
  /** Shown next to the seat when the caller has assigned a ticket. */
  ticket?: { name: string } | null;
  /** One of the order's current seats chosen again (seat change): kept, never held, never in the caller's cart. */
  current?: boolean;
}

/** What the map tells the caller's cart (same payloads as the booking cart's actions). */
export interface SeatCartActions {
  seatsSelected(a: { presentationId: number; seats: SelectedSeat[] }): void;
  seatsUnselected(a: { presentationId: number; keys: string[] }): void;
  seatHeld(a: { presentationId: number; key: string; moveTo?: { key: string; x: number; y: number }; expiresAt: string }): void;
  holdExpiresAt(a: { presentationId: number; expiresAt: string | null }): void;
}

/** The slice of an RTK Query result the map reads. */
export interface QueryLike<T> { currentData?: T; error?: unknown; refetch(): unknown }

/** Hold calls; each rejects with the caller's ApiFailure. */
export interface SeatHoldApi {
  lock(seat: LockSeatInput): Promise<LockSeatResponse>;
  unlock(seat: LockSeatInput): Promise<unknown>;
  /** Releases every hold of this visit on the presentation (before best available replaces the selection). */
  release(presentationId: number): Promise<unknown>;
  /** Absent: the map shows no best-available panel. */
  bestAvailable?(a: { presentationId: number; quantity: number; accessible: boolean }): Promise<BestAvailableResponse>;
  bestLoading: boolean;
}

/**
 * The api contract and cart of the caller (booking, memberships, enrolment): which plan, which status, which
 * lock/unlock calls, where selected seats are kept. Hooks, so they are called in the same order on every render;
 * pass one stable object per kind of flow.
 */
export interface SeatMapBinding {
  usePlan(p: Presentation): QueryLike<SeatplanV2Response>;
  useStatus(p: Presentation): QueryLike<SeatsStatusV2Response>;
  useSeats(presentationId: number): SelectedSeat[] | undefined;
  useCartActions(): SeatCartActions;
  useHoldApi(): SeatHoldApi;
  /** Server-sent seat events for live availability (GET /seats/events by default). */
  eventsUrl(presentationId: number): string;
}
