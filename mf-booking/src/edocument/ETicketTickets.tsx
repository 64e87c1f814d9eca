import { useTranslation } from 'react-i18next';
import type { EDocument } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import styles from './edocument.module.css';

/**
 * The e-ticket's tickets. A cancelled one stays listed (the holder sees what became of it) but says
 * "Cancelled" in words — the strike-through alone says nothing to a screen reader or on a grey print —
 * and a note says the code admits only the others (the api leaves it out of the token).
 */
export function ETicketTickets({ d }: { d: Pick<EDocument, 'tickets' | 'isVod' | 'isCancelled'> }) {
  const { t } = useTranslation(NAMESPACE);
  const someCancelled = !d.isCancelled && d.tickets.some((tk) => tk.isCancelled);
  return (
    <>
      <table className={`tx-table ${styles.tickets}`}>
        <caption className="tx-visually-hidden">{t('edocument.tickets')}</caption>
        <thead><tr><th scope="col">{t(d.isVod ? 'edocument.viewing' : 'edocument.seat')}</th><th scope="col">{t('edocument.ticket')}</th><th scope="col">{t('edocument.scanned')}</th></tr></thead>
        <tbody>
          {/* an order sold before ticket identifiers has '' for each: the row's place keeps the keys apart */}
          {d.tickets.map((tk, i) => (
            <tr key={tk.ticketIdentifier || i} className={tk.isCancelled ? styles.cancelledTicket : undefined} data-testid="edoc-ticket" data-cancelled={tk.isCancelled || undefined}>
              <td>
                <span className={styles.place}>{d.isVod ? t('summary.vod') : tk.RowName ? t('summary.seatName', { section: tk.SectionName ?? '', row: tk.RowName, seat: tk.SeatName ?? '' }) : t('summary.gaSeatName', { section: tk.SectionName ?? '', seat: tk.SeatName ?? '' })}</span>
                {tk.isCancelled && <>{' '}<span className={styles.tag}>{t('edocument.ticketCancelled')}</span></>}
              </td>
              <td><span className={styles.place}>{tk.ticketName}</span></td>
              <td>{tk.isCancelled ? <><span aria-hidden="true">—</span><span className="tx-visually-hidden">{t('edocument.notForEntry')}</span></> : tk.isScanned ? t('edocument.yes') : t('edocument.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {someCancelled && <p className={styles.cancelledNote} data-testid="edoc-cancelled-note">{t('edocument.cancelledNote')}</p>}
    </>
  );
}
