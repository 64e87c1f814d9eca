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
}

/** The spoken label of a seat: "Row F, seat 7, premium, Premium price group, available". */
export function seatLabel(t: T, p: SeatLabelParts): string {
  const parts = [
    p.section ? t('seatmap.seat.section', { section: p.section }) : undefined,
    t('seatmap.seat.row', { row: p.row }),
    t('seatmap.seat.seat', { seat: p.seat }),
    ...p.kinds.map((k) => t(`seatmap.kind.${k}`)),
    p.group ? t('seatmap.seat.group', { group: p.group }) : undefined,
    t(`seatmap.status.${p.status}`),
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
  });
}
