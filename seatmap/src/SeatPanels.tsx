import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSeatmapTranslation } from './locales';
import type { SelectedSeat as CartSeat } from './binding';
import type { SeatMapModel } from './model';
import { modelSeatLabel } from './labels';
import { COLORS } from './render';
import type { Refusal } from './useSeatSelection';
import type { SelectionProblem } from './rules';
import styles from './seatmap.module.css';

type GroupName = (tg: number) => string | undefined;

const seatText = (m: SeatMapModel, i: number) => ({ row: m.rows[m.rowOf[i]].name, seat: m.seatName[i] });

/**
 * Brings a message into view when it appears or changes: on a phone the seat map's messages sit below the map, out of
 * sight of a visitor whose Continue (in the bottom bar) was just refused. `nearest`: a message already in view stays.
 */
function useIntoView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => { if (key) ref.current?.scrollIntoView?.({ block: 'nearest' }); }, [key]);
  return ref;
}

/** Why a seat was refused, which rule, and a one-click fix. */
export function RuleMessage({ refusal, model, groupName, onChoose, onDismiss }: {
  refusal: Refusal; model: SeatMapModel; groupName: GroupName; onChoose: (seat: number) => void; onDismiss: () => void;
}) {
  const { t } = useSeatmapTranslation();
  const ref = useIntoView<HTMLDivElement>(refusal);
  const seat = refusal.seat >= 0 ? seatText(model, refusal.seat) : undefined;
  let text: string;
  switch (refusal.rule) {
    case 'SINGLE_SEAT_GAP':
      text = seat && refusal.gapSeat !== undefined
        ? t('seatmap.rule.SINGLE_SEAT_GAP', { ...seat, gap: model.seatName[refusal.gapSeat] })
        : t('seatmap.rule.SINGLE_SEAT_GAP_short');
      break;
    case 'MAX_SEATS': text = t('seatmap.rule.MAX_SEATS', { max: refusal.max }); break;
    case 'PRICE_GROUP': text = t('seatmap.rule.PRICE_GROUP', { group: (refusal.group !== undefined && groupName(refusal.group)) || '' }); break;
    case 'SOFA_UNIT': text = t('seatmap.rule.SOFA_UNIT'); break;
    case 'COMPANION': text = t('seatmap.rule.COMPANION'); break;
    default: text = t(refusal.key ?? 'seatmap.rule.UNAVAILABLE');
  }
  const sug = refusal.suggestion;
  return (
    <div ref={ref} role="alert" className={styles.message} data-testid="rule-message" data-rule={refusal.rule}>
      <p><strong>{t(`seatmap.ruleName.${refusal.rule}`, { defaultValue: '' })}</strong> {text}</p>
      {refusal.rule === 'MAX_SEATS' && <p>{t('seatmap.fix.unselect')}</p>}
      <div className={styles.row}>
        {sug !== undefined && (
          <button type="button" className="tx-btn" onClick={() => onChoose(sug)} data-testid="rule-fix">
            {t('seatmap.fix.choose', seatText(model, sug))}
          </button>
        )}
        <button type="button" className="tx-btn tx-btn-secondary" onClick={onDismiss}>{t('common:actions.close')}</button>
      </div>
    </div>
  );
}

/** Whole-selection problems (before continuing). */
export function SelectionProblems({ problems, model, strict }: { problems: SelectionProblem[]; model: SeatMapModel; strict: boolean }) {
  const { t } = useSeatmapTranslation();
  const ref = useIntoView<HTMLDivElement>(strict ? problems.map((p) => p.rule + p.key).join(' ') : '');
  if (!problems.length) return null;
  return (
    <div ref={ref} role={strict ? 'alert' : 'status'} className={`${styles.message} ${strict ? '' : styles.warn}`} data-testid="selection-problems">
      {problems.map((p) => {
        const i = model.indexByKey(p.key);
        const n = p.neighbourKey ? model.indexByKey(p.neighbourKey) : -1;
        return (
          <p key={p.rule + p.key}>
            {p.rule === 'SINGLE_SEAT_GAP' && i >= 0
              ? t('seatmap.problem.SINGLE_SEAT_GAP', { ...seatText(model, i), neighbour: n >= 0 ? model.seatName[n] : '' })
              : t(`seatmap.problem.${p.rule}`)}
          </p>
        );
      })}
    </div>
  );
}

/** `hasCurrent`: a seat change's map, whose current seats are framed as on the drawing (render.ts drawCurrentMarks). */
export function Legend({ hasGA, hasCurrent = false }: { hasGA: boolean; hasCurrent?: boolean }) {
  const { t } = useSeatmapTranslation();
  const items: Array<[string, React.CSSProperties, string?, boolean?]> = [
    ['available', { background: COLORS.available }],
    ['premium', { background: COLORS.premium }],
    ['selected', { background: COLORS.selected }],
    ...(hasCurrent ? [['current', { background: COLORS.available, boxShadow: `inset 0 0 0 2px ${COLORS.currentRing}, inset 0 0 0 3px ${COLORS.currentInner}` }] as [string, React.CSSProperties]] : []),
    ['unavailable', { background: COLORS.unavailable }],
    ['handicap', { background: COLORS.available }, '●'],
    ['companion', { background: COLORS.available }, '○'],
    ['limitedView', { background: COLORS.available }, '▲'],
    ['sofa', { background: COLORS.available }, undefined, true],
    ['soldOut', { background: `repeating-linear-gradient(45deg, ${COLORS.gaSoldOut}, ${COLORS.gaSoldOut} 3px, ${COLORS.section} 3px, ${COLORS.section} 6px)` }],
  ];
  if (hasGA) items.push(['ga', { background: COLORS.ga }]);
  return (
    <ul className={styles.legend} aria-label={t('seatmap.legend.title')}>
      {items.map(([k, style, sym, wide]) => (
        <li key={k}>
          <span className={`${styles.swatch} ${wide ? styles.swatchWide : ''}`} style={style} aria-hidden="true">{sym}</span>
          {t(`seatmap.legend.${k}`)}
        </li>
      ))}
    </ul>
  );
}

/** Section → row → seat: the list alternative to the map for screen-reader users. */
export function ListPicker({ model, groupName, onToggle }: { model: SeatMapModel; groupName: GroupName; onToggle: (seat: number) => void }) {
  const { t } = useSeatmapTranslation();
  const id = useId();
  const reserved = model.sections.filter((s) => !s.isGA && s.rowEnd > s.rowStart);
  const [section, setSection] = useState(reserved[0]?.index ?? -1);
  const sec = model.sections[section];
  const [row, setRow] = useState(sec ? sec.rowStart : -1);
  const rowInfo = model.rows[row];
  const [seat, setSeat] = useState(-1);
  const seatOk = rowInfo && seat >= rowInfo.start && seat < rowInfo.end ? seat : -1;
  if (!reserved.length) return null;
  return (
    <details className="tx-card" data-testid="list-picker">
      <summary>{t('seatmap.list.title')}</summary>
      <div className="tx-field">
        <label htmlFor={`${id}-s`}>{t('seatmap.list.section')}</label>
        <select id={`${id}-s`} value={section} onChange={(e) => { const s = model.sections[Number(e.target.value)]; setSection(s.index); setRow(s.rowStart); setSeat(-1); }}>
          {reserved.map((s) => <option key={s.id} value={s.index}>{s.soldOut ? `${s.name} (${t('seatmap.soldOut')})` : s.name}</option>)}
        </select>
      </div>
      <div className="tx-field">
        <label htmlFor={`${id}-r`}>{t('seatmap.list.row')}</label>
        <select id={`${id}-r`} value={row} onChange={(e) => { setRow(Number(e.target.value)); setSeat(-1); }}>
          {sec && model.rows.slice(sec.rowStart, sec.rowEnd).map((r) => <option key={r.index} value={r.index}>{t('seatmap.seat.row', { row: r.name })}</option>)}
        </select>
      </div>
      <div className="tx-field">
        <label htmlFor={`${id}-x`}>{t('seatmap.list.seat')}</label>
        <select id={`${id}-x`} value={seatOk} onChange={(e) => setSeat(Number(e.target.value))}>
          <option value={-1}>{t('seatmap.list.choose')}</option>
          {rowInfo && Array.from({ length: rowInfo.end - rowInfo.start }, (_, k) => rowInfo.start + k).map((i) => (
            <option key={i} value={i} disabled={model.status(i) === 'unavailable'}>{modelSeatLabel(t, model, i, groupName)}</option>
          ))}
        </select>
      </div>
      <button type="button" className="tx-btn" disabled={seatOk < 0 || model.status(seatOk) === 'unavailable'} onClick={() => onToggle(seatOk)}>
        {seatOk >= 0 && model.selected[seatOk] ? t('seatmap.list.unselect') : t('seatmap.list.select')}
      </button>
    </details>
  );
}

/**
 * General-admission sections: choose a quantity; the server picks each place. Video on demand (`vod`) is a quantity
 * too, but of viewings, not places: no "free seating" title and no count of places left (a streaming capacity).
 */
export function GaPanel({ model, seats, onAdd, onRemove, maxReached, vod = false }: {
  model: SeatMapModel; seats: CartSeat[]; onAdd: (sectionId: number) => void; onRemove: (sectionId: number) => void; maxReached: boolean; vod?: boolean;
}) {
  const { t } = useSeatmapTranslation();
  const ga = model.sections.filter((s) => s.isGA);
  const said = useHeldCountAnnouncement(model, seats, vod);
  if (!ga.length) return null;
  return (
    <section className="tx-card" aria-labelledby="ga-title" data-testid="ga-panel">
      {/* a neutral title: "free seating areas" stood above a standing floor (a standing venue, the mixed hall's standing) */}
      <h3 id="ga-title">{t(vod ? 'seatmap.ga.titleVod' : 'seatmap.ga.titlePlaces')}</h3>
      {ga.map((s) => {
        const mine = seats.filter((x) => x.sectionId === s.id).length;
        const left = Math.max(0, s.available - (model.gaHeld.get(s.id)?.length ?? 0));
        const busy = seats.some((x) => x.sectionId === s.id && x.hold === 'pending');
        // aria-disabled, never disabled: a disabled button loses the keyboard focus to <body> (QA: every next place
        // cost 10–17 Tabs while the hold request ran); a press while it is off is ignored
        const lessOff = !mine || busy;
        const moreOff = left <= 0 || maxReached || busy;
        return (
          <div key={s.id} className={styles.gaRow} id={`ga-${s.id}`}>
            <div>
              <strong>{s.name}</strong>
              {(!vod || left <= 0) && <div><small>{left > 0 ? t('seatmap.gaLeft', { n: left }) : t('seatmap.soldOut')}</small></div>}
            </div>
            <div className={styles.qty} role="group" aria-label={t(vod ? 'seatmap.ga.quantityVod' : 'seatmap.ga.quantity', { section: s.name })}>
              <button type="button" className="tx-btn tx-btn-secondary" aria-label={t(vod ? 'seatmap.ga.lessVod' : 'seatmap.ga.less', { section: s.name })}
                aria-disabled={lessOff} data-testid={`ga-less-${s.id}`} onClick={() => { if (!lessOff) onRemove(s.id); }}>−</button>
              <span data-testid={`ga-count-${s.id}`} aria-busy={busy}>{mine}</span>
              <button type="button" className="tx-btn tx-btn-secondary" aria-label={t(vod ? 'seatmap.ga.moreVod' : 'seatmap.ga.more', { section: s.name })}
                aria-disabled={moreOff} data-testid={`ga-more-${s.id}`} onClick={() => { if (!moreOff) onAdd(s.id); }}>+</button>
            </div>
          </div>
        );
      })}
      <div className="tx-visually-hidden" aria-live="polite" data-testid="ga-live">{said}</div>
    </section>
  );
}

/**
 * The sentence a screen reader hears, politely, when a section's count of held places changes ("2 places in Standing
 * floor"): the count alone ("2") said nothing about what changed. Nothing on the first render.
 */
function useHeldCountAnnouncement(model: SeatMapModel, seats: CartSeat[], vod: boolean): string {
  const { t } = useSeatmapTranslation();
  const before = useRef<Map<number, number> | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const now = new Map<number, number>();
    for (const x of seats) if (x.isGA && x.hold === 'held') now.set(x.sectionId, (now.get(x.sectionId) ?? 0) + 1);
    const prev = before.current;
    before.current = now;
    if (!prev) return;
    for (const s of model.sections) {
      if (!s.isGA || (prev.get(s.id) ?? 0) === (now.get(s.id) ?? 0)) continue;
      setSaid(t(vod ? 'seatmap.ga.countVod' : 'seatmap.ga.count', { count: now.get(s.id) ?? 0, section: s.name }));
    }
  }, [seats, model, vod, t]);
  return said;
}

/**
 * Best available. `onRun` resolves to the text that says why nothing was held (shown here and focused), or null when
 * seats were held (the caller moves the focus to the first of them). The button stays focusable while the request
 * runs (aria-disabled): a disabled button dropped the focus to <body>.
 */
export function BestAvailable({ maxSeats, hasAccessible, loading, onRun }: {
  maxSeats: number; hasAccessible: boolean; loading: boolean; onRun: (quantity: number, accessible: boolean) => Promise<string | null>;
}) {
  const { t } = useSeatmapTranslation();
  const id = useId();
  const [q, setQ] = useState(2);
  const [acc, setAcc] = useState(false);
  const [failed, setFailed] = useState<{ text: string; n: number } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => { if (failed) messageRef.current?.focus(); }, [failed]);
  const options = useMemo(() => Array.from({ length: maxSeats }, (_, k) => k + 1), [maxSeats]);
  // from the press to the answer (the release of the seats held so far comes first): a second press is ignored
  const [running, setRunning] = useState(false);
  const busy = loading || running;
  const run = async () => {
    if (busy) return;
    setFailed(null);
    setRunning(true);
    try {
      const text = await onRun(q, acc);
      if (text) setFailed({ text, n: Date.now() });
    } finally { setRunning(false); }
  };
  return (
    <section className="tx-card" aria-labelledby={`${id}-t`} data-testid="best-available">
      <h3 id={`${id}-t`}>{t('seatmap.best.title')}</h3>
      <div className={styles.row}>
        <div className="tx-field">
          <label htmlFor={`${id}-q`}>{t('seatmap.best.quantity')}</label>
          <select id={`${id}-q`} value={q} onChange={(e) => setQ(Number(e.target.value))}>
            {options.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        {hasAccessible && (
          <label className={styles.qty}>
            <input type="checkbox" checked={acc} onChange={(e) => setAcc(e.target.checked)} /> {t('seatmap.best.accessible')}
          </label>
        )}
      </div>
      <p><small>{t('seatmap.best.replaces')}</small></p>
      {failed && <p ref={messageRef} tabIndex={-1} role="alert" className={styles.message} data-testid="best-message">{failed.text}</p>}
      <button type="button" className={`tx-btn ${styles.softDisabled}`} aria-disabled={busy} onClick={() => void run()}>{t('seatmap.best.button')}</button>
    </section>
  );
}

/** A selected seat's line: the seat, its price level, its ticket unless named as the level ("Regular · Regular"), pending. */
export function seatParts(s: CartSeat, level: string | undefined, seat: string, pending: string | undefined): string[] {
  const ticket = s.ticket?.name;
  return [seat, level, ticket !== level ? ticket : undefined, pending].filter((x): x is string => !!x);
}

/** The seats selected so far, each with its ticket (the first ticket of its group) and a remove button. */
/**
 * `levelOf`: a seat's price level, given when the hall has more than one (best available may hold premium seats: the
 * list said only "· Regular", the ticket's name, which is the same in every level).
 */
export function SelectedSeats({ seats, maxSeats, onRemove, vod = false, places = false, levelOf }: {
  seats: CartSeat[]; maxSeats: number; onRemove: (s: CartSeat) => void; vod?: boolean; levelOf?: (s: CartSeat) => string | undefined;
  /** Only general-admission places in this map (a standing venue): "your places", not "your seats". */
  places?: boolean;
}) {
  const { t } = useSeatmapTranslation();
  const [title, empty] = vod ? ['cart.selectedVod', 'cart.emptyVod'] : places ? ['cart.selectedPlaces', 'cart.emptyPlaces'] : ['cart.selected', 'cart.empty'];
  return (
    <section className="tx-card" aria-labelledby="selected-title" data-testid="selected-seats">
      <h3 id="selected-title">{t(title, { n: seats.length, max: maxSeats })}</h3>
      {seats.length === 0 ? <p>{t(empty)}</p> : (
        <ul className={styles.selectedList}>
          {seats.map((s) => (
            <li key={s.key} className={styles.gaRow} data-testid="selected-seat" data-key={s.key}>
              <span>
                {/* each part isolated: a name in another script (an English section in Arabic) kept its own order */}
                {seatParts(s, levelOf?.(s), s.isGA ? s.SectionName : t('cart.seatShort', { section: s.SectionName, row: s.RowName, seat: s.SeatName }),
                  s.current ? t('seatmap.seat.current') : s.hold === 'pending' ? t('cart.pending') : undefined)
                  .map((part, i) => <span key={i}>{i > 0 && ' · '}<bdi>{part}</bdi></span>)}
              </span>
              <button type="button" className="tx-btn tx-btn-secondary" disabled={s.hold === 'pending'} onClick={() => onRemove(s)}
                aria-label={t('cart.remove', { seat: s.isGA ? s.SectionName : t('cart.seatShort', { section: s.SectionName, row: s.RowName, seat: s.SeatName }) })}>×</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
