import { useTranslation } from 'react-i18next';
import { formatMoney, type OrderSummary } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import type { CartPresentation, CartSeat } from '../../cart/cartSlice';
import type { CheckoutTicket } from '../cartPayload';
import { useLocale } from '../hooks';
import type { TicketDetails } from './useTicketDetails';
import { useSetSeatTickets } from './useSeatTickets';
import styles from '../checkout.module.css';

interface Props {
  p: CartPresentation;
  /** The api's price of the cart (issue 14 point 1): each seat shows its own figure from it. */
  quote: OrderSummary | undefined;
  details: TicketDetails;
  refErrors: Record<string, string>;
  /** Video on demand: each line is a streaming place, not a seat. */
  vod?: boolean;
}

/** Every seat with its ticket and price, its reference prompts and its add-ons. */
export function SeatTicketList({ p, quote, details, refErrors, vod = false }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const set = useSetSeatTickets(p);
  const pricedSeat = (s: CartSeat) =>
    quote?.presentations.flatMap((x) => x.tickets).find((q) => q.sectionId === s.sectionId && q.XCoordinate === s.XCoordinate && q.YCoordinate === s.YCoordinate);
  const setRef = (seat: CartSeat, which: 'ref1' | 'ref2', value: string) => {
    if (seat.ticket) set([{ key: seat.key, ticket: { ...(seat.ticket as CheckoutTicket), [which]: value } }]);
  };
  const toggleAddon = (seat: CartSeat, addonId: number, index: number, on: boolean) => {
    if (!seat.ticket) return;
    const cur = seat.ticket.selectedAddons;
    const selectedAddons = on ? [...new Set([...cur, addonId])] : cur.filter((x) => x !== addonId);
    const ticket: CheckoutTicket = { ...(seat.ticket as CheckoutTicket), selectedAddons, addonPrices: details.addonPricesOf(seat.ticket as CheckoutTicket) };
    set([{ key: seat.key, ticket, isFirstAddonSelected: index === 0 ? on : seat.isFirstAddonSelected }]);
  };
  return (
    <ul className={styles.seatList} aria-label={t(vod ? 'tickets.seatsVod' : 'tickets.seats')}>
      {p.seats.map((s) => {
        const tk = s.ticket as CheckoutTicket | null;
        const addons = tk && !tk.isMultiplyFactorSubTicket ? Object.entries(details.addonPricesOf(tk)) : [];
        const priced = tk ? pricedSeat(s) : undefined;
        const included = priced ? priced.isMultiplyFactorSubTicket : tk?.isMultiplyFactorSubTicket;
        return (
          <li key={s.key} className={styles.seatItem} data-testid="seat-ticket">
            {/* a streaming place (video on demand) or a general-admission place the api has not numbered is its section alone */}
            <span>{!s.isGA ? t('tickets.seat', { section: s.SectionName, row: s.RowName, seat: s.SeatName }) : vod || !s.SeatName ? s.SectionName : t('tickets.gaSeat', { section: s.SectionName, seat: s.SeatName })}</span>
            <strong>{tk ? (included ? t('tickets.subTicket', { name: tk.name }) : tk.name) : t('tickets.noTicket')}</strong>
            {priced && !included && <span data-testid="seat-price">{formatMoney(priced.total, locale)}</span>}
            {tk && !tk.isMultiplyFactorSubTicket && (['ref1', 'ref2'] as const).filter((w) => tk[`${w}prompt`]).map((w) => {
              const refId = (r: 'ref1' | 'ref2') => `ref-${s.key.replace(/_/g, '-')}-${r}`;
              const id = refId(w);
              const err = refErrors[`${s.key}:${w}`];
              // '' : the pair was refused as a whole, its text is under the second field
              const describedBy = err ? `${id}-error` : err === '' ? `${refId('ref2')}-error` : undefined;
              return (
                <div key={w} className="tx-field">
                  <label htmlFor={id}>{tk[`${w}prompt`]} *</label>
                  <input id={id} value={tk[w] ?? ''} required aria-required aria-invalid={err !== undefined} aria-describedby={describedBy} onChange={(e) => setRef(s, w, e.target.value)} />
                  {err && <p id={`${id}-error`} role="alert" className="tx-field-error">{err}</p>}
                </div>
              );
            })}
            {addons.length > 0 && (
              <fieldset className={styles.addons}>
                <legend>{t('tickets.addons')}</legend>
                {addons.map(([id, price], i) => {
                  const name = details.addonNameOf(tk!, Number(id));
                  return (
                    <div key={id} className="tx-check">
                      <input id={`addon-${s.key}-${id}`} type="checkbox" checked={tk!.selectedAddons.includes(Number(id))} onChange={(e) => toggleAddon(s, Number(id), i, e.target.checked)} />
                      <label htmlFor={`addon-${s.key}-${id}`}>{name ? t('tickets.addonNamed', { name, price: formatMoney(price, locale) }) : t('tickets.addon', { n: i + 1, price: formatMoney(price, locale) })}</label>
                    </div>
                  );
                })}
              </fieldset>
            )}
          </li>
        );
      })}
    </ul>
  );
}
