import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addNamespace, i18n, initI18n, SEAT_FLAGS, type SeatplanV2 } from '@ticketing/shared';
import he from '../src/locales/he.json';
import en from '../src/locales/en.json';
import ru from '../src/locales/ru.json';
import ar from '../src/locales/ar.json';
import pl from '../src/locales/pl.json';
import { SeatMapModel } from '../src/model';
import { SeatMap } from '../src/SeatMap';
import { buildModel } from '../src/SeatSelection';
import { GaPanel, SelectedSeats } from '../src/SeatPanels';
import { bestRefusal } from '../src/useSeatSelection';
import type { SelectedSeat } from '../src/binding';

/** Row A: seats 1–4, seat 1 a wheelchair space; the stage or screen at the top. */
function plan(kind: 'screen' | 'stage' = 'screen'): SeatplanV2 {
  const seats = [1, 2, 3, 4].map((x) => [x, String(x), x === 1 ? SEAT_FLAGS.handicap : 0, 0, 1] as [number, string, number, number, number]);
  return {
    id: 1, venueId: 1, name: 'plan-1', width: 6, height: 4, stage: { x: 0, y: 0, width: 6, height: 1, label: kind, kind },
    sections: [{ id: 10, name: 'Stalls', isGA: false, capacity: 4, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 6, height: 1 }, groups: [{ id: 100, name: 'Stalls', rows: [{ name: 'A', y: 2, seats }] }] }],
  };
}
/** One standing floor (general admission only: model.mode singleGA). */
function standing(): SeatplanV2 {
  return {
    id: 2, venueId: 2, name: 'plan-2', width: 6, height: 4, stage: { x: 0, y: 0, width: 6, height: 1, label: 'Stage', kind: 'stage' },
    sections: [{ id: 20, name: 'Standing floor', isGA: true, capacity: 100, ticketGroupId: 1, bounds: { x: 0, y: 1, width: 6, height: 3 }, groups: [] }],
  };
}
const status = (free: string[]) => ({ seats: Object.fromEntries(free.map((k) => [k, '1,1'])), held: [], sections: { 20: { available: 100, capacity: 100 } }, holdExpiresAt: null });
const gaSeat = (n: number, hold: SelectedSeat['hold']): SelectedSeat => ({
  key: `20_${n}_1`, sectionId: 20, XCoordinate: n, YCoordinate: 1, RowName: '', SeatName: '', SectionName: 'Standing floor',
  TicketGroupId: 1, AllocationId: 0, isGA: true, hold,
});
const wrap = (ui: React.ReactNode) => <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>;

afterEach(cleanup);
afterEach(async () => { await act(() => i18n.changeLanguage('en')); });
beforeAll(async () => {
  await initI18n('en');
  addNamespace('seatmap', { he, en, ru, ar, pl });
});

describe('general admission + / − by keyboard (QA: the focus fell to <body> while the hold ran)', () => {
  const model = () => buildModel(standing(), status([]), 1);
  it('keeps both buttons focusable while a place is being held: aria-disabled, never disabled, and a press is ignored', () => {
    const m = model();
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    const { rerender } = render(wrap(<GaPanel model={m} seats={[gaSeat(1, 'held')]} onAdd={onAdd} onRemove={onRemove} maxReached={false} />));
    const more = screen.getByRole('button', { name: 'One place more in Standing floor' });
    act(() => more.focus());
    fireEvent.click(more);
    expect(onAdd).toHaveBeenCalledTimes(1);
    // the hold runs: the same button, still in the page and focused, off for now
    rerender(wrap(<GaPanel model={m} seats={[gaSeat(1, 'held'), gaSeat(2, 'pending')]} onAdd={onAdd} onRemove={onRemove} maxReached={false} />));
    expect(more.hasAttribute('disabled')).toBe(false);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'One place less in Standing floor' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onRemove).not.toHaveBeenCalled();
  });
  it('says the new count politely, with the section, in the language\'s plural (Hebrew has a form for two)', async () => {
    await act(() => i18n.changeLanguage('he'));
    const m = model();
    const ui = (seats: SelectedSeat[]) => wrap(<GaPanel model={m} seats={seats} onAdd={() => {}} onRemove={() => {}} maxReached={false} />);
    const { rerender } = render(ui([]));
    const live = screen.getByTestId('ga-live');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    rerender(ui([gaSeat(1, 'held')]));
    expect(live.textContent).toBe('Standing floor: מקום אחד');
    rerender(ui([gaSeat(1, 'held'), gaSeat(2, 'pending')]));
    expect(live.textContent).toBe('Standing floor: מקום אחד');
    rerender(ui([gaSeat(1, 'held'), gaSeat(2, 'held')]));
    expect(live.textContent).toBe('Standing floor: שני מקומות');
  });
});

describe('best available', () => {
  it('one seat is not "side by side", in every language (plural forms)', async () => {
    const t = i18n.getFixedT('en', 'seatmap');
    expect(t('seatmap.best.resultTogether', { count: 1 })).toBe('1 seat held.');
    expect(t('seatmap.best.resultTogether', { count: 3 })).toBe('3 seats held, side by side.');
    const tHe = i18n.getFixedT('he', 'seatmap');
    expect(tHe('seatmap.best.resultTogether', { count: 1 })).toBe('מושב אחד שמור.');
    expect(tHe('seatmap.best.resultTogether', { count: 2 })).toBe('שני מושבים שמורים, זה לצד זה.');
    expect(tHe('seatmap.best.resultTogether', { count: 4 })).toBe('4 מושבים שמורים, זה לצד זה.');
    for (const lng of ['ru', 'ar', 'pl']) {
      const one = i18n.getFixedT(lng, 'seatmap')('seatmap.best.resultTogether', { count: 1 });
      expect(one).not.toMatch(/resultTogether/);
      expect(one).toBe(i18n.getFixedT(lng, 'seatmap')('seatmap.best.resultApart', { count: 1 }));
    }
  });
  it('with a wheelchair space: tells "no space has N−1 free seats beside it" from "no free space" and from "too few seats"', () => {
    const all = ['10_1_2', '10_2_2', '10_3_2', '10_4_2'];
    // the api answered no match for an accessible request: the hall has the seats, the wheelchair space lacks neighbours
    expect(bestRefusal(buildModel(plan(), status(['10_1_2', '10_3_2', '10_4_2']), 1), 3, true))
      .toEqual({ ok: false, key: 'seatmap.best.noWheelchairBeside', count: 2 });
    expect(bestRefusal(buildModel(plan(), status(['10_2_2', '10_3_2', '10_4_2']), 1), 2, true)).toEqual({ ok: false, key: 'seatmap.best.noWheelchair' });
    expect(bestRefusal(buildModel(plan(), status(['10_1_2', '10_2_2']), 1), 3, true)).toEqual({ ok: false, key: 'common:errors.NOT_ENOUGH_SEATS' });
    expect(bestRefusal(buildModel(plan(), status(all), 1), 3, false)).toEqual({ ok: false, key: 'common:errors.NOT_ENOUGH_SEATS' });
    const t = i18n.getFixedT('en', 'seatmap');
    expect(t('seatmap.best.noWheelchairBeside', { count: 2 })).toBe('No wheelchair space has 2 free seats next to it: choose fewer seats, or seats without a wheelchair space.');
  });
});

describe('the map', () => {
  const mount = (kind: 'screen' | 'stage', focusRequest?: { seat: number; n: number }) => {
    const m = buildModel(plan(kind), status(['10_1_2', '10_2_2', '10_3_2', '10_4_2']), 1);
    return wrap(<SeatMap model={m} hallName="Hall" groupName={() => 'Regular'} onActivate={() => {}} onGeneralAdmission={() => {}} focusRequest={focusRequest} />);
  };
  it('says where the stage is for a stage and where the screen is for a screen', () => {
    render(mount('stage'));
    expect(screen.getByTestId('seatmap').getAttribute('aria-label')).toBe('Seat map, Hall. Stage at the top.');
    cleanup();
    render(mount('screen'));
    expect(screen.getByTestId('seatmap').getAttribute('aria-label')).toBe('Seat map, Hall. Screen at the top.');
  });
  it('moves the keyboard focus to a requested seat (best available\'s first seat), not only its tab stop', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { rerender } = render(mount('screen'));
    await screen.findAllByRole('gridcell');
    rerender(mount('screen', { seat: 2, n: 1 }));
    expect((document.activeElement as HTMLElement).dataset.key).toBe('10_3_2');
    button.remove();
  });
});

describe('standing venues use place wording', () => {
  it('the general-admission panel and the selection say places when the map has only general admission', () => {
    const m = buildModel(standing(), status([]), 1);
    render(wrap(<><GaPanel model={m} seats={[]} onAdd={() => {}} onRemove={() => {}} maxReached={false} /><SelectedSeats seats={[]} maxSeats={10} onRemove={() => {}} places /></>));
    expect(screen.getByRole('heading', { name: 'Unnumbered places' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your places (0 of at most 10)' })).toBeTruthy();
    expect(screen.getByText('No places chosen yet.')).toBeTruthy();
  });
  it('a hall with numbered seats and a standing part: the panel\'s title is neutral, the selection says seats', () => {
    const p = plan();
    const mixed = { ...p, sections: [...p.sections, { ...standing().sections[0], name: 'Standing' }] };
    render(wrap(<GaPanel model={buildModel(mixed, status([]), 1)} seats={[]} onAdd={() => {}} onRemove={() => {}} maxReached={false} />));
    expect(screen.getByRole('heading', { name: 'Unnumbered places' })).toBeTruthy();
    cleanup();
  });
  it('a hall with numbered seats keeps seat wording', () => {
    render(wrap(<SelectedSeats seats={[]} maxSeats={10} onRemove={() => {}} />));
    expect(screen.getByRole('heading', { name: 'Your seats (0 of at most 10)' })).toBeTruthy();
  });
});
