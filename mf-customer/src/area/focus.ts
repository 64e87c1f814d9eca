/**
 * Moves focus to an action's outcome once React has drawn it: a closed dialog or a button that went away (or was
 * disabled) left focus on <body>, so a keyboard or screen-reader user started again from the top of the page.
 */
export function focusWhenShown(get: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => requestAnimationFrame(() => get()?.focus()));
}

/** Nothing has the focus: it fell to <body> (its element went away, or a button was disabled while it had it). */
export const focusIsLost = (doc: Document = document): boolean =>
  !doc.activeElement || doc.activeElement === doc.body || doc.activeElement === doc.documentElement;

/**
 * As focusWhenShown, only when the focus was lost meanwhile: a failed sign-in step leaves the visitor where they were
 * (the field they pressed Enter in), and brings back one whose pressed button was disabled during the call (Chromium
 * then moves the focus to <body>).
 */
export function focusIfLost(get: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => requestAnimationFrame(() => { if (focusIsLost()) get()?.focus(); }));
}
