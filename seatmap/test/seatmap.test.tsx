import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addNamespace, i18n, initI18n, SEAT_FLAGS, type Presentation, type SeatplanV2 } from '@ticketing/shared';
import he from '../src/locales/he.json';
import en from '../src/locales/en.json';
import ru from '../src/locales/ru.json';
import ar from '../src/locales/ar.json';
import pl from '../src/locales/pl.json';
import { SeatMapModel, drawnSeatCount, seatingModeOf } from '../src/model';
import { anyGapSafeSeat, blockedIndices, checkSelect, validateSelection } from '../src/rules';
import { seatLabel } from '../src/labels';
import { SeatMap, SeatMapSkeleton } from '../src/SeatMap';
import { buildModel, SEPARATE_BUILD_SEATS, SeatSelection } from '../src/SeatSelection';
import type { SeatMapBinding, SelectedSeat } from '../src/binding';
import { SelectedSeats } from '../src/SeatPanels';
import { withSeatmapTexts } from '../src/locales';
import { createMapCanvas } from '../src/mapCanvas';

/** 3 rows (A–C) × 4 seats with an aisle between seats 2 and 3; C1 handicap, B2–B3 … no: B3+B4 a sofa. */
function plan(): SeatplanV2 {
  const rows = ['A', 'B', 'C'].map((name, r) => ({
    name, y: r + 2,
    seats: [1, 2, 4, 5].map((x, k) => [x, String(k + 1), name === 'C' && k === 0 ? SEAT_FLAGS.handicap : name === 'A' && k === 3 ? SEAT_FLAGS.premium : 0,
      name === 'B' && k >= 2 ? 1 : 0, 1] as [number, string, number, number, number]),
  }));
  return {
    id: 1, venueId: 1, name: 'Hall 1', width: 6, height: 6, stage: { x: 0, y: 0, width: 6, height: 1, label: 'Screen', kind: 'screen' },
    sections: [{ id: 10, name: 'Stalls', isGA: false, capacity: 12, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 6, height: 3 }, groups: [{ id: 100, name: 'Stalls', rows }] }],
  };
}
const allFree = (m: SeatMapModel) => {
  const seats: Record<string, string> = {};
  for (let i = 0; i < m.n; i++) seats[m.key(i)] = '1,1';
  return seats;
};

afterEach(cleanup);
beforeAll(async () => {
  await initI18n('en');
  addNamespace('seatmap', { he, en, ru, ar, pl });
});

describe('model', () => {
  it('derives the seating mode', () => {
    const p = plan();
    expect(seatingModeOf(p)).toBe('reserved');
    expect(seatingModeOf({ sections: [{ ...p.sections[0], isGA: true }] })).toBe('singleGA');
    expect(seatingModeOf({ sections: [p.sections[0], { ...p.sections[0], isGA: true }] })).toBe('mixed');
    expect(seatingModeOf({ sections: [{ ...p.sections[0], isGA: true }, { ...p.sections[0], isGA: true }] })).toBe('multiGA');
  });
  it('starts unavailable, marks listed seats available and own holds selected; hit-tests through the grid index', () => {
    const m = new SeatMapModel(plan());
    expect(m.status(0)).toBe('unavailable');
    m.applyStatus({ seats: { '10_1_2': '1,1', '10_2_2': '1,1' }, held: ['10_4_2'], sections: { 10: { available: 3, capacity: 12 } }, holdExpiresAt: null });
    expect(m.status(m.seatAt(1.5, 2.5))).toBe('available');
    expect(m.status(m.seatAt(4.2, 2.9))).toBe('selected');
    expect(m.status(m.seatAt(5, 2))).toBe('unavailable');
    expect(m.seatAt(3, 2)).toBe(-1); // the aisle
  });
  it('draws a seat next to a would-be gap as an ordinary free seat under seating policy 3 (issue 14 point 6) and applies live events', () => {
    const base = new SeatMapModel(plan());
    const m = buildModel(plan(), { seats: allFree(base), held: [], sections: {}, holdExpiresAt: null }, 3);
    // A: 1 2 | 4 5 — pairs; any single choice leaves its partner alone, yet the seat is shown and announced as available
    expect(m.blocked[m.indexOf(10, 1, 2)]).toBe(1);
    expect(m.status(m.indexOf(10, 1, 2))).toBe('available');
    expect(m.status(m.indexOf(10, 4, 3))).toBe('available');
    m.applyEvent({ presentationId: 1, status: 'held', seats: [[10, 4, 3], [10, 5, 3]] }, () => false);
    expect(m.status(m.indexOf(10, 4, 3))).toBe('unavailable');
    expect(m.status(m.indexOf(10, 1, 2))).toBe('available');
  });
});

describe('model rules from typed arrays', () => {
  /** Random rows with aisles, sofa pairs and a few odd statuses; deterministic (LCG). */
  function randomPlan(seed: number): { plan: SeatplanV2; seats: Record<string, string>; held: string[] } {
    let r = seed;
    const rnd = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648);
    const rows = Array.from({ length: 6 }, (_, k) => {
      const seats: Array<[number, string, number, number, number]> = [];
      let x = 1;
      let unit = 0;
      for (let n = 0; n < 14; n++) {
        x += rnd() < 0.12 ? 2 : 1; // an aisle now and then
        const sofa = rnd() < 0.15;
        if (sofa) {
          unit = k * 100 + n + 1;
          seats.push([x, String(n), 0, unit, 1], [x + 1, String(n) + 'b', 0, unit, 1]);
          x += 1;
        } else seats.push([x, String(n), 0, 0, 1]);
      }
      return { name: String.fromCharCode(65 + k), y: k + 2, seats: seats.reverse() }; // unsorted on purpose
    });
    const plan: SeatplanV2 = {
      id: 1, venueId: 1, name: 'Random', width: 40, height: 10, stage: { x: 0, y: 0, width: 40, height: 1, label: 'Stage', kind: 'stage' },
      sections: [{ id: 7, name: 'S', isGA: false, capacity: 200, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 40, height: 6 }, groups: [{ id: 70, name: 'S', rows }] }],
    };
    const seats: Record<string, string> = {};
    const held: string[] = [];
    for (const row of rows) for (const [sx] of row.seats) {
      const v = rnd();
      if (v < 0.55) seats[`7_${sx}_${row.y}`] = '1,3';
      else if (v < 0.62) held.push(`7_${sx}_${row.y}`);
    }
    return { plan, seats, held };
  }
  const expectSameAsRules = (m: SeatMapModel, label: string) => {
    const rows = m.ruleRows();
    const any = anyGapSafeSeat(rows);
    const expected = new Set<number>();
    rows.forEach((rr, r) => { for (const k of blockedIndices(rr, any)) expected.add(m.rows[r].start + k); });
    const actual: string[] = [];
    for (let i = 0; i < m.n; i++) if (m.blocked[i]) actual.push(m.key(i));
    expect(actual, label).toEqual([...expected].sort((a, b) => a - b).map((i) => m.key(i)));
    return actual.length;
  };

  it('blocks exactly the seats the reference rules block, after the status and after every change', () => {
    let blocked = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const { plan: p, seats, held } = randomPlan(seed);
      const m = buildModel(p, { seats, held, sections: {}, holdExpiresAt: null }, 3);
      expect(m.allocationOf(m.indexByKey(Object.keys(seats)[0]))).toBe(3);
      blocked += expectSameAsRules(m, `seed ${seed}`);
      for (let step = 0; step < 12; step++) {
        const i = (seed * 31 + step * 17) % m.n;
        if (step % 3 === 0) m.setAvailable([i], !m.available[i]);
        else m.setSelected(m.unitOf(i), !m.selected[i]);
        expectSameAsRules(m, `seed ${seed} step ${step}`);
      }
      // the lazily built rows answer like the full list, and the whole-selection check needs only the selected rows
      const all = m.ruleRows();
      const opts = { singleSeatRule: true, maxSeats: 10, selectedCount: 0, selectedGroups: new Set<number>() };
      for (let i = seed % 5; i < m.n; i += 9) {
        const r = m.rowOf[i];
        expect(checkSelect(m.ruleRowList(), r, i - m.rows[r].start, opts)).toEqual(checkSelect(all, r, i - m.rows[r].start, opts));
      }
      expect(validateSelection(m.selectionRuleRows(), 10, 4)).toEqual(validateSelection(all, 10, 4));
    }
    expect(blocked).toBeGreaterThan(20); // the random plans do exercise the blocking
  });
});

describe('seat labels', () => {
  it('speaks row, seat, kinds, price group and status', () => {
    const t = i18n.getFixedT('en', 'seatmap');
    expect(seatLabel(t, { row: 'F', seat: '7', kinds: ['premium', 'handicap'], group: 'Premium', status: 'available' }))
      .toBe('Row F, seat 7, premium, wheelchair space, price group Premium, available');
    expect(seatLabel(i18n.getFixedT('he', 'seatmap'), { row: 'F', seat: '7', kinds: [], status: 'blocked' }))
      .toBe('שורה F, כיסא 7, חסום: ישאיר כיסא בודד ריק');
  });
});

describe('accessible seat grid', () => {
  /** The map mounted, once its grid is there (the grid follows the drawing's first frame). */
  async function setup() {
    const base = new SeatMapModel(plan());
    const m = buildModel(plan(), { seats: allFree(base), held: [], sections: {}, holdExpiresAt: null }, 1);
    const onActivate = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <SeatMap model={m} groupName={() => 'Regular'} onActivate={onActivate} onGeneralAdmission={() => {}} />
      </I18nextProvider>,
    );
    await screen.findAllByRole('gridcell');
    return { m, onActivate };
  }
  const focused = () => document.activeElement as HTMLElement;

  it('renders one roving tab stop in a grid of rows, the hall in physical left-to-right', async () => {
    await setup();
    const grid = screen.getByRole('grid');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(12);
    expect(cells.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    expect(cells[0].getAttribute('aria-label')).toBe('Row A, seat 1, price group Regular, available');
    expect(grid.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
  });

  it('moves seat to seat with the arrow keys (across the aisle), Home/End, and toggles with Enter and Space', async () => {
    const { m, onActivate } = await setup();
    const first = screen.getAllByRole('gridcell')[0];
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(focused().dataset.key).toBe('10_2_2');
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(focused().dataset.key).toBe('10_4_2'); // over the aisle
    expect(focused().tabIndex).toBe(0);
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused().dataset.key).toBe('10_4_3');
    fireEvent.keyDown(focused(), { key: 'Home' });
    expect(focused().dataset.key).toBe('10_1_3');
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused().dataset.key).toBe('10_5_3');
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused().dataset.key).toBe('10_5_2');
    fireEvent.keyDown(focused(), { key: 'Enter' });
    fireEvent.keyDown(focused(), { key: ' ' });
    expect(onActivate).toHaveBeenCalledTimes(2);
    expect(onActivate).toHaveBeenLastCalledWith(m.indexOf(10, 5, 2));
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toHaveLength(1);
  });

  it('reflects selection in aria-selected after a model change', async () => {
    const { m } = await setup();
    act(() => { m.setSelected([m.indexOf(10, 2, 2)], true); });
    const cell = screen.getAllByRole('gridcell').find((c) => c.dataset.key === '10_2_2')!;
    expect(cell.getAttribute('aria-selected')).toBe('true');
    expect(cell.getAttribute('aria-label')).toMatch(/selected$/);
  });

  it('builds the grid only after the drawing\'s first frame, also when the map renders again before it', async () => {
    const base = new SeatMapModel(plan());
    const m = buildModel(plan(), { seats: allFree(base), held: [], sections: {}, holdExpiresAt: null }, 1);
    const ui = (n: number) => (
      <I18nextProvider i18n={i18n}>
        <SeatMap model={m} groupName={() => 'Regular'} onActivate={() => {}} onGeneralAdmission={() => {}} focusRequest={{ seat: 1, n }} />
      </I18nextProvider>
    );
    const { rerender } = render(ui(1));
    // a store update flushed with the first commit's effects renders the map again, its view already measured
    rerender(ui(2));
    expect(screen.queryAllByRole('gridcell')).toHaveLength(0);
    expect(await screen.findAllByRole('gridcell')).toHaveLength(12);
  });

  it('shows the map\'s frame while the plan and status are on their way: the toolbar and its hint, buttons waiting, the hall\'s box', () => {
    render(<I18nextProvider i18n={i18n}><SeatMapSkeleton plan={{ width: 6, height: 6 }} /></I18nextProvider>);
    const bar = screen.getByRole('toolbar');
    expect(bar.textContent).toContain('drag to move');
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status')).toBeTruthy();
    expect((screen.getByTestId('seatmap-loading').lastElementChild as HTMLElement).style.aspectRatio).toBe('8 / 8');
    expect(screen.queryAllByRole('gridcell')).toHaveLength(0);
  });

  it('prepares the step\'s canvas in the loading box (hidden) and draws the map on that same canvas, its size not written again', () => {
    const canvas = createMapCanvas();
    const { unmount } = render(<I18nextProvider i18n={i18n}><SeatMapSkeleton plan={{ width: 6, height: 6 }} canvas={canvas} /></I18nextProvider>);
    const box = screen.getByTestId('seatmap-loading').lastElementChild as HTMLElement;
    expect(canvas.parentNode).toBe(box);
    expect(canvas.className).toContain('canvasWaiting');
    expect(canvas.getAttribute('aria-hidden')).toBe('true');
    // jsdom lays nothing out: the box's default size (mapCanvas.boxSize)
    expect([canvas.width, canvas.height]).toEqual([800, 500]);
    unmount();
    const written = vi.fn();
    const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')!;
    Object.defineProperty(canvas, 'width', { get: () => width.get!.call(canvas), set: (v: number) => { written(v); width.set!.call(canvas, v); }, configurable: true });
    const m = new SeatMapModel(plan());
    m.applyStatus({ seats: allFree(m), held: [], sections: {}, holdExpiresAt: null });
    render(<I18nextProvider i18n={i18n}><SeatMap model={m} canvas={canvas} groupName={() => 'Regular'} onActivate={() => {}} onGeneralAdmission={() => {}} /></I18nextProvider>);
    const map = screen.getByTestId('seatmap');
    expect(map.firstElementChild).toBe(canvas);
    expect(canvas.className).not.toContain('canvasWaiting');
    // writing a canvas's size, even the same, clears it and drops its backing store
    expect(written).not.toHaveBeenCalled();
  });

  it('makes its own canvas when the step gives none', () => {
    const m = new SeatMapModel(plan());
    m.applyStatus({ seats: allFree(m), held: [], sections: {}, holdExpiresAt: null });
    render(<I18nextProvider i18n={i18n}><SeatMap model={m} groupName={() => 'Regular'} onActivate={() => {}} onGeneralAdmission={() => {}} /></I18nextProvider>);
    const first = screen.getByTestId('seatmap').firstElementChild;
    expect(first?.tagName).toBe('CANVAS');
    expect(first?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('seat step: when the model is built', () => {
  /** `rows` × `perRow` seats in one section, every seat free. */
  function hall(rows: number, perRow: number): { plan: SeatplanV2; status: { seats: Record<string, string>; held: string[]; sections: Record<string, never>; holdExpiresAt: null } } {
    const rowList = Array.from({ length: rows }, (_, r) => ({
      name: `R${r + 1}`, y: r + 2, seats: Array.from({ length: perRow }, (_, k) => [k + 1, String(k + 1), 0, 0, 1] as [number, string, number, number, number]),
    }));
    const plan: SeatplanV2 = {
      id: 2, venueId: 2, name: 'Big', width: perRow + 2, height: rows + 3, stage: { x: 0, y: 0, width: perRow + 2, height: 1, label: 'Stage', kind: 'stage' },
      sections: [{ id: 20, name: 'Floor', isGA: false, capacity: rows * perRow, ticketGroupId: 1, bounds: { x: 0, y: 2, width: perRow + 2, height: rows }, groups: [{ id: 200, name: 'Floor', rows: rowList }] }],
    };
    const seats: Record<string, string> = {};
    for (const r of rowList) for (const s of r.seats) seats[`20_${s[0]}_${r.y}`] = '1,1';
    return { plan, status: { seats, held: [], sections: {}, holdExpiresAt: null } };
  }
  function binding(data: ReturnType<typeof hall>): SeatMapBinding {
    const cart = { seatsSelected() {}, seatsUnselected() {}, seatHeld() {}, holdExpiresAt() {} };
    const holds = { lock: async () => { throw new Error('no'); }, unlock: async () => undefined, release: async () => undefined, bestLoading: false };
    return {
      usePlan: () => ({ currentData: { seatplan: data.plan } as never, refetch() {} }),
      useStatus: () => ({ currentData: data.status as never, refetch() {} }),
      useSeats: () => [],
      useCartActions: () => cart,
      useHoldApi: () => holds,
      eventsUrl: () => '/events',
    };
  }
  const presentation = { id: 7, venueId: 2, seatplanId: 2, seatingPolicyId: 1, venueName: 'Big' } as unknown as Presentation;
  const step = (b: SeatMapBinding) => (
    <I18nextProvider i18n={i18n}>
      <SeatSelection presentation={presentation} groupName={() => 'Regular'} onValidityChange={() => {}} binding={b} />
    </I18nextProvider>
  );

  it('a cinema hall is built and drawn in the render that brings its data', () => {
    const small = hall(10, 20);
    expect(drawnSeatCount(small.plan)).toBe(200);
    render(step(binding(small)));
    expect(screen.getByTestId('seatmap').dataset.seats).toBe('200');
  });

  it(`from ${SEPARATE_BUILD_SEATS} seats the frame is shown first and the model is built in a task of its own`, async () => {
    const big = hall(60, 100);
    expect(drawnSeatCount(big.plan)).toBe(6000);
    render(step(binding(big)));
    expect(screen.getByTestId('seatmap-loading')).toBeTruthy();
    expect(screen.queryByTestId('seatmap')).toBeNull();
    expect((await screen.findByTestId('seatmap')).dataset.seats).toBe('6000');
    expect(screen.queryByTestId('seatmap-loading')).toBeNull();
  });

  it('its texts come per language: the map\'s place is kept until the page\'s language has arrived, then the map shows them', async () => {
    i18n.removeResourceBundle('pl', 'seatmap');
    await i18n.changeLanguage('pl');
    try {
      render(step(binding(hall(2, 3))));
      expect(screen.getByTestId('seatmap-loading')).toBeTruthy();
      expect(screen.queryByRole('toolbar')).toBeNull();
      expect(screen.queryByTestId('seatmap')).toBeNull();
      // the suspended render asked for the Polish texts only (React's retry of a suspension inside an unawaited
      // act is not run by the test renderer: the next render shows what a retry shows)
      await vi.waitUntil(() => i18n.hasResourceBundle('pl', 'seatmap'), { timeout: 5000 });
      cleanup();
      render(step(binding(hall(2, 3))));
      expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe(pl.seatmap.zoom.toolbar);
      expect(screen.getByTestId('seatmap').dataset.seats).toBe('6');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
  it('a page loaded with withSeatmapTexts shows the map at once: its code counts as loaded once the texts are there too', async () => {
    i18n.removeResourceBundle('ru', 'seatmap');
    await i18n.changeLanguage('ru');
    try {
      expect(await withSeatmapTexts(Promise.resolve('page code'))).toBe('page code');
      expect(i18n.hasResourceBundle('ru', 'seatmap')).toBe(true);
      render(step(binding(hall(2, 3))));
      expect(screen.queryByTestId('seatmap-loading')).toBeNull();
      expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe(ru.seatmap.zoom.toolbar);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the seat list names the price level when the hall has more than one', () => {
  const seat = (tg: number): SelectedSeat => ({
    key: `1_${tg}_1`, sectionId: 1, XCoordinate: tg, YCoordinate: 1, RowName: 'G', SeatName: String(tg), SectionName: 'Stalls',
    TicketGroupId: tg, AllocationId: 0, isGA: false, hold: 'held', ticket: { name: 'Regular' },
  });
  it('best available may hold premium seats: "· Premium · Regular", not only the ticket name the levels share', () => {
    const levels: Record<number, string> = { 1: 'Regular', 2: 'Premium' };
    render(<I18nextProvider i18n={i18n}><SelectedSeats seats={[seat(2)]} maxSeats={10} onRemove={() => {}} levelOf={(s) => levels[s.TicketGroupId]} /></I18nextProvider>);
    expect(screen.getByTestId('selected-seat').textContent).toContain('· Premium · Regular');
  });
  it('a regular seat in such a hall says "Regular" once (the level and its ticket share the name), each part isolated', () => {
    const levels: Record<number, string> = { 1: 'Regular', 2: 'Premium' };
    render(<I18nextProvider i18n={i18n}><SelectedSeats seats={[seat(1)]} maxSeats={10} onRemove={() => {}} levelOf={(s) => levels[s.TicketGroupId]} /></I18nextProvider>);
    const line = screen.getByTestId('selected-seat');
    expect(line.textContent!.match(/Regular/g)).toHaveLength(1);
    expect([...line.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([expect.stringContaining('Stalls'), 'Regular']);
  });
  it('one level in the hall: the ticket alone, as before', () => {
    render(<I18nextProvider i18n={i18n}><SelectedSeats seats={[seat(1)]} maxSeats={10} onRemove={() => {}} /></I18nextProvider>);
    expect(screen.getByTestId('selected-seat').textContent).not.toContain('Premium');
    expect(screen.getByTestId('selected-seat').textContent).toContain('· Regular');
  });
});
