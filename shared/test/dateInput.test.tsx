import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { DateInput } from '../src/ui/DateInput';
import { i18n, initI18n, setLocale } from '../src/i18n';

afterEach(() => cleanup());

async function renderIn(locale: 'he' | 'en', props: { value: string; min?: string; max?: string; onChange: (d: string) => void }) {
  await initI18n(locale);
  await setLocale(locale);
  render(<I18nextProvider i18n={i18n}><label htmlFor="d">Start</label><DateInput id="d" {...props} /></I18nextProvider>);
  return screen.getByLabelText('Start') as HTMLInputElement;
}

describe('DateInput (day/month/year whatever the browser locale)', () => {
  it('shows the date as dd/mm/yyyy and reports a typed calendar date as YYYY-MM-DD (en)', async () => {
    const onChange = vi.fn();
    const input = await renderIn('en', { value: '2026-11-03', onChange });
    expect(input.value).toBe('03/11/2026');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '24/12/2026' } });
    expect(onChange).toHaveBeenCalledWith('2026-12-24');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a non-date invalid with an announced message and reports nothing (he)', async () => {
    const onChange = vi.fn();
    const input = await renderIn('he', { value: '2026-11-03', onChange });
    fireEvent.change(input, { target: { value: '12/31/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('הזינו תאריך כיום/חודש/שנה, למשל 23/11/2026.');
  });

  it('refuses a date outside min/max (en)', async () => {
    const onChange = vi.fn();
    const input = await renderIn('en', { value: '2026-11-03', min: '2026-11-01', max: '2026-11-30', onChange });
    fireEvent.change(input, { target: { value: '01/12/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The date is outside the allowed range.');
  });
});
