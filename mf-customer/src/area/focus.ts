/**
 * Moves focus to an action's outcome once React has drawn it: a closed dialog or a button that went away (or was
 * disabled) left focus on <body>, so a keyboard or screen-reader user started again from the top of the page.
 */
export function focusWhenShown(get: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => requestAnimationFrame(() => get()?.focus()));
}
