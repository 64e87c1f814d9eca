import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import styles from './edocument.module.css';
import { SeatChangeLink } from '../seatchange/SeatChangeLink';

/** The e-ticket's public address (what is shared and what the calendar event links to). */
export const eTicketUrl = (documentKey: string) => `${window.location.origin}/edocument/${encodeURIComponent(documentKey)}`;

/**
 * Calendar and share actions of an e-ticket (issue 16 §6), on the confirmation and the e-ticket page (no calendar event
 * for a title to watch at home: it has no time to be at):
 * the api's tested calendar.ics, and sharing through the Web Share API where the browser has it,
 * else copying the link (and showing it to copy by hand when the clipboard is refused).
 */
export function TicketActions({ documentKey, title, calendar = true, print = false }: { documentKey: string; title: string; calendar?: boolean; print?: boolean }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  const url = eTicketUrl(documentKey);

  const share = async () => {
    setCopied(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('eticketActions.shareText', { title }), url });
        return;
      } catch (e) {
        if ((e as DOMException).name === 'AbortError') return; // the visitor closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('manual');
    }
  };

  return (
    <div className={styles.actions} data-testid="ticket-actions">
      {calendar && (
        <a className="tx-btn tx-btn-secondary" href={apiUrl(`/edocument/${encodeURIComponent(documentKey)}/calendar.ics?lang=${i18n.language}`)} download data-testid="calendar-link">
          {t('eticketActions.calendar')}
        </a>
      )}
      <button type="button" className="tx-btn tx-btn-secondary" onClick={() => void share()} data-testid="share-ticket">{t('eticketActions.share')}</button>
      {/* the page prints as a ticket: light, without the site's header, menu, actions and footer (edocument.module.css) */}
      {print && <button type="button" className="tx-btn tx-btn-secondary" onClick={() => window.print()} data-testid="print-ticket">{t('eticketActions.print')}</button>}
      <SeatChangeLink documentKey={documentKey} />
      {copied === 'copied' && <p role="status" className={styles.copied}>{t('eticketActions.copied')}</p>}
      {copied === 'manual' && (
        <div role="status" className={styles.copied}>
          <label htmlFor="eticket-url">{t('eticketActions.copyByHand')}</label>
          <input id="eticket-url" readOnly value={url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}
