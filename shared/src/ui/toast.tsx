import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: notifications last 3000 ms, top centre. */
export const TOAST_MS = 3000;
interface Toast { id: number; key: string; values?: Record<string, unknown>; kind: 'info' | 'error' }
const EVENT = 'ticketing:toast';
let next = 1;

export function toast(key: string, kind: Toast['kind'] = 'info', values?: Record<string, unknown>) {
  window.dispatchEvent(new CustomEvent<Toast>(EVENT, { detail: { id: next++, key, kind, values } }));
}

/** Rendered once per React root; shows the toasts raised in it. */
export function Toasts() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    const on = (e: Event) => {
      const item = (e as CustomEvent<Toast>).detail;
      setItems((xs) => [...xs, item]);
      setTimeout(() => setItems((xs) => xs.filter((x) => x.id !== item.id)), TOAST_MS);
    };
    window.addEventListener(EVENT, on);
    return () => window.removeEventListener(EVENT, on);
  }, []);
  // Each toast is its own live region by its role (alert: assertive, status: polite); the container is none, or a
  // screen reader read an error twice (an alert inside an assertive region).
  return (
    <div className="tx-toasts">
      {items.map((x) => <div key={x.id} role={x.kind === 'error' ? 'alert' : 'status'} className={`tx-toast tx-toast-${x.kind}`}>{t(x.key, x.values)}</div>)}
    </div>
  );
}
