import { currentLocale } from '@ticketing/shared';
import type { SeatMapModel } from './model';
import { selectedCompanionsBeside } from './companion';

/**
 * What a tap did beyond the one seat, said beside the map: a taken seat, or the seats that went with it (the other
 * half of a sofa, held or given back with it; a wheelchair space's companion seat given back with it: the api
 * releases both). Without it the second half of a sofa vanished from the list without a word (QA, fifteenth session).
 */
export type SeatNote =
  | { kind: 'taken'; seat: number }
  | { kind: 'sofaHeld' | 'sofaReleased'; seats: number[] }
  | { kind: 'companionReleased'; seat: number };

/** The seats a tap on seat `i` takes or gives back together, read before the tap. */
export function seatsTogether(model: SeatMapModel, i: number, wasSelected: boolean): number[] {
  return wasSelected ? [...model.unitOf(i), ...selectedCompanionsBeside(model, i)] : model.unitOf(i);
}

/** The note for a tap that has been made (`together` from `seatsTogether`); null when it concerned the one seat. */
export function noteAfterTap(model: SeatMapModel, i: number, wasSelected: boolean, together: number[]): SeatNote | null {
  if (!wasSelected && !model.available[i] && !model.selected[i]) return { kind: 'taken', seat: i };
  // refused (a rule, a seat still on its way to the api): nothing changed, the rule's own message says why
  if (!!model.selected[i] === wasSelected || together.length < 2) return null;
  const companion = together.find((j) => j !== i && model.has(j, 'companion') && !model.sofa[j]);
  if (wasSelected && companion !== undefined && !model.sofa[i]) return { kind: 'companionReleased', seat: companion };
  return { kind: wasSelected ? 'sofaReleased' : 'sofaHeld', seats: together };
}

type T = (key: string, values?: Record<string, unknown>) => string;

export function seatNoteText(t: T, model: SeatMapModel, note: SeatNote): string {
  if (note.kind === 'taken') return t('seatmap.taken', { row: model.rows[model.rowOf[note.seat]].name, seat: model.seatName[note.seat] });
  if (note.kind === 'companionReleased') return t('seatmap.unit.companionReleased', { seat: model.seatName[note.seat] });
  const names = note.seats.map((j) => model.seatName[j]);
  const seats = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(names);
  return t(`seatmap.unit.${note.kind}`, { row: model.rows[model.rowOf[note.seats[0]]].name, seats });
}
