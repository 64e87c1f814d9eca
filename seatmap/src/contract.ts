import { SeatplanV2Response, SeatsStatusV2Response } from '@ticketing/shared';

/**
 * The seat plan and seat status as the seat map receives them, parsed against the shared zod contracts
 * (`shared/src/contracts/seats.ts`, the one definition) without zod walking every seat: the arena's
 * 20,000 compact seats and 20,000-key status map cost zod far more than the map's whole first draw
 * (issue 12 item 4). The bulky parts are checked by the loops below, which accept exactly what the
 * schema accepts; zod parses everything else. Anything they reject goes to the schema's own parse, so a
 * bad response fails with zod's error, as before.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/** CompactSeat: [x, seatName, flags, sofaUnit or 0, ticketGroupId]. */
function isCompactSeat(s: unknown): boolean {
  return Array.isArray(s) && s.length === 5 && isInt(s[0]) && typeof s[1] === 'string' && isInt(s[2]) && isInt(s[3]) && isInt(s[4]);
}

/** Every row's `seats` in plan order, or null when any of them is not a list of compact seats. */
function seatLists(raw: unknown): unknown[][] | null {
  if (!isRecord(raw) || !isRecord(raw.seatplan) || !Array.isArray(raw.seatplan.sections)) return null;
  const out: unknown[][] = [];
  for (const sec of raw.seatplan.sections) {
    if (!isRecord(sec) || !Array.isArray(sec.groups)) return null;
    for (const g of sec.groups) {
      if (!isRecord(g) || !Array.isArray(g.rows)) return null;
      for (const r of g.rows) {
        if (!isRecord(r) || !Array.isArray(r.seats)) return null;
        for (const s of r.seats) if (!isCompactSeat(s)) return null;
        out.push(r.seats);
      }
    }
  }
  return out;
}

/** The plan with every row's seat list emptied (a shallow copy down to the rows; the response is left untouched). */
function withoutSeats(raw: Record<string, unknown>): unknown {
  const plan = raw.seatplan as Record<string, unknown>;
  return {
    ...raw,
    seatplan: {
      ...plan,
      sections: (plan.sections as Array<Record<string, unknown>>).map((sec) => ({
        ...sec,
        groups: (sec.groups as Array<Record<string, unknown>>).map((g) => ({
          ...g,
          rows: (g.rows as Array<Record<string, unknown>>).map((r) => ({ ...r, seats: [] })),
        })),
      })),
    },
  };
}

/**
 * The parsed answer, frozen at its top. RTK Query keeps answers in its store through immer, which walks
 * every new object to freeze it unless it is frozen already: for the arena's plan that walk cost more
 * than the map's whole first draw. Nothing changes an answer after parsing (the seat map reads it into
 * its own model), so freezing the top is enough to end the walk there.
 */
function frozen<T extends object>(answer: T): T {
  return Object.freeze(answer);
}

/** GET /seats/seatplanV2: SeatplanV2Response.parse, with the compact seats checked by a loop. */
export function parseSeatplanV2(raw: unknown): SeatplanV2Response {
  const lists = seatLists(raw);
  if (!lists) return frozen(SeatplanV2Response.parse(raw));
  const parsed = SeatplanV2Response.parse(withoutSeats(raw as Record<string, unknown>));
  let k = 0;
  for (const sec of parsed.seatplan.sections) for (const g of sec.groups) for (const r of g.rows) r.seats = lists[k++] as typeof r.seats;
  return frozen(parsed);
}

function isStringRecord(v: unknown): v is Record<string, string> {
  if (!isRecord(v)) return false;
  for (const k in v) if (typeof v[k] !== 'string') return false;
  return true;
}

/** GET /seats/seats-statusV2: SeatsStatusV2Response.parse, with the seat map (one entry per available seat) checked by a loop. */
export function parseSeatsStatusV2(raw: unknown): SeatsStatusV2Response {
  if (!isRecord(raw) || !isStringRecord(raw.seats)) return frozen(SeatsStatusV2Response.parse(raw));
  const seats = raw.seats;
  return frozen({ ...SeatsStatusV2Response.parse({ ...raw, seats: {} }), seats });
}
