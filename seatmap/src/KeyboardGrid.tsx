import { useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type MutableRefObject } from 'react';
import { useSeatmapTranslation } from './locales';
import type { SeatMapModel } from './model';
import { modelSeatLabel } from './labels';
import type { View } from './render';
import styles from './seatmap.module.css';

/** Most cells the accessible grid renders at once (rows in view, nearest the focused row first). */
export const MAX_GRID_CELLS = 400;

/**
 * The accessible layer over the drawing: a roving-tabindex grid of the seats in the visible rows, each cell
 * placed exactly over its seat. Arrows move between seats (across aisles and sections), Home/End to the row's
 * ends, Enter/Space choose; + / − / 0 bubble to the map region (zoom).
 */
export function KeyboardGrid({ model, view, focus, onFocusSeat, focusByKeyboard, focusAsked, onActivate, ensureVisible, groupName }: {
  model: SeatMapModel;
  view: View | null;
  focus: number;
  onFocusSeat(i: number): void;
  /** True when the last focus move came from the keyboard: the DOM focus then follows the roving tabindex. */
  focusByKeyboard: MutableRefObject<boolean>;
  /** A seat the DOM focus goes to once its cell is rendered (best available's first seat, "choose seat 7 instead"); -1: none. */
  focusAsked?: MutableRefObject<number>;
  onActivate(seat: number): void;
  ensureVisible(i: number): void;
  groupName: (tg: number) => string | undefined;
}) {
  const { t } = useSeatmapTranslation();
  const gridRef = useRef<HTMLDivElement>(null);

  const onKey = (e: ReactKeyboardEvent) => {
    let next = focus;
    const row = model.rows[model.rowOf[focus]];
    switch (e.key) {
      case 'ArrowLeft': next = model.neighbour(focus, -1); break;
      case 'ArrowRight': next = model.neighbour(focus, 1); break;
      case 'ArrowUp': next = model.vertical(focus, -1); break;
      case 'ArrowDown': next = model.vertical(focus, 1); break;
      case 'Home': next = row.start; break;
      case 'End': next = row.end - 1; break;
      case 'Enter': case ' ':
        e.preventDefault();
        e.stopPropagation();
        onActivate(focus);
        return;
      default: return; // + / − / 0 bubble to the region (zoom)
    }
    e.preventDefault();
    e.stopPropagation();
    focusByKeyboard.current = true;
    ensureVisible(next);
    onFocusSeat(next);
  };

  // move DOM focus with the roving tabindex
  useLayoutEffect(() => {
    const asked = focusAsked !== undefined && focusAsked.current >= 0 && focusAsked.current === focus;
    if (!focusByKeyboard.current && !asked) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-seat-index="${focus}"]`);
    cell?.focus({ preventScroll: true });
    // asked once: the cell may come a render later (the view moves to it first)
    if (cell && asked) focusAsked.current = -1;
  });

  const v = view;
  const cells = v ? gridRows(model, v, focus) : [];
  return (
    <div ref={gridRef} role="grid" className={styles.grid} aria-label={t('seatmap.gridLabel')} aria-rowcount={model.rows.length} onKeyDown={onKey}>
      {cells.map((r) => (
        <div role="row" key={r.row} aria-rowindex={r.row + 1} className={styles.gridRow}>
          {r.seats.map((i) => {
            const st = model.status(i);
            const cs = v!.scale;
            return (
              <div
                key={i}
                role="gridcell"
                className={styles.cell}
                tabIndex={i === focus ? 0 : -1}
                aria-selected={st === 'selected'}
                aria-disabled={st === 'unavailable' || undefined}
                aria-label={modelSeatLabel(t, model, i, groupName, model.sections.length > 1)}
                data-seat-index={i}
                data-key={model.key(i)}
                data-row={model.rows[r.row].name}
                data-seat={model.seatName[i]}
                data-status={st}
                style={{ insetInlineStart: model.x[i] * cs + v!.ox, insetBlockStart: model.y[i] * cs + v!.oy, inlineSize: cs, blockSize: cs }}
                onFocus={() => { if (focus !== i) onFocusSeat(i); }}
                onClick={() => { onFocusSeat(i); onActivate(i); }}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * The seat the grid's one tab stop starts on: the first selected seat, else (a seat change) the order's first current
 * seat, where the visitor sits now, else the first one that can be chosen.
 */
export function initialFocus(model: SeatMapModel): number {
  for (let i = 0; i < model.n; i++) if (model.selected[i]) return i;
  if (model.currentList.length) return model.currentList[0];
  for (let i = 0; i < model.n; i++) if (model.available[i] && !model.blocked[i]) return i;
  return 0;
}

/** Rows in view, nearest the focused row first, until MAX_GRID_CELLS; returned in reading order. */
export function gridRows(model: SeatMapModel, v: View, focus: number): Array<{ row: number; seats: number[] }> {
  if (!model.n) return [];
  const y0 = -v.oy / v.scale - 1;
  const y1 = (v.h - v.oy) / v.scale + 1;
  const x0 = -v.ox / v.scale - 1;
  const x1 = (v.w - v.ox) / v.scale + 1;
  const focusRow = model.rows[model.rowOf[focus]];
  const candidates = model.rows.filter((r) => r.index === focusRow.index || (r.y >= y0 && r.y <= y1 && r.maxX >= x0 && r.minX <= x1));
  candidates.sort((a, b) => {
    const da = (a.section === focusRow.section ? 0 : 1000) + Math.abs(a.y - focusRow.y);
    const db = (b.section === focusRow.section ? 0 : 1000) + Math.abs(b.y - focusRow.y);
    return da - db;
  });
  const out: Array<{ row: number; seats: number[] }> = [];
  let budget = MAX_GRID_CELLS;
  for (const r of candidates) {
    const seats: number[] = [];
    for (let i = r.start; i < r.end; i++) if (i === focus || (model.x[i] >= x0 && model.x[i] <= x1)) seats.push(i);
    if (r.index !== focusRow.index && seats.length > budget) continue;
    budget -= seats.length;
    out.push({ row: r.index, seats });
    if (budget <= 0) break;
  }
  out.sort((a, b) => a.row - b.row);
  return out;
}
