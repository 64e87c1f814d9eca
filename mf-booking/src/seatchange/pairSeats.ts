import { seatKey, type ModifyBlock, type SeatChangeInfo } from '@ticketing/shared';

export interface ChosenSeat { sectionId: number; XCoordinate: number; YCoordinate: number; TicketGroupId: number }

/**
 * The cart's modify block for a seat change: the reservation's tickets and the chosen seats, each in seat order (row,
 * then seat), paired one to one. `kept`: current seats chosen again ('section_x_y'); their tickets keep them and are
 * left out of the block (the api changes only the tickets a block names). Null until the choice fits: a new seat for
 * every other ticket, each of its ticket's price level (the api checks the same), and at least one ticket to change.
 */
export function modifyBlock(info: SeatChangeInfo, chosen: readonly ChosenSeat[], kept: readonly string[] = []): ModifyBlock | null {
  const keep = new Set(kept);
  const old = info.tickets.filter((t) => !keep.has(seatKey(t.sectionId, t.x, t.y))).sort((a, b) => a.y - b.y || a.x - b.x);
  if (chosen.length !== old.length || !old.length) return null;
  const next = [...chosen].sort((a, b) => a.YCoordinate - b.YCoordinate || a.XCoordinate - b.XCoordinate);
  if (old.some((t, i) => t.ticketGroupId !== next[i]!.TicketGroupId)) return null;
  return {
    resId: info.reservationIdentifier,
    lastTransactionId: info.lastTransactionId,
    tickets: old.map((t, i) => ({
      presentationId: t.presentationId, sectionId: t.sectionId, x: t.x, y: t.y,
      newSeat: { sectionId: next[i]!.sectionId, x: next[i]!.XCoordinate, y: next[i]!.YCoordinate },
    })),
  };
}
