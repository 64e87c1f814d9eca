import { describe, expect, it } from 'vitest';
import type { SeatChangeInfo } from '@ticketing/shared';
import { modifyBlock } from '../src/seatchange/pairSeats';

const info: SeatChangeInfo = {
  reservationIdentifier: 'W1', lastTransactionId: 'tx-1', allowed: true, reason: null, until: '2030-01-01T00:00:00.000Z', exchangeWindowDays: 30,
  presentationId: 7,
  tickets: [
    { ticketIdentifier: 'W1-2', presentationId: 7, sectionId: 1, x: 5, y: 4, ticketGroupId: 11, RowName: 'B', SeatName: '5' },
    { ticketIdentifier: 'W1-1', presentationId: 7, sectionId: 1, x: 4, y: 4, ticketGroupId: 11, RowName: 'B', SeatName: '4' },
  ],
};
const seat = (x: number, y: number, tg = 11) => ({ sectionId: 1, XCoordinate: x, YCoordinate: y, TicketGroupId: tg });

describe('seat change: the cart modify block (issue 16 item 5)', () => {
  it('pairs old and new seats in seat order, one to one', () => {
    expect(modifyBlock(info, [seat(9, 6), seat(8, 6)])).toEqual({
      resId: 'W1', lastTransactionId: 'tx-1', tickets: [
        { presentationId: 7, sectionId: 1, x: 4, y: 4, newSeat: { sectionId: 1, x: 8, y: 6 } },
        { presentationId: 7, sectionId: 1, x: 5, y: 4, newSeat: { sectionId: 1, x: 9, y: 6 } },
      ],
    });
  });
  it('a current seat chosen again keeps its ticket: only the other tickets are in the block (keep seat 4, move seat 5)', () => {
    expect(modifyBlock(info, [seat(9, 6)], ['1_4_4'])).toEqual({
      resId: 'W1', lastTransactionId: 'tx-1', tickets: [{ presentationId: 7, sectionId: 1, x: 5, y: 4, newSeat: { sectionId: 1, x: 9, y: 6 } }],
    });
    // a new seat for each ticket not kept, and something to change
    expect(modifyBlock(info, [seat(9, 6), seat(8, 6)], ['1_4_4'])).toBeNull();
    expect(modifyBlock(info, [], ['1_4_4', '1_5_4'])).toBeNull();
  });
  it('is not ready with another number of seats or another price level', () => {
    expect(modifyBlock(info, [seat(8, 6)])).toBeNull();
    expect(modifyBlock(info, [seat(8, 6), seat(9, 6), seat(10, 6)])).toBeNull();
    expect(modifyBlock(info, [seat(8, 6), seat(9, 6, 12)])).toBeNull();
  });
});
