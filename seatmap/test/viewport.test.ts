import { describe, expect, it } from 'vitest';
import type { View } from '../src/render';
import { clampScale, isDoubleTap, MAX_SEAT_PX, MIN_TOUCH_SEAT_PX, pinnedRowLabels, settlePinch, tapZoomScale, TAP_ZOOM_SEAT_PX, zoomTo, type RowSpan } from '../src/viewport';

/** A phone's map: 370 × 320 CSS px, seats of 14 px (a 26-seat-wide hall at fit). */
const phone = (over: Partial<View> = {}): View => ({ scale: 14, ox: 10, oy: 40, w: 370, h: 320, dpr: 3, ...over });
const toScreen = (v: View, wx: number, wy: number) => ({ x: wx * v.scale + v.ox, y: wy * v.scale + v.oy });
const rows: RowSpan[] = ['A', 'B', 'C', 'D', 'E'].map((name, k) => ({ index: k, name, y: 4 + k, minX: 1, maxX: 24 }));

describe('viewport math (issue 14 point 7)', () => {
  it('zoomTo keeps the touched spot of the hall under the finger', () => {
    const v = phone();
    const z = zoomTo(v, 32, 200, 150);
    const world = { x: (200 - v.ox) / v.scale, y: (150 - v.oy) / v.scale };
    const after = toScreen(z, world.x, world.y);
    expect(after.x).toBeCloseTo(200, 9);
    expect(after.y).toBeCloseTo(150, 9);
    expect(z.scale).toBe(32);
  });

  it('a double tap zooms to at least a comfortable touch target, twice the size when already larger', () => {
    expect(tapZoomScale(14)).toBe(TAP_ZOOM_SEAT_PX);
    expect(TAP_ZOOM_SEAT_PX).toBeGreaterThanOrEqual(MIN_TOUCH_SEAT_PX);
    expect(tapZoomScale(20)).toBe(40);
    expect(tapZoomScale(40)).toBe(MAX_SEAT_PX);
  });

  it('clampScale keeps zooming within the largest seat and a little below the whole hall', () => {
    expect(clampScale(500, 14)).toBe(MAX_SEAT_PX);
    expect(clampScale(0.01, 14)).toBeCloseTo(1.6, 9);
    expect(clampScale(20, 14)).toBe(20);
  });

  it('a pinch that zoomed in but stopped short of 24 px settles at 24 px around its centre', () => {
    const v = phone({ scale: 18 });
    const s = settlePinch(v, 14, 100, 120)!;
    expect(s.scale).toBe(MIN_TOUCH_SEAT_PX);
    const world = { x: (100 - v.ox) / v.scale, y: (120 - v.oy) / v.scale };
    expect(toScreen(s, world.x, world.y).x).toBeCloseTo(100, 9);
    // zoomed out, hardly moved, or already large enough: the pinch stands
    expect(settlePinch(phone({ scale: 10 }), 14, 0, 0)).toBeNull();
    expect(settlePinch(phone({ scale: 14.2 }), 14, 0, 0)).toBeNull();
    expect(settlePinch(phone({ scale: 30 }), 14, 0, 0)).toBeNull();
  });

  it('two taps are a double tap only when close in time and place', () => {
    const a = { t: 1000, x: 100, y: 100 };
    expect(isDoubleTap(null, a)).toBe(false);
    expect(isDoubleTap(a, { t: 1200, x: 110, y: 95 })).toBe(true);
    expect(isDoubleTap(a, { t: 1500, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(a, { t: 1100, x: 160, y: 100 })).toBe(false);
  });

  it('row names are pinned only while the rows\' own ends are out of view', () => {
    // at fit (a 26-cell-wide plan with a cell of margin each side) both names are drawn in view: nothing pinned
    expect(pinnedRowLabels(rows, phone({ scale: 13, ox: 3 + 13 }))).toEqual([]);
    // zoomed to 32 px and panned to the middle: every visible row gets a name on both edges
    const z = phone({ scale: 32, ox: -200, oy: -60 });
    const pins = pinnedRowLabels(rows, z);
    const visible = rows.filter((r) => { const top = (r.y + 0.5) * 32 - 60; return top >= 16 && top <= 320 - 16; });
    expect(visible.length).toBeGreaterThan(0);
    expect(pins.filter((p) => p.side === 'left').map((p) => p.name)).toEqual(visible.map((r) => r.name));
    expect(pins.filter((p) => p.side === 'right').map((p) => p.name)).toEqual(visible.map((r) => r.name));
    for (const p of pins) expect(p.top).toBeCloseTo((rows[p.row]!.y + 0.5) * 32 - 60, 9);
    // panned so the rows' left ends are in view: only the right edge pins
    const left = pinnedRowLabels(rows, phone({ scale: 32, ox: 40, oy: -60 }));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((p) => p.side === 'right')).toBe(true);
    // a row wholly off to one side gets no label, nor do rows while seats are too small for names
    expect(pinnedRowLabels(rows, phone({ scale: 32, ox: 400 }))).toEqual([]);
    expect(pinnedRowLabels(rows, phone({ scale: 4, ox: -200 }))).toEqual([]);
  });
});
