/**
 * A page change inside the site (a link, a remote's navigate, back/forward) moves the keyboard focus to the new page's
 * main heading and announces the page once, for every remote and the shell's own pages: without it the focus stayed
 * on <body> (or on a link of a page that is gone) and a screen reader said nothing (WCAG 2.4.3, 4.1.3).
 *
 * Only the path counts as a page (a query change such as the event list's date is a filter of the same page), and a
 * remote's own inner steps change no path (mf-booking's order steps focus their step's heading themselves). The first
 * load moves nothing, nor does a path the page sets before the visitor did anything (a remote's redirect on load).
 */

/** Remotes mount asynchronously and load their data: how long the new page's heading is waited for. */
export const HEADING_WAIT_MS = 5000;

interface Pending {
  /** What had the focus when the page changed: it may still be there (a header link), or gone with its page. */
  trigger: Element | null;
  /** The headings of the page that was left, with their text: a heading counts as the new page's when it is not one of these. */
  before: Map<Element, string>;
  timer: ReturnType<typeof setTimeout>;
  observer: MutationObserver;
}

export interface PageChanges {
  /**
   * The page area was filled anew without a path change (the registry came back and the route's remote mounts): the
   * focus goes to its heading as after a page change (the Try again that had it is gone).
   */
  contentReplaced(): void;
  stop(): void;
}

export interface PageChangeOptions {
  main?: () => HTMLElement | null;
  announcer?: HTMLElement;
  waitMs?: number;
}

const headingsIn = (main: HTMLElement | null): HTMLElement[] => (main ? Array.from(main.querySelectorAll<HTMLElement>('h1')) : []);
/** Not inside a hidden part of the page (checkVisibility where the browser has it). */
const isShown = (el: HTMLElement) => !el.closest('[hidden]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility());
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The polite live region that names the new page; one per document, outside the page area so it outlives pages. */
export function routeAnnouncer(doc: Document = document): HTMLElement {
  let el = doc.getElementById('route-announcer');
  if (!el) {
    el = doc.createElement('div');
    el.id = 'route-announcer';
    el.className = 'tx-visually-hidden';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('aria-atomic', 'true');
    el.dataset.testid = 'route-announcer';
    doc.body.appendChild(el);
  }
  return el;
}

/**
 * Starts watching page changes. Call it before single-spa starts: single-spa holds back `popstate` listeners added
 * after its start until the new apps are mounted, and this one must see the page that is being left.
 */
export function watchPageChanges(opts: PageChangeOptions = {}): PageChanges {
  const mainOf = opts.main ?? (() => document.getElementById('main'));
  const announcer = opts.announcer ?? routeAnnouncer();
  const waitMs = opts.waitMs ?? HEADING_WAIT_MS;
  let path = location.pathname;
  let interacted = false;
  let pending: Pending | undefined;

  const settle = (target: HTMLElement | null) => {
    if (!pending) return;
    const { trigger } = pending;
    clearTimeout(pending.timer);
    pending.observer.disconnect();
    pending = undefined;
    const main = mainOf();
    const el = target ?? main;
    if (!el) return;
    // The visitor (or the remote) put the focus somewhere meanwhile: it stays there.
    const active = document.activeElement;
    const free = !active || active === document.body || active === document.documentElement || active === trigger || active === main;
    if (free) {
      if (!el.hasAttribute('tabindex')) el.tabIndex = -1; // a heading takes the focus only from script
      el.focus({ preventScroll: true });
    }
    const name = (target && textOf(target)) || document.title;
    // Emptied first, so that the same name said again (back to a page of the same title) is announced again.
    announcer.textContent = '';
    setTimeout(() => { announcer.textContent = name; }, 50);
  };

  /** The first shown heading under main that is new, or whose text changed, since the page was left. */
  const newHeading = (): HTMLElement | undefined => {
    if (!pending) return undefined;
    const before = pending.before;
    return headingsIn(mainOf()).find((h) => isShown(h) && textOf(h) !== '' && before.get(h) !== textOf(h));
  };
  const check = () => { const h = newHeading(); if (h) settle(h); };

  /** Waits for the new page's heading; `before` are the headings that do not count (the page being left). */
  const begin = (trigger: Element | null, before: Map<Element, string>) => {
    const main = mainOf();
    const observer = new MutationObserver(check);
    if (main) observer.observe(main, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'style', 'class'] });
    pending = {
      trigger,
      before,
      // No new heading in time: the page's heading as it is, else <main>.
      timer: setTimeout(() => settle(headingsIn(mainOf()).find((h) => isShown(h) && textOf(h) !== '') ?? null), waitMs),
      observer,
    };
    check();
  };

  const onPopState = () => {
    const next = location.pathname;
    if (next === path) return;
    path = next;
    if (!interacted) return;
    if (pending) return; // a redirect during a page change: the same change, still waited for
    begin(document.activeElement, new Map(headingsIn(mainOf()).map((h) => [h, textOf(h)])));
  };
  const onInteract = () => { interacted = true; };
  // A focus or click the visitor makes while the new page loads wins (settle leaves it where it is).
  window.addEventListener('popstate', onPopState, true);
  document.addEventListener('keydown', onInteract, true);
  document.addEventListener('pointerdown', onInteract, true);
  return {
    // The page's content came back in place (no path change): whatever heading it shows counts.
    contentReplaced: () => { if (!pending) begin(document.activeElement, new Map()); },
    stop: () => {
      window.removeEventListener('popstate', onPopState, true);
      document.removeEventListener('keydown', onInteract, true);
      document.removeEventListener('pointerdown', onInteract, true);
      if (pending) { clearTimeout(pending.timer); pending.observer.disconnect(); pending = undefined; }
    },
  };
}
