import { describe, expect, it } from 'vitest';
import { SeatplanV2Response, SeatsStatusV2Response } from '@ticketing/shared';
import { parseSeatplanV2, parseSeatsStatusV2 } from '../src/contract';

const plan = () => ({
  seatplan: {
    id: 11, venueId: 1, name: 'plan-11', width: 12, height: 6, extra: 'dropped',
    stage: { x: 0, y: 0, width: 12, height: 1, label: 'Screen', kind: 'screen' },
    sections: [{
      id: 1111, name: 'Hall', isGA: false, capacity: 3, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 12, height: 4 },
      groups: [{ id: 1, name: 'Stalls', rows: [
        { name: 'A', y: 3, seats: [[1, '1', 0, 0, 1], [2, '2', 1, 0, 1]] },
        { name: 'B', y: 4, seats: [[1, '1', 0, 7, 2]] },
      ] }],
    }],
  },
});
const status = () => ({ seats: { '1111_1_3': '1,0', '1111_2_3': '1,17' }, held: ['1111_2_3'], sections: { 1111: { available: 2, capacity: 3 } }, holdExpiresAt: null });

/** The zod error of the schema's own parse (the fast path must fail the same way). */
const zodError = (fn: () => unknown) => { try { fn(); } catch (e) { return (e as Error).message; } return 'no error'; };

describe('seat map contract parsers', () => {
  it('return what the zod schemas return for valid responses', () => {
    expect(parseSeatplanV2(plan())).toEqual(SeatplanV2Response.parse(plan()));
    expect(parseSeatsStatusV2(status())).toEqual(SeatsStatusV2Response.parse(status()));
  });

  it('reject what the schemas reject, with the schemas\' errors', () => {
    const bad: Array<[string, (p: ReturnType<typeof plan>) => void]> = [
      ['a fractional x', (p) => { p.seatplan.sections[0].groups[0].rows[0].seats[0][0] = 1.5; }],
      ['a numeric seat name', (p) => { p.seatplan.sections[0].groups[0].rows[0].seats[0][1] = 1; }],
      ['a sixth item', (p) => { (p.seatplan.sections[0].groups[0].rows[1].seats[0] as unknown[]).push(0); }],
      ['a missing row name', (p) => { delete (p.seatplan.sections[0].groups[0].rows[1] as { name?: string }).name; }],
      ['a bad stage kind', (p) => { p.seatplan.stage.kind = 'pit'; }],
    ];
    for (const [what, spoil] of bad) {
      const p = plan();
      spoil(p);
      expect(() => parseSeatplanV2(p), what).toThrow();
      expect(zodError(() => parseSeatplanV2(p)), what).toBe(zodError(() => SeatplanV2Response.parse(p)));
    }
    const s = status();
    (s.seats as Record<string, unknown>)['1111_1_3'] = 1;
    expect(zodError(() => parseSeatsStatusV2(s))).toBe(zodError(() => SeatsStatusV2Response.parse(s)));
    expect(() => parseSeatsStatusV2({ ...status(), held: 'x' })).toThrow();
  });

  it('leave the response untouched', () => {
    const p = plan();
    const copy = structuredClone(p);
    parseSeatplanV2(p);
    expect(p).toEqual(copy);
  });

  it('answer frozen at the top, so a store keeping them through immer does not walk every seat to freeze it', async () => {
    const { produce } = await import('immer');
    expect(Object.isFrozen(parseSeatplanV2(plan()))).toBe(true);
    expect(Object.isFrozen(parseSeatsStatusV2(status()))).toBe(true);
    // immer stops at a frozen object: the rows inside stay as parsed (not frozen one by one)
    const answer = parseSeatplanV2(plan());
    const state = produce({ data: null as unknown }, (d) => { d.data = answer; });
    expect(state.data).toBe(answer);
    expect(Object.isFrozen(answer.seatplan.sections[0]!.groups[0]!.rows[0])).toBe(false);
  });
});
