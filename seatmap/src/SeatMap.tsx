import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Spinner, type SeatplanV2 } from '@ticketing/shared';
import { useSeatmapTranslation } from './locales';
import type { SeatMapModel } from './model';
import { pinnedRowLabels } from './viewport';
import { useMapViewport, type MapViewport } from './useMapViewport';
import { initialFocus, KeyboardGrid } from './KeyboardGrid';
import { Minimap, MINIMAP_MIN_SEATS } from './Minimap';
import { createMapCanvas, prepareMapCanvas } from './mapCanvas';
import styles from './seatmap.module.css';

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
  /** The hall's name as visitors know it (the plan's own name is an internal id such as "plan-11"). */
  hallName?: string;
  /** The step's canvas, prepared while the map was loading (`SeatMapSkeleton`); without it the map makes its own. */
  canvas?: HTMLCanvasElement;
}

/**
 * The hall: the drawing and its view (useMapViewport), the accessible grid placed exactly over it (KeyboardGrid),
 * row names pinned to the edges and, for large halls, a minimap. The hall keeps the physical left/right in every
 * language (dir="ltr"); only the chrome around it mirrors.
 */
export function SeatMap({ model, groupName, onActivate, onGeneralAdmission, focusRequest, hallName, canvas: given }: SeatMapProps) {
  const { t } = useSeatmapTranslation();
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);
  // -1: the grid's starting seat, worked out when the grid first renders (it reads the blocked seats, which the
  // first drawing does not need)
  const [chosenFocus, setFocus] = useState<number>(-1);
  const focusByKeyboard = useRef(false);
  const focusAsked = useRef(-1);

  const labels = useMemo(() => ({
    sectionLabel: (name: string, isGA: boolean, available: number, soldOut: boolean) =>
      soldOut ? `${name} · ${t('seatmap.soldOut')}` : isGA ? `${name} · ${t('seatmap.gaLeft', { n: available })}` : name,
  }), [t]);

  // the first canvas it is given, else one of its own: never undefined, whatever the caller passes later
  const [first] = useState<HTMLCanvasElement>(() => given ?? createMapCanvas());
  const map = useMapViewport(model, labels, {
    onSeat: (i) => { focusByKeyboard.current = false; setFocus(i); onActivate(i); },
    onGeneralAdmission,
    onChange: rerender,
  }, given ?? first, styles.canvas);
  const { ensureVisible } = map;

  // external focus requests ("choose seat 7 instead", list picker)
  useEffect(() => {
    if (!focusRequest || focusRequest.seat < 0) return;
    ensureVisible(focusRequest.seat);
    // the keyboard focus goes there too: the control that asked is gone or was busy (QA: best available in the hall
    // left the focus on <body>)
    focusAsked.current = focusRequest.seat;
    setFocus(focusRequest.seat);
    rerender(); // the same seat as before still needs its render to take the focus
  }, [focusRequest, ensureVisible, rerender]);

  const v = map.viewRef.current;
  // the overlays follow the view only from the frame after the first drawing (useMapViewport's `overlays`)
  const overlayView = map.overlays ? v : null;
  const startFocus = useMemo(() => (map.overlays ? initialFocus(model) : 0), [map.overlays, model]);
  const focus = chosenFocus >= 0 ? chosenFocus : startFocus;
  const pins = overlayView ? pinnedRowLabels(model.rows, overlayView) : [];

  return (
    <div className={styles.mapArea}>
      <ZoomBar map={map} />
      {/* The hall keeps the physical room's left and right in every language. */}
      <div
        dir="ltr"
        ref={map.wrapRef}
        className={styles.viewport}
        role="region"
        aria-roledescription={t('seatmap.roleDescription')}
        // a concert's stage is not a screen (QA: the arena said "Screen at the top")
        aria-label={t(model.plan.stage.kind === 'stage' ? 'seatmap.regionLabelStage' : 'seatmap.regionLabel', { name: hallName ?? model.plan.name })}
        tabIndex={0}
        onKeyDown={map.onRegionKey}
        data-testid="seatmap"
        data-seats={model.n}
        data-seat-px={v ? Math.round(v.scale * 10) / 10 : undefined}
        style={hallProportions(model.plan)}
      >
        {/* the canvas (aria-hidden) is placed here first by useMapViewport: it is the step's, older than this box */}
        <KeyboardGrid
          model={model}
          view={overlayView}
          focus={focus}
          onFocusSeat={setFocus}
          focusByKeyboard={focusByKeyboard}
          focusAsked={focusAsked}
          onActivate={onActivate}
          ensureVisible={ensureVisible}
          groupName={groupName}
        />
        {/* Row names stay at the edges while the rows' own ends are out of view (zoomed or panned). */}
        <div className={styles.rowPins} aria-hidden="true">
          {pins.map((pin) => (
            <span
              key={`${pin.row}-${pin.side}`}
              className={styles.rowPin}
              data-row-pin={pin.name}
              data-side={pin.side}
              style={{ insetBlockStart: pin.top, fontSize: Math.round(Math.min(14, Math.max(10, overlayView!.scale * 0.45))), ...(pin.side === 'left' ? { insetInlineStart: 2 } : { insetInlineEnd: 2 }) }}
            >{pin.name}</span>
          ))}
        </div>
      </div>
      {model.n >= MINIMAP_MIN_SEATS && <Minimap model={model} view={overlayView} onCenter={map.centerOn} />}
    </div>
  );
}

/** The hall's own proportions (within the CSS limits): a phone's map has no empty bands to scroll past. */
function hallProportions(plan: Pick<SeatplanV2, 'width' | 'height'>): CSSProperties {
  return { aspectRatio: `${plan.width + 2} / ${plan.height + 2}` };
}

/** Zoom in, out and the whole hall, with the hint; its buttons wait for the drawing (no `map` yet: disabled). */
function ZoomBar({ map }: { map?: MapViewport }) {
  const { t } = useSeatmapTranslation();
  return (
    <div className={styles.zoomBar} role="toolbar" aria-label={t('seatmap.zoom.toolbar')}>
      <button type="button" className="tx-btn tx-btn-secondary" disabled={!map} onClick={() => map?.zoomAt(1.25)} aria-label={t('seatmap.zoom.in')}>+</button>
      <button type="button" className="tx-btn tx-btn-secondary" disabled={!map} onClick={() => map?.zoomAt(0.8)} aria-label={t('seatmap.zoom.out')}>−</button>
      <button type="button" className="tx-btn tx-btn-secondary" disabled={!map} onClick={map?.fit}>{t('seatmap.zoom.fit')}</button>
      <span className={styles.hint}>{t('seatmap.zoom.hint')}</span>
    </div>
  );
}

/**
 * The map's frame while its plan and status are on their way: the same toolbar and hint, and the map's box (its
 * hall's proportions once the plan is known, else its least height) with a spinner, so the step's text is there at
 * once and little moves when the drawing comes. Once the box has its hall's proportions the step's canvas is
 * prepared in it, hidden (mapCanvas.ts).
 */
export function SeatMapSkeleton({ plan, canvas }: { plan?: Pick<SeatplanV2, 'width' | 'height'>; canvas?: HTMLCanvasElement }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (plan && canvas && box.current) prepareMapCanvas(canvas, box.current, `${styles.canvas} ${styles.canvasWaiting}`);
  }, [plan, canvas]);
  return (
    <div className={styles.mapArea} data-testid="seatmap-loading">
      <ZoomBar />
      <div ref={box} className={`${styles.viewport} ${styles.loading}`} style={plan ? hallProportions(plan) : undefined}><Spinner /></div>
    </div>
  );
}

/** The map's box alone, for the moment before its texts have arrived (no toolbar: its labels are among them). */
export function SeatMapPlaceholder() {
  return <div className={styles.mapArea} data-testid="seatmap-loading"><div className={`${styles.viewport} ${styles.loading}`}><Spinner /></div></div>;
}
