import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../definition';
import type { SeatMapModel } from './model';
import { modelSeatLabel } from './labels';
import { drawAll, drawMinimap, drawSeats, fitView, toWorld, type View } from './render';
import styles from './seatmap.module.css';

/** Most cells the accessible grid renders at once (rows in view, nearest the focused row first). */
export const MAX_GRID_CELLS = 400;
const MIN_SEAT_PX = 0.5;
const MAX_SEAT_PX = 56;
const MINIMAP_MIN_SEATS = 1000;

export interface SeatMapProps {
  model: SeatMapModel;
  /** Price group name of a TicketGroupId. */
  groupName: (tg: number) => string | undefined;
  /** Toggle a seat (mouse click, Enter/Space, assistive-technology click). */
  onActivate: (seat: number) => void;
  /** A general-admission section was clicked. */
  onGeneralAdmission: (sectionId: number) => void;
  /** Seat to move the keyboard focus to (for example after "choose seat 7 instead"). */
  focusRequest?: { seat: number; n: number };
}

function mark(name: string) { try { performance.mark(name); } catch { /* no Performance API */ } }
function measure(name: string, start: string, end: string) { try { performance.measure(name, start, end); } catch { /* missing mark */ } }

/**
 * The hall, drawn on a canvas (devicePixelRatio aware, dirty-seat repaints, grid index hit tests), with an
 * accessible layer: a roving-tabindex grid of the seats in the visible rows placed exactly over the drawing.
 * The hall keeps the physical left/right in every language (dir="ltr"); only the chrome around it mirrors.
 */
export function SeatMap({ model, groupName, onActivate, onGeneralAdmission, focusRequest }: SeatMapProps) {
  const { t } = useTranslation(NAMESPACE);
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ctxRef = useRef<CanvasRenderingContext2D | null>(null);
  const miniRef = useRef<HTMLCanvasElement>(null);
  const miniView = useRef<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);
  const frame = useRef(0);
  const [focus, setFocus] = useState<number>(() => initialFocus(model));
  const focusByKeyboard = useRef(false);
  const showMinimap = model.n >= MINIMAP_MIN_SEATS;

  const labels = useMemo(() => ({
    sectionLabel: (name: string, isGA: boolean, available: number, soldOut: boolean) =>
      soldOut ? `${name} · ${t('seatmap.soldOut')}` : isGA ? `${name} · ${t('seatmap.gaLeft', { n: available })}` : name,
  }), [t]);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  const paint = useCallback(() => {
    const ctx = ctxRef.current;
    const v = viewRef.current;
    if (ctx && v) drawAll(ctx, model, v, labelsRef.current);
  }, [model]);

  const paintMinimap = useCallback(() => {
    const c = miniRef.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const w = 200;
    const h = Math.max(40, Math.round((w * (model.plan.height + 2)) / (model.plan.width + 2)));
    c.width = w * dpr; c.height = h * dpr; c.style.inlineSize = `${w}px`; c.style.blockSize = `${h}px`;
    miniView.current = drawMinimap(ctx, model, w, h, dpr);
  }, [model]);

  /** Full redraw + overlay update, at most once per frame. */
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => { frame.current = 0; paint(); rerender(); });
  }, [paint, rerender]);

  // size the canvas and draw synchronously on mount (the first render the benchmark measures)
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas) return;
    /** Sizes the canvas to the viewport; false when nothing changed (resizing a canvas clears it). */
    const size = (): boolean => {
      const r = wrap.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(r.width) || 800;
      const h = Math.round(r.height) || 500;
      const old = viewRef.current;
      if (old && old.w === w && old.h === h && old.dpr === dpr && canvas.width === Math.round(w * dpr) && canvas.height === Math.round(h * dpr)) return false;
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.inlineSize = `${w}px`;
      canvas.style.blockSize = `${h}px`;
      viewRef.current = old && old.w === w && old.h === h && old.dpr === dpr ? old : fitView(model, w, h, dpr);
      return true;
    };
    size();
    try { ctxRef.current = canvas.getContext('2d', { alpha: false }); } catch { ctxRef.current = null; }
    paint();
    mark('seatmap:render:end');
    measure('seatmap:render', 'seatmap:render:start', 'seatmap:render:end');
    // and until the next frame: everything that still delays the first pixels (the accessible grid, effects)
    const firstFrame = requestAnimationFrame(() => { mark('seatmap:render:frame'); measure('seatmap:render:toFrame', 'seatmap:render:start', 'seatmap:render:frame'); });
    // the accessible grid over the drawing follows as a transition, so the drawing reaches the screen first
    startTransition(rerender);
    // (its first observation only repeats the size just set: no clearing and no second full draw)
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => { if (size()) schedule(); }) : undefined;
    ro?.observe(wrap);
    return () => { ro?.disconnect(); cancelAnimationFrame(frame.current); cancelAnimationFrame(firstFrame); frame.current = 0; };
  }, [model, paint, rerender, schedule]);

  // minimap after the first paint (not on the critical path): the frame after the map's, or a timer in a hidden tab
  useEffect(() => {
    if (!showMinimap) return;
    let id: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const draw = () => { if (!done) { done = true; paintMinimap(); } };
    const raf = requestAnimationFrame(() => { id = setTimeout(draw, 0); });
    const fallback = setTimeout(draw, 300);
    return () => { cancelAnimationFrame(raf); clearTimeout(id); clearTimeout(fallback); };
  }, [showMinimap, paintMinimap]);

  // model changes: repaint only the changed seats, synchronously (click → highlight)
  useEffect(() => {
    let miniTimer: ReturnType<typeof setTimeout> | undefined;
    const off = model.subscribe((dirty) => {
      const ctx = ctxRef.current;
      const v = viewRef.current;
      if (dirty && ctx && v) drawSeats(ctx, model, v, dirty);
      else schedule();
      rerender();
      if (showMinimap) { clearTimeout(miniTimer); miniTimer = setTimeout(paintMinimap, 250); }
    });
    return () => { off(); clearTimeout(miniTimer); };
  }, [model, schedule, rerender, showMinimap, paintMinimap]);

  // ---------- view changes ----------

  const zoomAt = useCallback((factor: number, sx?: number, sy?: number) => {
    const v = viewRef.current;
    if (!v) return;
    const fit = fitView(model, v.w, v.h, v.dpr).scale;
    const scale = Math.min(MAX_SEAT_PX, Math.max(Math.min(fit, MIN_SEAT_PX * 4) * 0.8, v.scale * factor));
    const cx = sx ?? v.w / 2;
    const cy = sy ?? v.h / 2;
    const k = scale / v.scale;
    viewRef.current = { ...v, scale, ox: cx - (cx - v.ox) * k, oy: cy - (cy - v.oy) * k };
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

  /** Keeps a seat inside the view (keyboard navigation), panning as little as needed. */
  const ensureVisible = useCallback((i: number) => {
    const v = viewRef.current;
    if (!v) return;
    const m = v.scale * 1.5;
    const sx = model.x[i] * v.scale + v.ox;
    const sy = model.y[i] * v.scale + v.oy;
    if (sx < m || sy < m || sx + v.scale > v.w - m || sy + v.scale > v.h - m) centerOn(model.x[i] + 0.5, model.y[i] + 0.5);
  }, [model, centerOn]);

  // ---------- pointer: click, drag to pan, pinch to zoom, wheel ----------

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let start: { x: number; y: number } | null = null;
    let dragged = false;
    let pinch: { d: number } | null = null;
    const local = (e: PointerEvent | WheelEvent) => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const down = (e: PointerEvent) => {
      canvas.setPointerCapture?.(e.pointerId);
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 1) { start = local(e); dragged = false; }
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
        dragged = true;
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
        if (pinch.d > 0) zoomAt(d / pinch.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch.d = d;
        return;
      }
      if (start && !dragged && Math.hypot(p.x - start.x, p.y - start.y) > 4) dragged = true;
      if (dragged) panBy(p.x - prev.x, p.y - prev.y);
    };
    const up = (e: PointerEvent) => {
      const had = pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!had || dragged || pointers.size) { if (!pointers.size) start = null; return; }
      start = null;
      const v = viewRef.current;
      if (!v) return;
      mark('seatmap:click:start');
      const p = local(e);
      const w = toWorld(v, p.x, p.y);
      const i = model.seatAt(w.x, w.y);
      if (i >= 0) {
        focusByKeyboard.current = false;
        setFocus(i);
        onActivateRef.current(i);
        mark('seatmap:click:end');
        measure('seatmap:click', 'seatmap:click:start', 'seatmap:click:end');
        requestAnimationFrame(() => { mark('seatmap:click:frame'); measure('seatmap:click:toFrame', 'seatmap:click:start', 'seatmap:click:frame'); });
        return;
      }
      const ga = model.sections.find((s) => s.isGA && w.x >= s.bounds.x && w.x < s.bounds.x + s.bounds.width && w.y >= s.bounds.y && w.y < s.bounds.y + s.bounds.height);
      if (ga) onGaRef.current(ga.id);
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
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [model, zoomAt, panBy]);

  const onActivateRef = useRef(onActivate);
  onActivateRef.current = onActivate;
  const onGaRef = useRef(onGeneralAdmission);
  onGaRef.current = onGeneralAdmission;

  // external focus requests ("choose seat 7 instead", list picker)
  useEffect(() => {
    if (!focusRequest || focusRequest.seat < 0) return;
    ensureVisible(focusRequest.seat);
    setFocus(focusRequest.seat);
  }, [focusRequest, ensureVisible]);

  // ---------- keyboard ----------

  const onRegionKey = (e: ReactKeyboardEvent) => {
    const step = 60;
    switch (e.key) {
      case '+': case '=': zoomAt(1.25); break;
      case '-': case '_': zoomAt(0.8); break;
      case '0': fit(); break;
      case 'ArrowLeft': panBy(step, 0); break;
      case 'ArrowRight': panBy(-step, 0); break;
      case 'ArrowUp': panBy(0, step); break;
      case 'ArrowDown': panBy(0, -step); break;
      default: return;
    }
    e.preventDefault();
  };

  const onGridKey = (e: ReactKeyboardEvent) => {
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
    setFocus(next);
  };

  // move DOM focus with the roving tabindex
  useLayoutEffect(() => {
    if (!focusByKeyboard.current) return;
    const el = wrapRef.current?.querySelector<HTMLElement>(`[data-seat-index="${focus}"]`);
    el?.focus({ preventScroll: true });
  });

  const v = viewRef.current;
  const cells = v ? gridRows(model, v, focus) : [];
  const minimapRect = showMinimap && v && miniView.current ? viewportOnMinimap(v, miniView.current) : null;

  return (
    <div className={styles.mapArea}>
      <div className={styles.zoomBar} role="toolbar" aria-label={t('seatmap.zoom.toolbar')}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={() => zoomAt(1.25)} aria-label={t('seatmap.zoom.in')}>+</button>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={() => zoomAt(0.8)} aria-label={t('seatmap.zoom.out')}>−</button>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={fit}>{t('seatmap.zoom.fit')}</button>
        <span className={styles.hint}>{t('seatmap.zoom.hint')}</span>
      </div>
      {/* The hall keeps the physical room's left and right in every language. */}
      <div
        dir="ltr"
        ref={wrapRef}
        className={styles.viewport}
        role="region"
        aria-roledescription={t('seatmap.roleDescription')}
        aria-label={t('seatmap.regionLabel', { name: model.plan.name })}
        tabIndex={0}
        onKeyDown={onRegionKey}
        data-testid="seatmap"
        data-seats={model.n}
      >
        <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" />
        <div
          role="grid"
          className={styles.grid}
          aria-label={t('seatmap.gridLabel')}
          aria-rowcount={model.rows.length}
          onKeyDown={onGridKey}
        >
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
                    onFocus={() => { if (focus !== i) setFocus(i); }}
                    onClick={() => { setFocus(i); onActivate(i); }}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      {showMinimap && (
        <div dir="ltr" className={styles.minimap} aria-hidden="true">
          <canvas
            ref={miniRef}
            onPointerDown={(e) => {
              const mv = miniView.current;
              if (!mv) return;
              const r = e.currentTarget.getBoundingClientRect();
              const w = toWorld(mv, e.clientX - r.left, e.clientY - r.top);
              centerOn(w.x, w.y);
            }}
            onPointerMove={(e) => {
              if (!e.buttons) return;
              const mv = miniView.current;
              if (!mv) return;
              const r = e.currentTarget.getBoundingClientRect();
              const w = toWorld(mv, e.clientX - r.left, e.clientY - r.top);
              centerOn(w.x, w.y);
            }}
          />
          {minimapRect && <div className={styles.minimapView} style={minimapRect} />}
        </div>
      )}
    </div>
  );
}

function initialFocus(model: SeatMapModel): number {
  for (let i = 0; i < model.n; i++) if (model.selected[i]) return i;
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

function viewportOnMinimap(v: View, mv: View) {
  const a = toWorld(v, 0, 0);
  const b = toWorld(v, v.w, v.h);
  const left = Math.max(0, a.x * mv.scale + mv.ox);
  const top = Math.max(0, a.y * mv.scale + mv.oy);
  const right = Math.min(mv.w, b.x * mv.scale + mv.ox);
  const bottom = Math.min(mv.h, b.y * mv.scale + mv.oy);
  return { insetInlineStart: left, insetBlockStart: top, inlineSize: Math.max(0, right - left), blockSize: Math.max(0, bottom - top) };
}
