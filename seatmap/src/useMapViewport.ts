import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MutableRefObject, type RefObject } from 'react';
import type { SeatMapModel } from './model';
import { drawAll, drawSeats, fitView, toWorld, type DrawLabels, type View } from './render';
import { boxSize, fitCanvas, mapContext } from './mapCanvas';
import { clampScale, DOUBLE_TAP_MS, isDoubleTap, MAX_SEAT_PX, MIN_TOUCH_SEAT_PX, settlePinch, SMALL_SEAT_PX, tapZoomScale, zoomTo, type Tap } from './viewport';

function mark(name: string) { try { performance.mark(name); } catch { /* no Performance API */ } }
function measure(name: string, start: string, end: string) { try { performance.measure(name, start, end); } catch { /* missing mark */ } }

export interface MapViewport {
  wrapRef: RefObject<HTMLDivElement | null>;
  /** The current view (scale and offset); null before the first layout. */
  viewRef: MutableRefObject<View | null>;
  /**
   * False until the frame after the first drawing: the overlays (accessible grid, row names, minimap frame)
   * render only then. A render of the map before that frame (a store update flushed with the first commit's
   * effects) would otherwise build the grid's 400 labelled cells in front of the first pixels.
   */
  overlays: boolean;
  zoomAt(factor: number, sx?: number, sy?: number): void;
  fit(): void;
  centerOn(wx: number, wy: number): void;
  /** Keeps a seat inside the view (keyboard navigation), panning as little as needed. */
  ensureVisible(i: number): void;
  /** + / − / 0 and the arrows on the map region: zoom and pan. */
  onRegionKey(e: ReactKeyboardEvent): void;
}

export interface ViewportEvents {
  /** A seat was tapped or clicked on the drawing. */
  onSeat(i: number): void;
  /** A general-admission section was tapped or clicked. */
  onGeneralAdmission(sectionId: number): void;
  /** The view or the seats changed: the overlays (grid, row names, minimap frame) follow. */
  onChange(): void;
}

/**
 * The drawing: the step's canvas placed in the map's box, sized to it (devicePixelRatio aware) and drawn synchronously on mount, changed
 * seats repainted as the model reports them, and the view moved by wheel, drag, pinch, double tap and keys.
 */
export function useMapViewport(model: SeatMapModel, labels: DrawLabels, events: ViewportEvents, canvas: HTMLCanvasElement, canvasClass: string): MapViewport {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef(canvas);
  canvasRef.current = canvas;
  const ctxRef = useRef<CanvasRenderingContext2D | null>(null);
  const viewRef = useRef<View | null>(null);
  const frame = useRef(0);
  const [overlays, setOverlays] = useState(false);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const changed = useCallback(() => eventsRef.current.onChange(), []);

  const paint = useCallback(() => {
    const ctx = ctxRef.current;
    const v = viewRef.current;
    if (ctx && v) drawAll(ctx, model, v, labelsRef.current);
  }, [model]);

  /** Full redraw + overlay update, at most once per frame. */
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => { frame.current = 0; paint(); changed(); });
  }, [paint, changed]);

  // size the canvas and draw synchronously on mount (the first frame the benchmark measures)
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    // the step's canvas, already sized and prepared in the loading box (mapCanvas.ts), moves into the map's box
    if (canvas.parentNode !== wrap) wrap.prepend(canvas);
    canvas.className = canvasClass;
    /** Sizes the canvas to the viewport and fits the view to a new size; false when neither changed. */
    const size = (): boolean => {
      const { w, h, dpr } = boxSize(wrap);
      const resized = fitCanvas(canvas, w, h, dpr);
      const old = viewRef.current;
      if (old && old.w === w && old.h === h && old.dpr === dpr) return resized;
      viewRef.current = fitView(model, w, h, dpr);
      return true;
    };
    size();
    ctxRef.current = mapContext(canvas);
    paint();
    mark('seatmap:render:end');
    measure('seatmap:render', 'seatmap:render:start', 'seatmap:render:end');
    // The overlays (accessible grid, row names) render after the drawing's frame, as a transition, so React's
    // work on them never delays the first pixels of the map.
    let shown = false;
    const showOverlays = () => { if (!shown) { shown = true; startTransition(() => setOverlays(true)); } };
    const firstFrame = requestAnimationFrame(() => {
      mark('seatmap:render:frame');
      measure('seatmap:render:toFrame', 'seatmap:render:start', 'seatmap:render:frame');
      showOverlays();
    });
    // a background tab gets no frames: the overlays come anyway
    const fallback = setTimeout(showOverlays, 300);
    // (its first observation only repeats the size just set: no clearing and no second full draw)
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => { if (size()) schedule(); }) : undefined;
    ro?.observe(wrap);
    return () => { ro?.disconnect(); cancelAnimationFrame(frame.current); cancelAnimationFrame(firstFrame); clearTimeout(fallback); frame.current = 0; };
  }, [model, paint, changed, schedule, canvas, canvasClass]);

  // model changes: repaint only the changed seats, synchronously (click → highlight)
  useEffect(() => model.subscribe((dirty) => {
    const ctx = ctxRef.current;
    const v = viewRef.current;
    if (dirty && ctx && v) drawSeats(ctx, model, v, dirty);
    else schedule();
    changed();
  }), [model, schedule, changed]);

  const zoomAt = useCallback((factor: number, sx?: number, sy?: number) => {
    const v = viewRef.current;
    if (!v) return;
    const scale = clampScale(v.scale * factor, fitView(model, v.w, v.h, v.dpr).scale);
    viewRef.current = zoomTo(v, scale, sx ?? v.w / 2, sy ?? v.h / 2);
    schedule();
  }, [model, schedule]);

  const panBy = useCallback((dx: number, dy: number) => {
    const v = viewRef.current;
    if (!v) return;
    viewRef.current = { ...v, ox: v.ox + dx, oy: v.oy + dy };
    schedule();
  }, [schedule]);

  const fit = useCallback(() => {
    const v = viewRef.current;
    if (!v) return;
    viewRef.current = fitView(model, v.w, v.h, v.dpr);
    schedule();
  }, [model, schedule]);

  const centerOn = useCallback((wx: number, wy: number) => {
    const v = viewRef.current;
    if (!v) return;
    viewRef.current = { ...v, ox: v.w / 2 - wx * v.scale, oy: v.h / 2 - wy * v.scale };
    schedule();
  }, [schedule]);

  const ensureVisible = useCallback((i: number) => {
    const v = viewRef.current;
    if (!v) return;
    const m = v.scale * 1.5;
    const sx = model.x[i] * v.scale + v.ox;
    const sy = model.y[i] * v.scale + v.oy;
    if (sx < m || sy < m || sx + v.scale > v.w - m || sy + v.scale > v.h - m) centerOn(model.x[i] + 0.5, model.y[i] + 0.5);
  }, [model, centerOn]);

  usePointer(model, canvasRef, viewRef, { zoomAt, panBy, schedule, eventsRef });

  /**
   * Keys on a focused seat zoom at that seat, so it stays where it is (they zoomed at the map's centre and pushed the
   * seat out of view: QA, the arena by keyboard); seats too small to see (an arena's whole hall) grow twice as fast.
   */
  const seatPoint = (e: ReactKeyboardEvent): [number, number] | [] => {
    const cell = (e.target as HTMLElement).closest?.('[data-seat-index]');
    const v = viewRef.current;
    const i = cell ? Number(cell.getAttribute('data-seat-index')) : -1;
    return v && i >= 0 && i < model.n ? [(model.x[i] + 0.5) * v.scale + v.ox, (model.y[i] + 0.5) * v.scale + v.oy] : [];
  };
  const zoomInFactor = () => ((viewRef.current?.scale ?? MAX_SEAT_PX) < SMALL_SEAT_PX ? 2 : 1.25);

  const onRegionKey = (e: ReactKeyboardEvent) => {
    const step = 60;
    switch (e.key) {
      case '+': case '=': zoomAt(zoomInFactor(), ...seatPoint(e)); break;
      case '-': case '_': zoomAt(0.8, ...seatPoint(e)); break;
      case '0': fit(); break;
      case 'ArrowLeft': panBy(step, 0); break;
      case 'ArrowRight': panBy(-step, 0); break;
      case 'ArrowUp': panBy(0, step); break;
      case 'ArrowDown': panBy(0, -step); break;
      default: return;
    }
    e.preventDefault();
  };

  return { wrapRef, viewRef, overlays, zoomAt, fit, centerOn, ensureVisible, onRegionKey };
}

/** Pointer on the drawing: click or tap chooses, drag pans, pinch zooms, double tap zooms on small seats, wheel zooms. */
function usePointer(
  model: SeatMapModel,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  viewRef: MutableRefObject<View | null>,
  { zoomAt, panBy, schedule, eventsRef }: {
    zoomAt: MapViewport['zoomAt']; panBy(dx: number, dy: number): void; schedule(): void; eventsRef: MutableRefObject<ViewportEvents>;
  },
) {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let start: { x: number; y: number } | null = null;
    let dragged = false;
    let pinch: { d: number; startScale: number; cx: number; cy: number } | null = null;
    let lastTap: Tap | null = null;
    let pendingTap: ReturnType<typeof setTimeout> | undefined;
    const local = (e: PointerEvent | WheelEvent) => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    /** A tap or click on the drawing: the seat (or general-admission section) under it. */
    const select = (p: { x: number; y: number }) => {
      const v = viewRef.current;
      if (!v) return;
      mark('seatmap:click:start');
      const w = toWorld(v, p.x, p.y);
      const i = model.seatAt(w.x, w.y);
      if (i >= 0) {
        eventsRef.current.onSeat(i);
        mark('seatmap:click:end');
        measure('seatmap:click', 'seatmap:click:start', 'seatmap:click:end');
        requestAnimationFrame(() => { mark('seatmap:click:frame'); measure('seatmap:click:toFrame', 'seatmap:click:start', 'seatmap:click:frame'); });
        return;
      }
      const ga = model.sections.find((s) => s.isGA && w.x >= s.bounds.x && w.x < s.bounds.x + s.bounds.width && w.y >= s.bounds.y && w.y < s.bounds.y + s.bounds.height);
      if (ga) eventsRef.current.onGeneralAdmission(ga.id);
    };
    const down = (e: PointerEvent) => {
      canvas.setPointerCapture?.(e.pointerId);
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 1) { start = local(e); dragged = false; }
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), startScale: viewRef.current?.scale ?? 1, cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
        dragged = true;
        clearTimeout(pendingTap);
        lastTap = null;
      }
    };
    const move = (e: PointerEvent) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) return;
      const p = local(e);
      pointers.set(e.pointerId, p);
      if (pointers.size >= 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        pinch.cx = (a.x + b.x) / 2;
        pinch.cy = (a.y + b.y) / 2;
        if (pinch.d > 0) zoomAt(d / pinch.d, pinch.cx, pinch.cy);
        pinch.d = d;
        return;
      }
      if (start && !dragged && Math.hypot(p.x - start.x, p.y - start.y) > 4) dragged = true;
      if (dragged) panBy(p.x - prev.x, p.y - prev.y);
    };
    const endPinch = () => {
      const v = viewRef.current;
      // a pinch that zoomed in ends on seats a finger can hit (issue 14 point 7)
      const settled = pinch && v ? settlePinch(v, pinch.startScale, pinch.cx, pinch.cy) : null;
      if (settled) { viewRef.current = settled; schedule(); }
      pinch = null;
    };
    const up = (e: PointerEvent) => {
      const had = pointers.delete(e.pointerId);
      if (pinch && pointers.size < 2) endPinch();
      if (!had || dragged || pointers.size) { if (!pointers.size) start = null; return; }
      start = null;
      const v = viewRef.current;
      if (!v) return;
      const p = local(e);
      // A finger on seats too small to hit: a double tap zooms to the touched spot; a single tap still
      // chooses, once no second tap followed. A mouse (and seats large enough) chooses at once.
      if (e.pointerType !== 'mouse' && v.scale < MIN_TOUCH_SEAT_PX) {
        const tap = { t: e.timeStamp, x: p.x, y: p.y };
        clearTimeout(pendingTap);
        if (isDoubleTap(lastTap, tap)) {
          lastTap = null;
          viewRef.current = zoomTo(v, tapZoomScale(v.scale), p.x, p.y);
          schedule();
          return;
        }
        lastTap = tap;
        pendingTap = setTimeout(() => { lastTap = null; select(p); }, DOUBLE_TAP_MS);
        return;
      }
      select(p);
    };
    const cancel = (e: PointerEvent) => { pointers.delete(e.pointerId); pinch = null; start = null; };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', cancel);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      clearTimeout(pendingTap);
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [model, canvasRef, viewRef, zoomAt, panBy, schedule, eventsRef]);
}
