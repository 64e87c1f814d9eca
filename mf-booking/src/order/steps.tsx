import { useState, type ComponentType } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { formatMoney, currentLocale, type LockTimer, type Presentation } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
import type { BookingState } from '../store';
import { SeatSelection } from '../seatmap/SeatSelection';
import styles from './order.module.css';
import * as Checkout from '../checkout/lazy';

/** What every order step receives from the stepper. */
export interface StepProps {
  presentation: Presentation;
  groupName: (tg: number) => string | undefined;
  onNext: () => void;
  onBack: () => void;
}

export interface StepDef {
  /** Also the i18n key under order.steps. */
  id: 'chooseSeats' | 'chooseTickets' | 'customerInfo' | 'chooseProducts' | 'payment';
  /** The lock timer of the step, looked up by name (decisions.md: either step order works). */
  timer: keyof LockTimer | null;
  Component: ComponentType<StepProps>;
}

/** Step 0: the seat map. Continue is enabled once every selected seat is held and the selection keeps the rules. */
function ChooseSeatsStep({ presentation, groupName, onNext }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const [valid, setValid] = useState(false);
  return (
    <>
      <SeatSelection presentation={presentation} groupName={groupName} onValidityChange={setValid} />
      <div className={styles.actions}>
        <button type="button" className="tx-btn" disabled={!valid} onClick={onNext} data-testid="step-next">{t('order.continue')}</button>
      </div>
    </>
  );
}

/**
 * PLACEHOLDER for the next issue (tickets, customer info, products, payment live in mf-booking/src/checkout/).
 * Replace the Component of steps 1–4 below; the stepper, timers and cart stay as they are.
 */
function PlaceholderStep({ presentation, onNext, onBack }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const seats = useSelector((s: BookingState) => s.cart.presentations[presentation.id]?.seats ?? []);
  return (
    <section className={`tx-card ${styles.placeholder}`} data-testid="step-placeholder">
      <p><strong>{t('order.placeholder')}</strong></p>
      <ul>
        {seats.map((s) => (
          <li key={s.key}>
            {s.isGA ? s.SectionName : t('cart.seatShort', { section: s.SectionName, row: s.RowName, seat: s.SeatName })}
            {' · '}
            {s.ticket ? `${s.ticket.name} ${formatMoney(s.ticket.amount, currentLocale())}` : t('cart.noTicket')}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>
        <button type="button" className="tx-btn" onClick={onNext} data-testid="step-next">{t('order.continue')}</button>
      </div>
    </section>
  );
}

/** The ticket order (spec section 2, first reading): 0 choose seats, 1 choose tickets, 2 customer info, 3 choose products, then payment. */
export const ORDER_STEPS: StepDef[] = [
  { id: 'chooseSeats', timer: 'chooseSeatsInSeconds', Component: ChooseSeatsStep },
  { id: 'chooseTickets', timer: 'chooseTicketsInSeconds', Component: Checkout.TicketsStep },
  { id: 'customerInfo', timer: 'customerInfoInSeconds', Component: Checkout.CustomerInfoStep },
  { id: 'chooseProducts', timer: 'chooseProductsInSeconds', Component: Checkout.ProductsStep },
  { id: 'payment', timer: null, Component: Checkout.PaymentStep },
];
