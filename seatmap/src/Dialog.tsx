import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './seatmap.module.css';

/**
 * A modal dialog on the native <dialog> element (focus trapped and restored by the browser, Escape cancels).
 * Falls back to an open non-modal dialog where showModal is missing (test DOMs).
 */
export function Dialog({ open, title, children, actions, onCancel, role = 'dialog', testId }: {
  open: boolean; title: string; children?: ReactNode; actions: ReactNode; onCancel: () => void;
  role?: 'dialog' | 'alertdialog'; testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') { try { d.showModal(); } catch { d.setAttribute('open', ''); } }
      else d.setAttribute('open', '');
      // showModal focuses the first control; the default action is marked data-autofocus
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close(); else d.removeAttribute('open');
    }
  }, [open]);
  if (!open) return <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} />;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => { e.preventDefault(); onCancel(); }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className={styles.dialogActions}>{actions}</div>
    </dialog>
  );
}
