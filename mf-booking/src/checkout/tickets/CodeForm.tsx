import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../locales';
import type { TicketCodes } from './useTicketCodes';
import styles from '../checkout.module.css';

/** The code entry form (ticket code, coupon or voucher) and the codes applied, each removable. */
export function CodeForm({ codes }: { codes: TicketCodes }) {
  const { t } = useTranslation(NAMESPACE);
  const { code, message, applied } = codes;
  // Apply (disabled while the api answers) and a removed code's button no longer hold the keyboard: it comes back to
  // the code's field instead of the page's body (QA, fifteenth session)
  const input = useRef<HTMLInputElement>(null);
  const before = useRef({ busy: codes.busy, applied: applied.length });
  useEffect(() => {
    const was = before.current;
    before.current = { busy: codes.busy, applied: applied.length };
    const answered = was.busy && !codes.busy;
    const removed = applied.length < was.applied;
    if ((answered || removed) && document.activeElement === document.body) input.current?.focus();
  }, [codes.busy, applied.length]);
  return (
    <form className={`tx-card ${styles.codeForm}`} onSubmit={(e) => void codes.submitCode(e)} aria-labelledby="code-title" data-testid="code-form">
      <h3 id="code-title">{t('tickets.code.title')}</h3>
      <div className="tx-field">
        <label htmlFor="ticket-code">{t('tickets.code.label')}</label>
        <input ref={input} id="ticket-code" value={code} dir="ltr" autoComplete="off" onChange={(e) => codes.setCode(e.target.value)} aria-invalid={message?.kind === 'error'} aria-describedby={message ? 'ticket-code-msg' : undefined} />
      </div>
      <button type="submit" className="tx-btn tx-btn-secondary" disabled={codes.busy}>{t('tickets.code.apply')}</button>
      {message && <p id="ticket-code-msg" role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'tx-error' : styles.ok} data-testid="code-message">{message.text}</p>}
      {applied.length > 0 && (
        <ul className={styles.applied} aria-label={t('tickets.code.appliedList')}>
          {applied.map((a) => (
            <li key={a.code} data-testid="applied-code">
              <span>{a.shown ? t('tickets.code.appliedItem', { code: a.shown, name: a.name, count: a.seats }) : t('tickets.code.appliedNamed', { name: a.name, count: a.seats })}</span>
              <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} onClick={() => codes.removeCode(a.code)}
                aria-label={a.shown ? t('tickets.code.remove', { code: a.shown }) : t('tickets.code.removeNamed', { name: a.name })}>{t('tickets.code.removeShort')}</button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
