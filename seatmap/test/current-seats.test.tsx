import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addNamespace, i18n, initI18n, type Presentation, type SeatplanV2, type SeatsStatusV2Response } from '@ticketing/shared';
import he from '../src/locales/he.json';
import en from '../src/locales/en.json';
import ru from '../src/locales/ru.json';
import ar from '../src/locales/ar.json';
import pl from '../src/locales/pl.json';
import { SeatMapModel } from '../src/model';
import { seatLabel } from '../src/labels';
import { drawAll, drawCurrentMarks, drawSeats, fitView, type View } from '../src/render';
import { buildModel, SeatSelection } from '../src/SeatSelection';
import { initialFocus } from '../src/KeyboardGrid';
import type { SeatMapBinding, SelectedSeat } from '../src/binding';

/**
 * A seat change's map (issue: the order's own seats were drawn as taken, like anyone else's): the order's current
 * seats are marked on the drawing, in the legend and in each seat's spoken name, and can be chosen again to keep them
 * (no hold: they are sold to the order). Every other map has none and pays nothing for them.
 */

/** Row A: seats 1–6 (x 1–6, y 2), one price level. */
function plan(): SeatplanV2 {
  const seats = [1, 2, 3, 4, 5, 6].map((x) => [x, String(x), 0, 0, 1] as [number, string, number, number, number]);
  return {
    id: 1, venueId: 1, name: 'plan-1', width: 8, height: 4, stage: { x: 0, y: 0, width: 8, height: 1, label: 'Screen', kind: 'screen' },
    sections: [{ id: 10, name: 'Stalls', isGA: false, capacity: 6, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 8, height: 1 }, groups: [{ id: 100, name: 'Stalls', rows: [{ name: 'A', y: 2, seats }] }] }],
  };
}
/** Seats 3 and 4 are sold (to the order being changed): the status does not list them. */
const status = (): SeatsStatusV2Response => ({
  seats: Object.fromEntries(['10_1_2', '10_2_2', '10_5_2', '10_6_2'].map((k) => [k, '1,1'])), held: [], sections: {}, holdExpiresAt: null,
});
const CURRENT = ['10_3_2', '10_4_2'];

afterEach(cleanup);
afterEach(async () => { await act(() => i18n.changeLanguage('en')); });
beforeAll(async () => {
  await initI18n('en');
  addNamespace('seatmap', { he, en, ru, ar, pl });
});

describe('the model: current seats', () => {
  it('an ordinary map has none (null: nothing to draw or check)', () => {
    const m = buildModel(plan(), status(), 1);
    expect(m.current).toBeNull();
    expect(m.isCurrent(m.indexByKey('10_3_2'))).toBe(false);
    expect(m.status(m.indexByKey('10_3_2'))).toBe('unavailable');
  });

  it('marks them available to the visitor though the status says sold, and keeps a kept one chosen through a new status', () => {
    const m = buildModel(plan(), status(), 1, CURRENT);
    const [a, b] = CURRENT.map((k) => m.indexByKey(k));
    expect(m.currentList).toEqual([a, b]);
    // the grid's tab stop starts where the visitor sits now (an ordinary map: the first free seat)
    expect(initialFocus(m)).toBe(a);
    expect(initialFocus(buildModel(plan(), status(), 1))).toBe(0);
    expect([m.isCurrent(a!), m.status(a!), m.status(b!)]).toEqual([true, 'available', 'available']);
    m.setSelected([a!], true);
    expect(m.keptIndices()).toEqual([a]);
    // a refetched status (reconnection) lists neither: the kept one stays chosen, the other available
    m.applyStatus(status());
    expect([m.status(a!), m.status(b!)]).toEqual(['selected', 'available']);
    // the same list again changes nothing; none makes it an ordinary map
    expect(m.setCurrent(CURRENT)).toBe(false);
    expect(m.setCurrent(undefined)).toBe(true);
    expect([m.current, m.status(a!)]).toEqual([null, 'unavailable']);
  });
});

describe('the spoken name', () => {
  it('says "your current seat" after the seat number, in every language', () => {
    const parts = { row: '5', seat: '7', kinds: [], group: 'Regular', status: 'available' as const, current: true };
    expect(seatLabel(i18n.getFixedT('en', 'seatmap'), parts)).toBe('Row 5, seat 7, your current seat, price group Regular, available');
    expect(seatLabel(i18n.getFixedT('he', 'seatmap'), parts)).toBe('שורה 5, כיסא 7, הכיסא הנוכחי שלכם, קבוצת מחיר Regular, פנוי');
    for (const lng of ['ru', 'ar', 'pl']) {
      const said = seatLabel(i18n.getFixedT(lng, 'seatmap'), parts);
      expect(said, lng).not.toContain('seatmap.');
      expect(said, lng).not.toBe(seatLabel(i18n.getFixedT(lng, 'seatmap'), { ...parts, current: false }));
    }
    expect(seatLabel(i18n.getFixedT('en', 'seatmap'), { ...parts, current: false })).toBe('Row 5, seat 7, price group Regular, available');
  });
});

/** A 2D context that records the calls the mark is made of (happy-dom draws nothing). */
function recorder() {
  const calls: Array<{ fn: string; args: unknown[] }> = [];
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, prop) {
      if (prop in target) return target[prop];
      return (...args: unknown[]) => { calls.push({ fn: String(prop), args }); };
    },
    set(target, prop, value) { target[prop] = value; return true; },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

describe('the drawing', () => {
  const view = (m: SeatMapModel, scale: number): View => ({ ...fitView(m, 400, 200, 1), scale, ox: 0, oy: 0 });

  it('frames each current seat (not colour alone), over its fill; an ordinary map strokes no frame', () => {
    const m = buildModel(plan(), status(), 1, CURRENT);
    const { ctx, calls } = recorder();
    drawAll(ctx, m, view(m, 30), { sectionLabel: (n) => n });
    const frames = calls.filter((c) => c.fn === 'strokeRect');
    // a white frame and a dark line inside it per seat, within the seat's own cell (x 3 and 4 at 30 px)
    expect(frames).toHaveLength(4);
    for (const f of frames) {
      const [x, y] = f.args as number[];
      expect(x! >= 90 && x! < 150 && y! >= 60 && y! < 90).toBe(true);
    }
    // over the seat's fill (x 3 + the 0.1 inset, at 30 px)
    const fill = calls.findIndex((c) => c.fn === 'fillRect' && Math.abs((c.args[0] as number) - 93) < 0.01);
    expect(fill).toBeGreaterThan(-1);
    expect(calls.findIndex((c) => c.fn === 'strokeRect')).toBeGreaterThan(fill);

    const plain = buildModel(plan(), status(), 1);
    const other = recorder();
    drawAll(other.ctx, plain, view(plain, 30), { sectionLabel: (n) => n });
    expect(other.calls.filter((c) => c.fn === 'strokeRect')).toHaveLength(0);
  });

  it('repaints the frame with the seat when it is chosen again', () => {
    const m = buildModel(plan(), status(), 1, CURRENT);
    const { ctx, calls } = recorder();
    drawSeats(ctx, m, view(m, 30), [m.indexByKey('10_3_2'), m.indexByKey('10_1_2')]);
    expect(calls.filter((c) => c.fn === 'strokeRect')).toHaveLength(2); // seat 3's frame and line; seat 1 has none
  });

  it('an arena\'s 2 px seats get a circle larger than the seat, to be found at all', () => {
    const m = buildModel(plan(), status(), 1, CURRENT);
    const { ctx, calls } = recorder();
    drawCurrentMarks(ctx, m, view(m, 2), m.currentList);
    const arcs = calls.filter((c) => c.fn === 'arc');
    expect(arcs).toHaveLength(2);
    expect(arcs.every((a) => (a.args[2] as number) >= 5)).toBe(true);
  });
});

describe('the seat change step', () => {
  function binding(lock: () => Promise<never>): SeatMapBinding {
    const cart = { seatsSelected: vi.fn(), seatsUnselected: vi.fn(), seatHeld: vi.fn(), holdExpiresAt: vi.fn() };
    const holds = { lock, unlock: vi.fn(async () => undefined), release: async () => undefined, bestLoading: false };
    const seats: SelectedSeat[] = [];
    // the same answers on every render, as RTK Query gives them (a new plan builds a new model)
    const planAnswer = { seatplan: plan() };
    const statusAnswer = status();
    return {
      usePlan: () => ({ currentData: planAnswer as never, refetch() {} }),
      useStatus: () => ({ currentData: statusAnswer as never, refetch() {} }),
      useSeats: () => seats,
      useCartActions: () => cart,
      useHoldApi: () => holds,
      eventsUrl: () => '/events',
    };
  }
  const presentation = { id: 7, venueId: 1, seatplanId: 1, seatingPolicyId: 1, venueName: 'Hall 1' } as unknown as Presentation;
  const cell = (key: string) => screen.getAllByRole('gridcell').find((c) => c.dataset.key === key)!;

  it('names the current seats in the grid and the legend; choosing one keeps it with no hold, and says so in the list', async () => {
    const lock = vi.fn(async () => { throw new Error('a current seat is never locked'); });
    const onKeptChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <SeatSelection presentation={presentation} groupName={() => 'Regular'} onValidityChange={() => {}} binding={binding(lock)} maxSeats={2}
          currentSeats={CURRENT} onKeptChange={onKeptChange} />
      </I18nextProvider>,
    );
    await screen.findAllByRole('gridcell');
    expect(cell('10_3_2').getAttribute('aria-label')).toBe('Row A, seat 3, your current seat, price group Regular, available');
    expect(cell('10_2_2').getAttribute('aria-label')).toBe('Row A, seat 2, price group Regular, available');
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toContain('Your current seats');
    fireEvent.click(cell('10_3_2'));
    expect(lock).not.toHaveBeenCalled();
    expect(cell('10_3_2').getAttribute('aria-selected')).toBe('true');
    expect(onKeptChange).toHaveBeenLastCalledWith(['10_3_2']);
    expect(screen.getByRole('heading', { name: 'Your seats (1 of at most 2)' })).toBeTruthy();
    expect(screen.getByTestId('selected-seat').textContent).toContain('your current seat');
    // given back from the list: nothing to release either
    fireEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(cell('10_3_2').getAttribute('aria-selected')).toBe('false');
    expect(onKeptChange).toHaveBeenLastCalledWith([]);
  });

  it('an ordinary map: the same sold seat is taken, unnamed, and the legend has no current seats', async () => {
    const lock = vi.fn(async () => { throw new Error('no'); });
    render(
      <I18nextProvider i18n={i18n}>
        <SeatSelection presentation={presentation} groupName={() => 'Regular'} onValidityChange={() => {}} binding={binding(lock)} maxSeats={2} />
      </I18nextProvider>,
    );
    await screen.findAllByRole('gridcell');
    expect(cell('10_3_2').getAttribute('aria-label')).toBe('Row A, seat 3, price group Regular, unavailable');
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).not.toContain('current');
    fireEvent.click(cell('10_3_2'));
    expect(cell('10_3_2').getAttribute('aria-selected')).toBe('false');
    expect(lock).not.toHaveBeenCalled();
  });
});

describe('a hold that fails is said as the seat now is', () => {
  it('offline: the seat tapped goes back to available, and the spoken line says available, not "selected"', async () => {
    const cart = { seatsSelected: vi.fn(), seatsUnselected: vi.fn(), seatHeld: vi.fn(), holdExpiresAt: vi.fn() };
    let fail: (e: unknown) => void = () => {};
    const lock = vi.fn(() => new Promise<never>((_, reject) => { fail = reject; }));
    const planAnswer = { seatplan: plan() };
    const statusAnswer = status();
    const b: SeatMapBinding = {
      usePlan: () => ({ currentData: planAnswer as never, refetch() {} }),
      useStatus: () => ({ currentData: statusAnswer as never, refetch() {} }),
      useSeats: () => [],
      useCartActions: () => cart,
      useHoldApi: () => ({ lock, unlock: vi.fn(async () => undefined), release: async () => undefined, bestLoading: false }),
      eventsUrl: () => '/events',
    };
    const presentation = { id: 7, venueId: 1, seatplanId: 1, seatingPolicyId: 1, venueName: 'Hall 1' } as unknown as Presentation;
    render(
      <I18nextProvider i18n={i18n}>
        <SeatSelection presentation={presentation} groupName={() => 'Regular'} onValidityChange={() => {}} binding={b} maxSeats={2} />
      </I18nextProvider>,
    );
    await screen.findAllByRole('gridcell');
    const seat = screen.getAllByRole('gridcell').find((c) => c.dataset.key === '10_2_2')!;
    fireEvent.click(seat);
    expect(screen.getByTestId('seat-live').textContent).toMatch(/^Row A, seat 2, .*selected/);
    await act(async () => { fail({ status: 'FETCH_ERROR', code: 'NETWORK', key: 'errors.NETWORK' }); });
    expect(seat.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByTestId('seat-live').textContent).toBe('Row A, seat 2, price group Regular, available');
  });
});

describe('a release that fails says why', () => {
  it('no connection is said as such; the spec\'s "Error unlocking seat" otherwise', async () => {
    const { unlockFailureKey } = await import('../src/useSeatSelection');
    expect(unlockFailureKey({ status: 'FETCH_ERROR', code: 'NETWORK', key: 'errors.NETWORK' })).toBe('errors.NETWORK');
    expect(unlockFailureKey({ status: 409, code: 'unlock_seat_error', key: 'errors.generic' })).toBe('errors.unlock_seat_error');
    expect(unlockFailureKey(new Error('x'))).toBe('errors.unlock_seat_error');
  });
});
