import { useEffect, useRef } from 'react';

/**
 * After a refused sign-in the keyboard stays in the form (fifteenth session: the Sign in button, disabled while the
 * api answers, dropped the focus to the page's body): when the answer leaves the focus nowhere, it goes to the
 * password field, its text selected to be typed again. Focus the form itself placed (e.g. on a field) is left alone.
 */
export function useSignInFocus(failed: unknown) {
  const form = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    if (active && active !== document.body && form.current?.contains(active) && !(active as HTMLButtonElement).disabled) return;
    const password = form.current?.querySelector<HTMLInputElement>('input[type="password"]');
    password?.focus();
    password?.select();
  }, [failed]);
  return form;
}
