import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toasts, toast } from '../src/ui/toast';

afterEach(cleanup);

describe('toasts', () => {
  it('an error is one alert, not an alert inside another live region (a screen reader read it twice)', () => {
    render(<Toasts />);
    act(() => toast('errors.generic', 'error'));
    const alert = screen.getByRole('alert');
    expect(alert.parentElement?.closest('[aria-live], [role=alert], [role=status]')).toBeNull();
    act(() => toast('errors.generic', 'info'));
    expect(screen.getByRole('status').parentElement?.closest('[aria-live], [role=alert], [role=status]')).toBeNull();
  });
});
