import type { SeatMapModel, SeatStatusName } from './model';

export type SeatKind = 'handicap' | 'companion' | 'limitedView' | 'premium' | 'sofa';
type T = (key: string, values?: Record<string, unknown>) => string;

export function seatKinds(model: SeatMapModel, i: number): SeatKind[] {
  const kinds: SeatKind[] = [];
  if (model.has(i, 'handicap')) kinds.push('handicap');
  if (model.has(i, 'companion')) kinds.push('companion');
  if (model.has(i, 'limitedView')) kinds.push('limitedView');
  if (model.has(i, 'premium')) kinds.push('premium');
  if (model.sofa[i]) kinds.push('sofa');
  return kinds;
}

export interface SeatLabelParts {
  section?: string;
  row: string;
  seat: string;
  kinds: SeatKind[];
  /** Price group name (ticket group). */
  group?: string;
  status: SeatStatusName;
  /** One of the order's current seats (seat change). */
  current?: boolean;
}

/**
 * The label parts repeat endlessly (seat '7' of every row, 'available', the price group), and the accessible grid
 * speaks hundreds of seats after every click: each translate function remembers its answers. A new language gives
 * a new function (react-i18next), so a new memory.
 */
const memory = new WeakMap<T, Map<string, string>>();
function tr(t: T, key: string, name?: string, value?: string): string {
  let cache = memory.get(t);
  if (!cache) memory.set(t, (cache = new Map()));
  const id = name === undefined ? key : `${key}\u0000${name}\u0000${value}`;
  let text = cache.get(id);
  if (text === undefined) {
    text = name === undefined ? t(key) : t(key, { [name]: value });
    cache.set(id, text);
  }
  return text;
}

/**
 * The spoken label of a seat: "Row F, seat 7, premium, Premium price group, available"; one of the order's current
 * seats (seat change) says so after its number: "Row F, seat 7, your current seat, …, available".
 */
export function seatLabel(t: T, p: SeatLabelParts): string {
  const parts = [
    p.section ? tr(t, 'seatmap.seat.section', 'section', p.section) : undefined,
    tr(t, 'seatmap.seat.row', 'row', p.row),
    tr(t, 'seatmap.seat.seat', 'seat', p.seat),
    p.current ? tr(t, 'seatmap.seat.current') : undefined,
    ...p.kinds.map((k) => tr(t, `seatmap.kind.${k}`)),
    p.group ? tr(t, 'seatmap.seat.group', 'group', p.group) : undefined,
    tr(t, `seatmap.status.${p.status}`),
  ];
  return parts.filter(Boolean).join(', ');
}

export function modelSeatLabel(t: T, model: SeatMapModel, i: number, groupName?: (tg: number) => string | undefined, withSection = false): string {
  const row = model.rows[model.rowOf[i]];
  return seatLabel(t, {
    section: withSection ? model.sections[row.section].name : undefined,
    row: row.name,
    seat: model.seatName[i],
    kinds: seatKinds(model, i),
    group: groupName?.(model.tg[i]),
    status: model.status(i),
    current: model.isCurrent(i),
  });
}
