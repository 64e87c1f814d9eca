import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { ScrollToTop } from '../src/spa/ScrollToTop';

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/order/7">screening</Link>
      <Link to="/order?date=2026-11-28">tomorrow</Link>
      <button type="button" onClick={() => navigate(-1)}>back</button>
    </>
  );
}

describe('ScrollToTop', () => {
  it('opens a new page at its top, and leaves back/forward and a change of the query alone', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<MemoryRouter initialEntries={['/order']}><ScrollToTop /><Page /></MemoryRouter>);
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('tomorrow'));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('screening'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // the browser's back button: a popstate of its own (single-spa's after a pushState carries `singleSpa`)
    act(() => { window.dispatchEvent(new PopStateEvent('popstate')); fireEvent.click(screen.getByText('back')); });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    // a link again, after single-spa's synthetic popstate: a new page
    act(() => { window.dispatchEvent(Object.assign(new PopStateEvent('popstate'), { singleSpa: true })); });
    fireEvent.click(screen.getByText('screening'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
