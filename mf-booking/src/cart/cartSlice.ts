import { createAction, createSlice, type ActionReducerMapBuilder, type PayloadAction } from '@reduxjs/toolkit';
import type { Ticket, TicketGroup } from '@ticketing/shared';
import type { SelectedSeat } from '@ticketing/seatmap';

/** Ticket block of a cart seat entry (spec section 3). Money in shekels. */
export interface TicketBlock {
  prsntId: number;
  ticketGroupId: number;
  venueId: number;
  seatplanId: number;
  sectionId: number;
  ticketId: number;
  amount: number;
  serviceCharge: number;
  pricePolicyId: number;
  allocationId: number;
  isMultiplyFactorSubTicket: boolean;
  code: string | null;
  oldPrice: number;
  selectedAddons: number[];
  /** Display name of the ticket (not sent). */
  name: string;
}

/** A selected seat (spec section 3 "cart seat entry"): the seat map's selection plus the ticket and add-on choice. */
export interface CartSeat extends Omit<SelectedSeat, 'ticket'> {
  isFirstAddonSelected: boolean;
  ticket: TicketBlock | null;
}

export interface CartPresentation {
  presentationId: number;
  venueId: number;
  seatplanId: number;
  serviceCharge: number;
  seats: CartSeat[];
  ticketGroups: TicketGroup[] | null;
  holdExpiresAt: string | null;
}

export interface CartState {
  /** Presentations in cart, by id (spec section 3 order state). */
  presentations: Record<string, CartPresentation>;
  selectedPresentationId: number | null;
  /** Order step index (0 choose seats, 1 tickets, 2 customer info, 3 products, 4 payment). */
  step: number;
  reservationIdentifier: string | null;
  ticketIdentifiers: string[];
}

/** Presentations with seats on hold for this visit (session storage), kept for a clear that happens while booking is not loaded. */
export const HELD_PRESENTATIONS_KEY = 'cart.heldPresentations';

export const initialCartState: CartState = {
  presentations: {}, selectedPresentationId: null, step: 0, reservationIdentifier: null, ticketIdentifiers: [],
};

/**
 * Spec section 4: the first ticket of a group with multiplyFactor ≤ 1, no reference prompt and,
 * for hold orders, no system voucher (a code-only ticket, the closest thing in our contract).
 */
export function firstTicketOf(group: TicketGroup | undefined, isHold: boolean): Ticket | undefined {
  return group?.tickets.find((t) => t.multiplyFactor <= 1 && !t.ref1prompt && !t.ref2prompt && !(isHold && t.isByCodeEnabled));
}

export class CartRuleError extends Error {
  constructor(readonly code: 'NOT_ENOUGH_SEATS') { super(code); }
}

function ticketBlock(p: CartPresentation, seat: CartSeat, t: Ticket): TicketBlock {
  return {
    prsntId: p.presentationId, ticketGroupId: seat.TicketGroupId, venueId: p.venueId, seatplanId: p.seatplanId,
    sectionId: seat.sectionId, ticketId: t.id, amount: t.price, serviceCharge: t.serviceCharge || p.serviceCharge,
    pricePolicyId: t.pricePolicyId, allocationId: seat.AllocationId, isMultiplyFactorSubTicket: false, code: t.code,
    oldPrice: t.oldPrice, selectedAddons: [], name: t.name,
  };
}

/**
 * Gives every seat without a ticket the first ticket of its group. Throws NOT_ENOUGH_SEATS when the
 * presentation has no selected seat (spec section 5: "selecting the first ticket throws NOT_ENOUGH_SEATS").
 */
export function assignFirstTickets(p: CartPresentation, isHold: boolean): CartPresentation {
  if (!p.seats.length) throw new CartRuleError('NOT_ENOUGH_SEATS');
  if (!p.ticketGroups) return p;
  const groups = p.ticketGroups;
  return {
    ...p,
    seats: p.seats.map((s) => {
      if (s.ticket) return s;
      const t = firstTicketOf(groups.find((g) => g.id === s.TicketGroupId), isHold);
      return t ? { ...s, ticket: ticketBlock(p, s, t) } : s;
    }),
  };
}

/**
 * The hold flag is the checkout's (persisted, so it survives a reload); the actions that assign first tickets
 * carry its value at dispatch (`cartThunks.ts` reads it with `selectIsHold`).
 */
interface WithHoldFlag { isHold: boolean }

function withTickets(state: CartState, id: string, isHold: boolean) {
  const p = state.presentations[id];
  if (p && p.seats.length && p.ticketGroups) state.presentations[id] = assignFirstTickets(p, isHold);
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Spec section 4: selecting a presentation clears the reservation identifier. */
    presentationSelected(state, a: PayloadAction<{ presentationId: number; venueId: number; seatplanId: number; serviceCharge: number }>) {
      const { presentationId } = a.payload;
      state.reservationIdentifier = null;
      state.ticketIdentifiers = [];
      if (state.selectedPresentationId !== presentationId) state.step = 0;
      state.selectedPresentationId = presentationId;
      const existing = state.presentations[presentationId];
      state.presentations[presentationId] = existing
        ? { ...existing, ...a.payload }
        : { ...a.payload, seats: [], ticketGroups: null, holdExpiresAt: null };
    },
    /** Removing a presentation unselects its seats (the holds are released by the caller). */
    presentationRemoved(state, a: PayloadAction<{ presentationId: number }>) {
      delete state.presentations[a.payload.presentationId];
      if (state.selectedPresentationId === a.payload.presentationId) { state.selectedPresentationId = null; state.step = 0; }
    },
    ticketGroupsLoaded(state, a: PayloadAction<{ presentationId: number; ticketGroups: TicketGroup[]; serviceCharge: number } & WithHoldFlag>) {
      const p = state.presentations[a.payload.presentationId];
      if (!p) return;
      p.ticketGroups = a.payload.ticketGroups;
      p.serviceCharge = a.payload.serviceCharge;
      withTickets(state, String(a.payload.presentationId), a.payload.isHold);
    },
    /** Optimistic selection (hold 'pending') or restored holds after a reload ('held'). */
    seatsSelected(state, a: PayloadAction<{ presentationId: number; seats: Array<Omit<CartSeat, 'ticket' | 'isFirstAddonSelected'>> } & WithHoldFlag>) {
      const p = state.presentations[a.payload.presentationId];
      if (!p) return;
      for (const s of a.payload.seats) {
        if (p.seats.some((x) => x.key === s.key)) continue;
        p.seats.push({ ...s, ticket: null, isFirstAddonSelected: false });
      }
      withTickets(state, String(a.payload.presentationId), a.payload.isHold);
    },
    seatsUnselected(state, a: PayloadAction<{ presentationId: number; keys: string[] }>) {
      const p = state.presentations[a.payload.presentationId];
      if (!p) return;
      const drop = new Set(a.payload.keys);
      p.seats = p.seats.filter((s) => !drop.has(s.key));
    },
    /** A lock succeeded: the hold is confirmed; for general admission the server picked the place and the selection moves to it. */
    seatHeld(state, a: PayloadAction<{ presentationId: number; key: string; moveTo?: { key: string; x: number; y: number }; expiresAt: string }>) {
      const p = state.presentations[a.payload.presentationId];
      if (!p) return;
      const s = p.seats.find((x) => x.key === a.payload.key);
      if (s) {
        s.hold = 'held';
        const m = a.payload.moveTo;
        if (m && m.key !== s.key) { s.key = m.key; s.XCoordinate = m.x; s.YCoordinate = m.y; }
      }
      p.holdExpiresAt = a.payload.expiresAt;
    },
    holdExpiresAt(state, a: PayloadAction<{ presentationId: number; expiresAt: string | null }>) {
      const p = state.presentations[a.payload.presentationId];
      if (p) p.holdExpiresAt = a.payload.expiresAt;
    },
    stepChanged(state, a: PayloadAction<number>) { state.step = a.payload; },
    reset() { return initialCartState; },
  },
  extraReducers: (b) => addCheckoutCases(b), // issue 4: see the checkout section at the end of this file
});

export const cartActions = cartSlice.actions;

/** Number of selected seats across presentations in the cart (the cart badge count). */
export function cartItemCount(state: CartState): number {
  let n = 0;
  for (const p of Object.values(state.presentations)) n += p.seats.length;
  return n;
}

// =====================================================================================
// Checkout section (issue 4, owned by the checkout work): ticket choice, commit.
// Kept apart from the seat-selection reducers above; wired in through `extraReducers`.
// =====================================================================================

/** One seat's ticket as chosen in step 1 (null = no ticket yet). Extra checkout fields ride along on the block. */
export interface SeatTicketChange { key: string; ticket: TicketBlock | null; isFirstAddonSelected?: boolean }

export const checkoutCartActions = {
  /** Sets the tickets of some seats (quantities per type, codes, coupons and their removal restoring the previous ticket). */
  seatTicketsSet: createAction<{ presentationId: number; entries: SeatTicketChange[] }>('cart/checkout/seatTicketsSet'),
  /** Spec section 4: the returned reservation and ticket identifiers are stored. */
  orderCommitted: createAction<{ reservationIdentifier: string; ticketIdentifiers: string[] }>('cart/checkout/orderCommitted'),
};

function addCheckoutCases(b: ActionReducerMapBuilder<CartState>) {
  b.addCase(checkoutCartActions.seatTicketsSet, (state, a) => {
    const p = state.presentations[a.payload.presentationId];
    if (!p) return;
    for (const e of a.payload.entries) {
      const seat = p.seats.find((s) => s.key === e.key);
      if (!seat) continue;
      seat.ticket = e.ticket;
      if (e.isFirstAddonSelected !== undefined) seat.isFirstAddonSelected = e.isFirstAddonSelected;
    }
  });
  b.addCase(checkoutCartActions.orderCommitted, (state, a) => {
    state.reservationIdentifier = a.payload.reservationIdentifier;
    state.ticketIdentifiers = a.payload.ticketIdentifiers;
  });
}
