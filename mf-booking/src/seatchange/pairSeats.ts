import type { ModifyBlock, SeatChangeInfo } from '@ticketing/shared';

export interface ChosenSeat { sectionId: number; XCoordinate: number; YCoordinate: number; TicketGroupId: number }

/**
 * The cart's modify block for a seat change: the reservation's tickets and the chosen seats, each in seat
 * order (row, then seat), paired one to one. Null until the choice fits: as many seats as tickets, each of
 * its ticket's price level (the api checks the same).
 */
export function modifyBlock(info: SeatChangeInfo, chosen: readonly ChosenSeat[]): ModifyBlock | null {
  if (chosen.length !== info.tickets.length || !chosen.length) return null;
  const old = [...info.tickets].sort((a, b) => a.y - b.y || a.x - b.x);
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
