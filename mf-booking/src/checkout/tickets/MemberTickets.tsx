import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../locales';
import { useCurrentCustomerQuery } from '../../api/orderApi';
import type { CheckoutTicket } from '../cartPayload';
import { useCheckoutSelector } from '../hooks';
import styles from '../checkout.module.css';

/**
 * The signed-in customer's usable memberships, each with a button that takes a member ticket from its balance. `canUse`:
 * a chosen seat can take one (its price group sells member tickets and it has no ticket from a code, membership or
 * points yet); otherwise the step says so instead of offering a button that could only be refused.
 */
export function MemberTickets({ busy, canUse, onUse }: { busy: boolean; canUse: boolean; onUse(memberNumber: string): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { data: customer } = useCurrentCustomerQuery();
  const members = (customer?.customerInfo.Members ?? []).filter((m) => m.isAvailable && !m.isExpired && !m.isNotStarted);
  // What is left after the member tickets already on seats of this cart (every screening in it): the customer's
  // figure counts only orders made, so it said "10 left" with one on a seat, and offered a ticket the api would refuse.
  const inCart = useCheckoutSelector((s) => {
    const n: Record<string, number> = {};
    for (const cp of Object.values(s.cart.presentations)) for (const seat of cp.seats) {
      const mn = (seat.ticket as CheckoutTicket | null)?.memberNumber;
      if (mn) n[mn] = (n[mn] ?? 0) + 1;
    }
    return JSON.stringify(n);
  });
  const used = JSON.parse(inCart) as Record<string, number>;
  const left = (m: (typeof members)[number]) => Math.max(0, m.balance - m.usedBalance - (used[m.memberNumber] ?? 0));
  if (!members.length) return null;
  return (
    <div className="tx-card" data-testid="member-tickets">
      <h3>{t('tickets.member.title')}</h3>
      {!canUse && <p className={styles.note} data-testid="member-no-seat">{t('tickets.member.noSeat')}</p>}
      <ul className={styles.applied}>
        {members.map((m) => (
          <li key={m.memberNumber}>
            <span>{t('tickets.member.item', { name: m.name, balance: left(m) })}</span>
            {!canUse ? null : m.allowMemberSaleTickets && left(m) > 0
              ? <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} disabled={busy} onClick={() => onUse(m.memberNumber)}>{t('tickets.member.use')}</button>
              : <small className={styles.note}>{t(m.allowMemberSaleTickets ? 'tickets.member.noBalance' : 'tickets.member.notAllowed')}</small>}
          </li>
        ))}
      </ul>
    </div>
  );
}
