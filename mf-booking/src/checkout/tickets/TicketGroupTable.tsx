import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TicketGroup } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import type { CartPresentation, CartSeat } from '../../cart/cartSlice';
import type { CheckoutTicket } from '../cartPayload';
import { useLocale } from '../hooks';
import { distribute, isPinned, quantitiesOf } from '../ticketAssign';
import type { TicketDetails } from './useTicketDetails';
import { useSetSeatTickets } from './useSeatTickets';
import { keepFocusInGroup } from '../keepFocus';
import styles from '../checkout.module.css';

interface Props {
  p: CartPresentation;
  group: TicketGroup | undefined;
  seats: CartSeat[];
  details: TicketDetails;
  /** Next was pressed: an uncovered group is an alert. */
  tried: boolean;
  /** The customer's loyalty points, and the lookup that applies a points ticket. */
  points: number;
  lookupBusy: boolean;
  onLoyalty(group: TicketGroup, ticketId: number): void;
  /** Video on demand: a quantity, not seats. */
  vod?: boolean;
}

/** One price group's seats: its ticket types with price, service charge and a quantity each, and how many seats they cover. */
export function TicketGroupTable({ p, group, seats, details, tried, points, lookupBusy, onLoyalty, vod = false }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const set = useSetSeatTickets(p);
  const q = group ? quantitiesOf(p, group.id) : {};
  const pinned = seats.filter((s) => isPinned(s.ticket as CheckoutTicket)).length;
  const covered = seats.filter((s) => s.ticket).length;
  // one polite announcement of the new quantity for the whole table (a live region per row read out bare numbers)
  const [said, setSaid] = useState('');
  const setQuantity = (g: TicketGroup, ticketId: number, n: number, from: HTMLElement) => {
    const quantities = { ...quantitiesOf(p, g.id), [String(ticketId)]: Math.max(0, n) };
    set(distribute(p, details.detailed(g), quantities));
    setSaid(t('tickets.quantityNow', { name: g.tickets.find((x) => x.id === ticketId)?.name ?? '', count: Math.max(0, n) }));
    keepFocusInGroup(from);
  };
  return (
    <fieldset className={`tx-card ${styles.fieldset}`} data-testid="ticket-group">
      <legend>{t(vod ? 'tickets.groupVod' : 'tickets.group', { name: group?.name ?? '', count: seats.length })}</legend>
      {pinned > 0 && <p className={styles.note}>{t('tickets.pinnedSeats', { count: pinned })}</p>}
      <table className="tx-table">
        <thead>
          <tr><th scope="col">{t('tickets.type')}</th><th scope="col">{t('tickets.price')}</th><th scope="col" className={styles.chargeCol}>{t('tickets.serviceCharge')}</th><th scope="col">{t('tickets.quantity')}</th></tr>
        </thead>
        <tbody>
          {(group ? details.detailed(group).tickets : []).filter((tk) => details.sellable(tk) || details.infoOf(tk.id)?.kind === 'loyalty').map((tk) => {
            const info = details.infoOf(tk.id);
            const isLoyalty = info?.kind === 'loyalty';
            const soldOut = info?.rules.remaining === 0;
            const n = q[String(tk.id)] ?? 0;
            const free = seats.length - pinned;
            const used = Object.entries(q).reduce((sum, [id, k]) => sum + k * Math.max(1, group!.tickets.find((x) => x.id === Number(id))?.multiplyFactor ?? 1), 0);
            const max = info?.rules.maxQuantity ?? null;
            // Quantities wait for the lookups (details.ready): a ticket dealt from the catalog alone had no reference
            // prompts, walk-in terms or limits (a partner ticket chosen in that moment had no fields for its references)
            const canAdd = !soldOut && used + Math.max(1, tk.multiplyFactor) <= free && (max === null || n < max) && (info?.rules.remaining == null || n < info.rules.remaining);
            const label = t('tickets.quantityOf', { name: tk.name });
            const chargeAmount = tk.serviceCharge || p.serviceCharge;
            const charge = formatMoney(chargeAmount, locale);
            return (
              <tr key={tk.id} data-testid="ticket-type">
                <th scope="row">
                  {tk.name}
                  {tk.multiplyFactor > 1 && <small className={styles.note}> {t('tickets.multiplier', { count: tk.multiplyFactor })}</small>}
                  {tk.walkin && <small className={styles.note}> {t('tickets.walkin.badge')}</small>}
                </th>
                <td>
                  {tk.oldPrice > tk.price && <del className={styles.oldPrice} aria-label={t('tickets.oldPrice', { price: formatMoney(tk.oldPrice, locale) })}>{formatMoney(tk.oldPrice, locale)}</del>} {formatMoney(tk.price, locale)}
                  {isLoyalty && tk.loyaltyPointsPrice != null && (
                    <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} disabled={lookupBusy || points < tk.loyaltyPointsPrice} onClick={() => onLoyalty(group!, tk.id)}>
                      {t('tickets.loyalty.use', { points: tk.loyaltyPointsPrice })}
                    </button>
                  )}
                  {soldOut && <small className={styles.note}> {t('tickets.soldOut')}</small>}
                  {max !== null && !soldOut && <small className={styles.note}> {t('tickets.max', { count: max })}</small>}
                  {chargeAmount > 0 && <small className={`${styles.note} ${styles.chargeInline}`}>{t('tickets.serviceChargeOf', { amount: charge })}</small>}
                </td>
                <td className={styles.chargeCol}>{charge}</td>
                <td>
                  {!isLoyalty && <div className={styles.qty} role="group" aria-label={label}>
                    <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('tickets.less', { name: tk.name })} disabled={n === 0 || !details.ready} onClick={(e) => group && setQuantity(group, tk.id, n - 1, e.currentTarget)}>−</button>
                    <span className={styles.qtyValue} data-testid="ticket-qty">{n}</span>
                    <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('tickets.more', { name: tk.name })} disabled={!canAdd || !details.ready} onClick={(e) => group && setQuantity(group, tk.id, n + 1, e.currentTarget)}>+</button>
                  </div>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="tx-visually-hidden" aria-live="polite" data-testid="ticket-qty-said">{said}</p>
      {/* polite: after Next was pressed it changes with every quantity, and an alert interrupted each time */}
      <p className={covered < seats.length ? 'tx-error' : styles.note} role={tried && covered < seats.length ? 'status' : undefined}>
        {t(vod ? 'tickets.coveredVod' : 'tickets.covered', { covered, count: seats.length })}
      </p>
    </fieldset>
  );
}
