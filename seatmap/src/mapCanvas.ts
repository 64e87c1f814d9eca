import { COLORS, SEAT_FONT } from './render';

/**
 * The seat step keeps one canvas from its loading frame to its map. A canvas pays for its backing store at its first
 * drawing operation (8–18 ms for a hall's 900 × 560 px in Debian's Chromium, measured per canvas), and a page pays
 * once for its first line of canvas text: done while the plan and status are on their way, neither is between the
 * last answer and the map's first frame.
 */
export function createMapCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}

/**
 * Gives the canvas the box's size in device pixels (its CSS size in CSS pixels); true if its bitmap changed. Writing
 * a canvas's width or height clears it and drops its backing store, even when the value is the same: only a new
 * size is written.
 */
export function fitCanvas(canvas: HTMLCanvasElement, w: number, h: number, dpr: number): boolean {
  const cw = Math.round(w * dpr);
  const ch = Math.round(h * dpr);
  const resized = canvas.width !== cw || canvas.height !== ch;
  if (resized) { canvas.width = cw; canvas.height = ch; }
  canvas.style.inlineSize = `${w}px`;
  canvas.style.blockSize = `${h}px`;
  return resized;
}

/** The map's drawing context (opaque: the map always paints its background). */
export function mapContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try { return canvas.getContext('2d', { alpha: false }); } catch { return null; }
}

/** The box's size in CSS pixels (a box not laid out yet, as in tests, gets a default). */
export function boxSize(box: HTMLElement): { w: number; h: number; dpr: number } {
  const r = box.getBoundingClientRect();
  return { w: Math.round(r.width) || 800, h: Math.round(r.height) || 500, dpr: window.devicePixelRatio || 1 };
}

/**
 * While the map waits for its data: the canvas in the loading box, sized to it, its backing store made and its seat
 * font's first text laid out (on the background colour, hidden behind the spinner until the map shows it).
 */
export function prepareMapCanvas(canvas: HTMLCanvasElement, box: HTMLElement, className: string): void {
  if (canvas.parentNode !== box) box.prepend(canvas);
  canvas.className = className;
  const { w, h, dpr } = boxSize(box);
  fitCanvas(canvas, w, h, dpr);
  const ctx = mapContext(canvas);
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = COLORS.bg;
  ctx.fillRect(0, 0, w, h);
  ctx.font = `12px ${SEAT_FONT}`;
  ctx.fillStyle = COLORS.seatText;
  ctx.fillText('0', 0, 0);
}
