import { SEAT_FLAGS } from '@ticketing/shared';
import type { SeatMapModel } from './model';

/** Screen transform: screen = world × scale + offset (CSS pixels). One world unit = one seat cell. */
export interface View { scale: number; ox: number; oy: number; w: number; h: number; dpr: number }

export const COLORS = {
  bg: '#0f1220',
  section: '#181c30',
  sectionLine: '#2c3160',
  stage: '#d9dcef',
  stageText: '#0f1220',
  available: '#3d8bfd',
  premium: '#b07cff',
  selected: '#ffb703',
  unavailable: '#3a3f5c',
  ga: '#2f6f57',
  gaSoldOut: '#3a3f5c',
  marker: '#ffffff',
  text: '#f4f5fb',
  seatText: '#0b0e1a',
  muted: '#a9aecb',
  /** The order's current seats (seat change): a white frame with a dark line inside, on any seat colour. */
  currentRing: '#ffffff',
  currentInner: '#0b0e1a',
} as const;

/** The family of every text drawn on the map (seat numbers, stage, sections, rows). */
export const SEAT_FONT = 'system-ui, sans-serif';

export interface DrawLabels {
  sectionLabel: (name: string, isGA: boolean, available: number, soldOut: boolean) => string;
}

const INSET = 0.1;

export function fitView(model: SeatMapModel, w: number, h: number, dpr: number): View {
  const pw = model.plan.width + 2;
  const ph = model.plan.height + 2;
  const scale = Math.max(0.5, Math.min(w / pw, h / ph, 40));
  return { scale, ox: (w - pw * scale) / 2 + scale, oy: (h - ph * scale) / 2 + scale, w, h, dpr };
}

export const toWorld = (v: View, sx: number, sy: number) => ({ x: (sx - v.ox) / v.scale, y: (sy - v.oy) / v.scale });

function seatColor(m: SeatMapModel, i: number): string {
  if (m.selected[i]) return COLORS.selected;
  if (!m.available[i]) return COLORS.unavailable;
  // A seat next to a gap is drawn as an ordinary free seat (issue 14 point 6): the hall must not look sold.
  return m.has(i, 'premium') ? COLORS.premium : COLORS.available;
}

/** Rect of a seat in screen px; sofa halves join towards their mate. */
function seatRect(m: SeatMapModel, v: View, i: number): [number, number, number, number] {
  const x = m.x[i];
  const s = v.scale;
  let l = INSET;
  let r = INSET;
  if (m.sofa[i]) {
    const row = m.rows[m.rowOf[i]];
    if (i > row.start && m.sofa[i - 1] === m.sofa[i] && m.x[i - 1] === x - 1) l = 0;
    if (i + 1 < row.end && m.sofa[i + 1] === m.sofa[i] && m.x[i + 1] === x + 1) r = 0;
  }
  return [(x + l) * s + v.ox, (m.y[i] + INSET) * s + v.oy, (1 - l - r) * s, (1 - 2 * INSET) * s];
}

function drawMarkers(ctx: CanvasRenderingContext2D, m: SeatMapModel, v: View, i: number) {
  const s = v.scale;
  const cx = (m.x[i] + 0.5) * s + v.ox;
  const cy = (m.y[i] + 0.5) * s + v.oy;
  const onDark = !m.available[i] && !m.selected[i];
  ctx.fillStyle = onDark ? COLORS.muted : COLORS.marker;
  ctx.strokeStyle = ctx.fillStyle;
  if (m.has(i, 'handicap')) {
    ctx.beginPath(); ctx.arc(cx, cy, s * 0.22, 0, Math.PI * 2); ctx.fill();
  } else if (m.has(i, 'companion')) {
    ctx.lineWidth = Math.max(1, s * 0.07);
    ctx.beginPath(); ctx.arc(cx, cy, s * 0.2, 0, Math.PI * 2); ctx.stroke();
  }
  if (m.has(i, 'limitedView')) {
    ctx.beginPath();
    ctx.moveTo(cx - s * 0.25, cy + s * 0.2); ctx.lineTo(cx + s * 0.25, cy + s * 0.2); ctx.lineTo(cx, cy - s * 0.2);
    ctx.closePath(); ctx.fill();
  }
  if (s >= 22 && !m.has(i, 'handicap') && !m.has(i, 'companion') && !m.has(i, 'limitedView')) {
    ctx.fillStyle = m.selected[i] || m.available[i] ? COLORS.seatText : COLORS.muted;
    ctx.font = `${Math.round(s * 0.38)}px ${SEAT_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(m.seatName[i], cx, cy + 1);
  }
}

/**
 * The order's current seats (seat change): a mark that is not colour alone. A seat of 5 px and more gets a white frame
 * on its edge (and from 10 px a dark line inside it, so that it shows on the selected amber too); smaller seats (the
 * arena at fit: 1–2 px) get a white circle with a dark halo around them, larger than the seat, to be found at all.
 */
export function drawCurrentMarks(ctx: CanvasRenderingContext2D, m: SeatMapModel, v: View, list: readonly number[]): void {
  if (!list.length) return;
  const s = v.scale;
  if (s < SIMPLE_BELOW) {
    const r = Math.max(6, s * 1.6);
    ctx.beginPath();
    for (const i of list) {
      const cx = (m.x[i] + 0.5) * s + v.ox;
      ctx.moveTo(cx + r, (m.y[i] + 0.5) * s + v.oy);
      ctx.arc(cx, (m.y[i] + 0.5) * s + v.oy, r, 0, Math.PI * 2);
    }
    // a dark halo under the white ring: it shows on the blue and purple seats around it
    ctx.lineWidth = 4;
    ctx.strokeStyle = COLORS.currentInner;
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = COLORS.currentRing;
    ctx.stroke();
    return;
  }
  // capped: a large seat's number keeps its room
  const w = Math.min(3, Math.max(1, s * 0.12));
  const inner = s >= 10 ? Math.min(1.5, Math.max(1, s * 0.05)) : 0;
  for (const i of list) {
    const [rx, ry, rw, rh] = seatRect(m, v, i);
    ctx.lineWidth = w;
    ctx.strokeStyle = COLORS.currentRing;
    ctx.strokeRect(rx + w / 2, ry + w / 2, rw - w, rh - w);
    if (inner) {
      ctx.lineWidth = inner;
      ctx.strokeStyle = COLORS.currentInner;
      ctx.strokeRect(rx + w + inner / 2, ry + w + inner / 2, rw - 2 * w - inner, rh - 2 * w - inner);
    }
  }
}

function prepare(ctx: CanvasRenderingContext2D, v: View) {
  ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
}

/** Below this seat size (CSS px) seats are plain squares, written as pixels (the whole arena at fit). */
const SIMPLE_BELOW = 5;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const packed = new Map<string, number>();
/** '#rrggbb' as one opaque pixel of a Uint32Array view of ImageData. */
function pixel(hex: string): number {
  let p = packed.get(hex);
  if (p === undefined) {
    const r = parseInt(hex.slice(1, 3), 16);
    const g = parseInt(hex.slice(3, 5), 16);
    const b = parseInt(hex.slice(5, 7), 16);
    p = (LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) : ((r << 24) | (g << 16) | (b << 8) | 255)) >>> 0;
    packed.set(hex, p);
  }
  return p;
}

interface Layer { canvas: HTMLCanvasElement | OffscreenCanvas; ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D }
/** An offscreen layer per visible canvas (seats of the map; seats of the minimap), reused while its size holds. */
const seatLayers = new WeakMap<CanvasRenderingContext2D, Layer>();
const miniLayers = new WeakMap<CanvasRenderingContext2D, Layer>();
function layerFor(layers: WeakMap<CanvasRenderingContext2D, Layer>, ctx: CanvasRenderingContext2D, w: number, h: number): Layer | null {
  let l = layers.get(ctx);
  if (!l || l.canvas.width !== w || l.canvas.height !== h) {
    const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
    const lctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!lctx) return null;
    l = { canvas, ctx: lctx };
    layers.set(ctx, l);
  }
  return l;
}

type Palette = Record<'selected' | 'unavailable' | 'premium' | 'available', number>;
let paletteCache: Palette | undefined;
function palette(): Palette {
  return (paletteCache ??= {
    selected: pixel(COLORS.selected), unavailable: pixel(COLORS.unavailable),
    premium: pixel(COLORS.premium), available: pixel(COLORS.available),
  });
}
/** seatColor as a pixel. */
function colourOf(m: SeatMapModel, i: number, c: Palette): number {
  return m.selected[i] ? c.selected : !m.available[i] ? c.unavailable : m.flags[i] & SEAT_FLAGS.premium ? c.premium : c.available;
}

const RGB = LITTLE_ENDIAN ? 0x00ffffff : 0xffffff00;
const alphaOf = (p: number) => (LITTLE_ENDIAN ? p >>> 24 : p & 255);
const withAlpha = (rgb: number, a: number) => (LITTLE_ENDIAN ? ((a << 24) | rgb) >>> 0 : (rgb | a) >>> 0);

/**
 * Zoomed out (the whole arena): every seat is a square of a few device pixels. Instead of 20,000 fillRect calls that
 * the canvas records and then rasterises one by one, each visible row becomes one line of pixels whose alpha is the
 * share of each pixel its seats cover (the horizontal antialiasing); each line is then drawn onto the two or three
 * pixel lines the row covers, at the share of each it covers (the vertical antialiasing): ~150 draws, not 20,000.
 */
function drawSeatLayer(ctx: CanvasRenderingContext2D, m: SeatMapModel, v: View, x0: number, x1: number, y0: number, y1: number) {
  const k = v.dpr;
  const W = Math.round(v.w * k);
  const s = v.scale;
  const side = Math.max(1, s * 0.85) * k; // as fillRect(x, y, max(1, s·0.85), …) under the dpr transform
  const rows: number[] = [];
  for (const row of m.rows) if (!(row.y < y0 || row.y > y1 || row.maxX < x0 || row.minX > x1)) rows.push(row.index);
  const layer = W > 0 && rows.length ? layerFor(seatLayers, ctx, W, rows.length) : null;
  if (!layer) return;
  const img = layer.ctx.createImageData(W, rows.length);
  const px = new Uint32Array(img.data.buffer);
  const c = palette();
  for (let r = 0; r < rows.length; r++) {
    const row = m.rows[rows[r]];
    const line = r * W;
    for (let i = row.start; i < row.end; i++) {
      const x = m.x[i];
      if (x < x0 || x > x1) continue;
      const L = (x * s + v.ox) * k;
      const R = L + side;
      const xa = Math.max(0, Math.floor(L));
      const xb = Math.min(W, Math.ceil(R));
      if (xa >= xb) continue;
      const rgb = colourOf(m, i, c) & RGB;
      for (let p = xa; p < xb; p++) {
        const a = Math.round((Math.min(R, p + 1) - Math.max(L, p)) * 255);
        const prev = px[line + p];
        // a pixel shared by two seats adds up (their squares do not overlap) and takes the larger one's colour
        const pa = prev ? alphaOf(prev) : 0;
        px[line + p] = withAlpha(a >= pa ? rgb : prev & RGB, Math.min(255, a + pa));
      }
    }
  }
  layer.ctx.putImageData(img, 0, 0);
  // the line onto each pixel line the row's squares touch, at the share of it they cover (vertical antialiasing)
  const H = Math.round(v.h * k);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (let r = 0; r < rows.length; r++) {
    const T = (m.rows[rows[r]].y * s + v.oy) * k;
    const B = T + side;
    for (let y = Math.max(0, Math.floor(T)); y < Math.min(H, Math.ceil(B)); y++) {
      ctx.globalAlpha = Math.min(B, y + 1) - Math.max(T, y);
      ctx.drawImage(layer.canvas, 0, r, W, 1, 0, y, W, 1);
    }
  }
  ctx.globalAlpha = 1;
  prepare(ctx, v);
}

/** Full redraw: background, stage, sections, seats (batched by colour, culled to the view), labels. */
export function drawAll(ctx: CanvasRenderingContext2D, m: SeatMapModel, v: View, labels: DrawLabels): void {
  prepare(ctx, v);
  const s = v.scale;
  ctx.fillStyle = COLORS.bg;
  ctx.fillRect(0, 0, v.w, v.h);

  const st = m.plan.stage;
  ctx.fillStyle = COLORS.stage;
  ctx.fillRect(st.x * s + v.ox, st.y * s + v.oy, st.width * s, Math.max(st.height * s * 0.6, 3));
  if (s * st.height >= 8) {
    ctx.fillStyle = COLORS.stageText;
    ctx.font = `600 ${Math.min(16, Math.max(9, s * st.height * 0.45))}px ${SEAT_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(st.label, (st.x + st.width / 2) * s + v.ox, (st.y + st.height * 0.3) * s + v.oy);
  }

  for (const sec of m.sections) {
    const b = sec.bounds;
    const bx = b.x * s + v.ox;
    const by = b.y * s + v.oy;
    ctx.fillStyle = sec.isGA ? (sec.soldOut ? COLORS.gaSoldOut : COLORS.ga) : COLORS.section;
    ctx.fillRect(bx, by, b.width * s, b.height * s);
    if (sec.soldOut) {
      ctx.strokeStyle = COLORS.sectionLine;
      ctx.lineWidth = 1;
      ctx.beginPath();
      const step = Math.max(6, s);
      for (let d = 0; d < b.width * s + b.height * s; d += step) {
        ctx.moveTo(bx + Math.min(d, b.width * s), by + Math.max(0, d - b.width * s));
        ctx.lineTo(bx + Math.max(0, d - b.height * s), by + Math.min(d, b.height * s));
      }
      ctx.stroke();
    }
    const label = labels.sectionLabel(sec.name, sec.isGA, sec.available, sec.soldOut);
    ctx.fillStyle = COLORS.text;
    ctx.textAlign = 'center';
    ctx.textBaseline = sec.isGA ? 'middle' : 'bottom';
    ctx.font = `600 ${sec.isGA ? 14 : 12}px ${SEAT_FONT}`;
    const ly = sec.isGA ? by + (b.height * s) / 2 : by - 2;
    if (sec.isGA || s * 1 >= 3 || m.sections.length > 1) ctx.fillText(label, bx + (b.width * s) / 2, ly);
  }

  // seats: cull by row, bucket by colour so each fillStyle is set once
  const y0 = (0 - v.oy) / s - 1;
  const y1 = (v.h - v.oy) / s + 1;
  const x0 = (0 - v.ox) / s - 1;
  const x1 = (v.w - v.ox) / s + 1;
  const buckets = new Map<string, number[]>();
  const visible: number[] = [];
  for (const row of s < SIMPLE_BELOW ? [] : m.rows) {
    if (row.y < y0 || row.y > y1 || row.maxX < x0 || row.minX > x1) continue;
    for (let i = row.start; i < row.end; i++) {
      if (m.x[i] < x0 || m.x[i] > x1) continue;
      const c = seatColor(m, i);
      let b = buckets.get(c);
      if (!b) buckets.set(c, (b = []));
      b.push(i);
      visible.push(i);
    }
  }
  if (s < SIMPLE_BELOW) drawSeatLayer(ctx, m, v, x0, x1, y0, y1);
  else {
    for (const [c, list] of buckets) {
      ctx.fillStyle = c;
      for (const i of list) { const [rx, ry, rw, rh] = seatRect(m, v, i); ctx.fillRect(rx, ry, rw, rh); }
    }
  }
  // only a seat change's map has current seats: one null check for every other map
  if (m.current) drawCurrentMarks(ctx, m, v, m.currentList);
  if (s >= 8) {
    for (const i of visible) {
      if (m.flags[i] || s >= 22) drawMarkers(ctx, m, v, i);
    }
    // row names at both ends, in the physical room's orientation
    ctx.fillStyle = COLORS.muted;
    ctx.font = `${Math.round(Math.min(14, s * 0.45))}px ${SEAT_FONT}`;
    ctx.textBaseline = 'middle';
    for (const row of m.rows) {
      if (row.y < y0 || row.y > y1) continue;
      const cy = (row.y + 0.5) * s + v.oy;
      ctx.textAlign = 'end';
      ctx.fillText(row.name, (row.minX - 0.2) * s + v.ox, cy);
      ctx.textAlign = 'start';
      ctx.fillText(row.name, (row.maxX + 1.2) * s + v.ox, cy);
    }
  }
}

/** Repaints only the given seats (and their sofa mates): clear each cell to the section colour, draw the seat. */
export function drawSeats(ctx: CanvasRenderingContext2D, m: SeatMapModel, v: View, dirty: number[]): void {
  prepare(ctx, v);
  const s = v.scale;
  const done = new Set<number>();
  for (const d of dirty) {
    for (const i of m.sofa[d] ? m.unitOf(d) : [d]) {
      if (done.has(i)) continue;
      done.add(i);
      const cx = m.x[i] * s + v.ox;
      const cy = m.y[i] * s + v.oy;
      if (cx + s < 0 || cy + s < 0 || cx > v.w || cy > v.h) continue;
      ctx.fillStyle = COLORS.section;
      ctx.fillRect(cx, cy, s, s);
      ctx.fillStyle = seatColor(m, i);
      if (s < SIMPLE_BELOW) ctx.fillRect(cx, cy, Math.max(1, s * 0.85), Math.max(1, s * 0.85));
      else { const [rx, ry, rw, rh] = seatRect(m, v, i); ctx.fillRect(rx, ry, rw, rh); }
      if (s >= 8 && (m.flags[i] || s >= 22)) drawMarkers(ctx, m, v, i);
    }
  }
  // a small seat's circle reaches over its neighbours, whose repaint may have cut it: all of them again (few)
  if (m.current) drawCurrentMarks(ctx, m, v, s < SIMPLE_BELOW ? m.currentList : [...done].filter((i) => m.current![i]));
}

/** The former 0.6 px squares covered about four fifths of the minimap around them. */
const MINIMAP_SEAT_ALPHA = 204;

/** Minimap: the whole plan at a glance (sections and seat availability), drawn once per change. */
export function drawMinimap(ctx: CanvasRenderingContext2D, m: SeatMapModel, w: number, h: number, dpr: number): View {
  const v = fitView(m, w, h, dpr);
  prepare(ctx, v);
  ctx.fillStyle = COLORS.bg;
  ctx.fillRect(0, 0, w, h);
  const s = v.scale;
  for (const sec of m.sections) {
    ctx.fillStyle = sec.isGA ? COLORS.ga : COLORS.section;
    ctx.fillRect(sec.bounds.x * s + v.ox, sec.bounds.y * s + v.oy, sec.bounds.width * s, sec.bounds.height * s);
  }
  // Seats at one pixel per plan cell on a small transparent layer, scaled onto the minimap in one drawImage (the
  // scaling blends neighbouring seats much like the former sub-pixel squares did), instead of 20,000 fillRects.
  const pw = m.plan.width + 2;
  const ph = m.plan.height + 2;
  const layer = layerFor(miniLayers, ctx, pw, ph);
  if (layer) {
    const img = layer.ctx.createImageData(pw, ph);
    const px = new Uint32Array(img.data.buffer);
    const c = palette();
    for (let i = 0; i < m.n; i++) {
      const x = m.x[i];
      const y = m.y[i];
      if (x < 0 || y < 0 || x >= pw || y >= ph) continue;
      px[y * pw + x] = withAlpha(colourOf(m, i, c) & RGB, MINIMAP_SEAT_ALPHA);
    }
    layer.ctx.putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(layer.canvas, v.ox, v.oy, pw * s, ph * s);
  }
  if (m.current) drawCurrentMarks(ctx, m, v, m.currentList);
  return v;
}
