import type { View } from './render';

/** Smallest seat (CSS px) a finger hits reliably (WCAG 2.5.8 asks 24; issue 14 point 7). */
export const MIN_TOUCH_SEAT_PX = 24;
/** A double tap zooms to at least this seat size, a little above the minimum. */
export const TAP_ZOOM_SEAT_PX = 32;
export const MAX_SEAT_PX = 56;
/** Below this seat size (CSS px) a zoom key doubles the size instead of adding a quarter (an arena's whole hall). */
export const SMALL_SEAT_PX = 8;
const MIN_SEAT_PX = 0.5;
/** Two taps closer than this in time (ms) and distance (CSS px) are a double tap. */
export const DOUBLE_TAP_MS = 400;
export const DOUBLE_TAP_PX = 30;

/** The view at `scale`, keeping the screen point (cx, cy) over the same spot of the hall. */
export function zoomTo(v: View, scale: number, cx: number, cy: number): View {
  const k = scale / v.scale;
  return { ...v, scale, ox: cx - (cx - v.ox) * k, oy: cy - (cy - v.oy) * k };
}

/** A zoom factor's resulting scale: never beyond MAX_SEAT_PX, never much smaller than the whole hall. */
export function clampScale(scale: number, fitScale: number): number {
  return Math.min(MAX_SEAT_PX, Math.max(Math.min(fitScale, MIN_SEAT_PX * 4) * 0.8, scale));
}

/** Seat size after a double tap: twice the current one, at least TAP_ZOOM_SEAT_PX. */
export function tapZoomScale(scale: number): number {
  return Math.min(MAX_SEAT_PX, Math.max(TAP_ZOOM_SEAT_PX, scale * 2));
}

/**
 * After a pinch that zoomed in (end scale above the start) but stopped short of a tappable seat, the view
 * settles at MIN_TOUCH_SEAT_PX around the pinch's centre; otherwise null (the pinch stands as it is).
 */
export function settlePinch(v: View, startScale: number, cx: number, cy: number): View | null {
  if (v.scale <= startScale * 1.05 || v.scale >= MIN_TOUCH_SEAT_PX) return null;
  return zoomTo(v, MIN_TOUCH_SEAT_PX, cx, cy);
}

export interface Tap { t: number; x: number; y: number }
export function isDoubleTap(prev: Tap | null, next: Tap): boolean {
  return !!prev && next.t - prev.t <= DOUBLE_TAP_MS && Math.hypot(next.x - prev.x, next.y - prev.y) <= DOUBLE_TAP_PX;
}

/** A row as the label pinning needs it (world units: one seat cell). */
export interface RowSpan { index: number; name: string; y: number; minX: number; maxX: number }
export interface PinnedLabel { row: number; name: string; side: 'left' | 'right'; top: number }

/** Seat size (CSS px) from which row names are drawn, on the canvas and pinned. */
export const ROW_LABEL_MIN_PX = 8;
/**
 * Room the canvas's own row name takes beside its row (CSS px: the gap of 0.2 seat and the text at
 * render.ts's size, about 0.7 em a character); a name without that room inside the view is pinned.
 */
export function rowLabelRoom(scale: number, name: string): number {
  return scale * 0.2 + Math.min(14, scale * 0.45) * 0.7 * Math.max(1, name.length);
}

/**
 * Row names pinned to the view's edges while zoomed or panned (issue 14 point 7): for each row on screen
 * whose own name at its left (right) end is off the view, a label at the left (right) edge, vertically
 * centred on the row. The hall keeps its physical left and right in every language.
 */
export function pinnedRowLabels(rows: readonly RowSpan[], v: View): PinnedLabel[] {
  const s = v.scale;
  if (s < ROW_LABEL_MIN_PX) return [];
  const out: PinnedLabel[] = [];
  for (const r of rows) {
    const top = (r.y + 0.5) * s + v.oy;
    if (top < s / 2 || top > v.h - s / 2) continue;
    const left = r.minX * s + v.ox;
    const right = (r.maxX + 1) * s + v.ox;
    if (right <= 0 || left >= v.w) continue; // the row itself is off to one side
    const room = rowLabelRoom(s, r.name);
    if (left < room) out.push({ row: r.index, name: r.name, side: 'left', top });
    if (right > v.w - room) out.push({ row: r.index, name: r.name, side: 'right', top });
  }
  return out;
}
