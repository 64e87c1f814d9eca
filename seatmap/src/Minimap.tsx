import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { SeatMapModel } from './model';
import { drawMinimap, toWorld, type View } from './render';
import styles from './seatmap.module.css';

/** Halls from this many seats get a minimap. */
export const MINIMAP_MIN_SEATS = 1000;
const MINIMAP_WIDTH = 200;

/** The minimap's box in CSS px: fixed width, the hall's proportions (at least 40 px high). */
function minimapSize(plan: SeatMapModel['plan']): { w: number; h: number } {
  return { w: MINIMAP_WIDTH, h: Math.max(40, Math.round((MINIMAP_WIDTH * (plan.height + 2)) / (plan.width + 2))) };
}

/**
 * The whole hall in small with the part in view framed; pointing at it centres the map there. Drawn after the
 * map's first frame (never on the critical path) and again a little after the seats change.
 */
export function Minimap({ model, view, onCenter }: {
  model: SeatMapModel;
  /** The map's current view (the frame drawn over the minimap). */
  view: View | null;
  onCenter(wx: number, wy: number): void;
}) {
  const miniRef = useRef<HTMLCanvasElement>(null);
  const miniView = useRef<View | null>(null);

  const paint = useCallback(() => {
    const c = miniRef.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = minimapSize(model.plan);
    c.width = w * dpr; c.height = h * dpr;
    miniView.current = drawMinimap(ctx, model, w, h, dpr);
  }, [model]);

  // the frame after the map's, or a timer in a hidden tab
  useEffect(() => {
    let id: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const draw = () => { if (!done) { done = true; paint(); } };
    const raf = requestAnimationFrame(() => { id = setTimeout(draw, 0); });
    const fallback = setTimeout(draw, 300);
    return () => { cancelAnimationFrame(raf); clearTimeout(id); clearTimeout(fallback); };
  }, [paint]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = model.subscribe(() => { clearTimeout(timer); timer = setTimeout(paint, 250); });
    return () => { off(); clearTimeout(timer); };
  }, [model, paint]);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const mv = miniView.current;
    if (!mv) return;
    const r = e.currentTarget.getBoundingClientRect();
    const w = toWorld(mv, e.clientX - r.left, e.clientY - r.top);
    onCenter(w.x, w.y);
  };
  const frame = view && miniView.current ? viewportOnMinimap(view, miniView.current) : null;
  // the box has its final size from the first frame (issue 12: a canvas is 300 × 150 until drawn, and the minimap
  // shrinking to its size once drawn was a layout shift of 0.018 on the arena)
  const size = minimapSize(model.plan);

  return (
    <div dir="ltr" className={styles.minimap} aria-hidden="true">
      <canvas ref={miniRef} style={{ inlineSize: size.w, blockSize: size.h }} onPointerDown={point} onPointerMove={(e) => { if (e.buttons) point(e); }} />
      {frame && <div className={styles.minimapView} style={frame} />}
    </div>
  );
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
