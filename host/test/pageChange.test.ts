import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchPageChanges } from '../src/pageChange';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
let stop: () => void = () => {};

function go(path: string) {
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
function showPage(title: string) {
  const main = document.getElementById('main')!;
  main.replaceChildren();
  const h1 = document.createElement('h1');
  h1.textContent = title;
  main.appendChild(h1);
  return h1;
}

describe('page changes (host/src/pageChange.ts)', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/a');
    document.body.innerHTML = '<button id="elsewhere">x</button><main id="main" tabindex="-1"><h1>Old</h1></main>';
    stop = watchPageChanges({ waitMs: 200 }).stop;
  });
  afterEach(() => stop());

  it('focuses the new page\'s h1 once it renders and announces it', async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    go('/b');
    await tick();
    expect(document.activeElement).toBe(document.body); // the old page's heading is not the new page's
    const h1 = showPage('New page');
    await tick(80);
    expect(document.activeElement).toBe(h1);
    expect(h1.getAttribute('tabindex')).toBe('-1');
    expect(document.getElementById('route-announcer')!.textContent).toBe('New page');
  });

  it('leaves a focus the visitor moved meanwhile where it is', async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    go('/b');
    document.getElementById('elsewhere')!.focus();
    showPage('New page');
    await tick(80);
    expect(document.activeElement!.id).toBe('elsewhere');
  });

  it('moves nothing before the visitor did anything (a redirect on the first load), nor on a query change', async () => {
    go('/c');
    showPage('Redirected');
    await tick(250);
    expect(document.activeElement).toBe(document.body);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    go('/c?date=2026-12-01');
    showPage('Same page');
    await tick(250);
    expect(document.activeElement).toBe(document.body);
  });

  it('with no heading in time, focuses <main>', async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    go('/b');
    document.getElementById('main')!.replaceChildren();
    await tick(250);
    expect(document.activeElement!.id).toBe('main');
  });
});
