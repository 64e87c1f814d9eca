import { SESSION_CALL_MS } from '../../api/paymentsApi';

/**
 * Cancels a session the visitor left (best effort): the hosted page's own Cancel (a form post with action=cancel,
 * what its Cancel button sends). The api cancels only a pending or challenged session with one conditional update, so
 * an approved one is never touched; a session not cancelled ends by itself (expired) and nothing captures it — only
 * the commit captures, and only the session the page sends it.
 */
export async function cancelHostedSession(formUrl: string): Promise<void> {
  try {
    await fetch(formUrl, {
      method: 'POST', body: new URLSearchParams({ action: 'cancel' }), credentials: 'same-origin',
      signal: AbortSignal.timeout(SESSION_CALL_MS),
    });
  } catch {
    /* nothing to do: the session expires */
  }
}

/**
 * Whether the frame's page failed to load (the browser's own "No internet" page): a page of the site's origin whose
 * document the site cannot read is the browser's error page. A card page on another origin cannot be told apart, so
 * it is never called failed.
 */
export function frameFailed(frame: HTMLIFrameElement | null, formUrl: string): boolean {
  if (!frame || typeof window === 'undefined') return false;
  let sameOrigin = false;
  try { sameOrigin = new URL(formUrl, window.location.href).origin === window.location.origin; } catch { return false; }
  if (!sameOrigin) return false;
  try {
    const doc = frame.contentDocument;
    return !doc || doc.URL.startsWith('chrome-error:');
  } catch {
    return true;
  }
}
