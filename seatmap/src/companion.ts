import type { SeatMapModel } from './model';

/**
 * Companion seats (issue 16 item 3): a companion seat goes only with the wheelchair space next to it in the
 * same selection. These find the seat's partners in the model's typed arrays (same row, x ± 1).
 */
function beside(model: SeatMapModel, i: number, flag: 'handicap' | 'companion'): number[] {
  const row = model.rows[model.rowOf[i]];
  return [i - 1, i + 1].filter((j) => j >= row.start && j < row.end && Math.abs(model.x[j] - model.x[i]) === 1 && model.has(j, flag));
}

/** The free companion seat beside a wheelchair space, offered with it (undefined when there is none). */
export function companionOffer(model: SeatMapModel, i: number): number | undefined {
  if (!model.has(i, 'handicap')) return undefined;
  return beside(model, i, 'companion').find((j) => model.available[j] && !model.selected[j]);
}

/** The selected companion seats beside a wheelchair space (they go when it goes). */
export function selectedCompanionsBeside(model: SeatMapModel, i: number): number[] {
  if (!model.has(i, 'handicap')) return [];
  return beside(model, i, 'companion').filter((j) => model.selected[j]);
}
