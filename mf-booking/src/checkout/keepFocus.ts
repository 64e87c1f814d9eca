/**
 * After a press that may disable the pressed button (a quantity down to 0 or up to its limit), the focus goes to the
 * other button of its group instead of the page's body (QA, sixteenth session: "one less" down to 0 lost the keyboard's
 * place on the tickets and add-ons steps).
 */
export function keepFocusInGroup(button: HTMLElement): void {
  requestAnimationFrame(() => {
    if (button.isConnected && !(button as HTMLButtonElement).disabled) return;
    const group = button.closest('[role="group"]');
    const other = [...(group?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b !== button && !b.disabled);
    other?.focus();
  });
}
