import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockTimer, Presentation } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
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

/** The ticket order (spec section 2, first reading): 0 choose seats, 1 choose tickets, 2 customer info, 3 choose products, then payment. */
export const ORDER_STEPS: StepDef[] = [
  { id: 'chooseSeats', timer: 'chooseSeatsInSeconds', Component: ChooseSeatsStep },
  { id: 'chooseTickets', timer: 'chooseTicketsInSeconds', Component: Checkout.TicketsStep },
  { id: 'customerInfo', timer: 'customerInfoInSeconds', Component: Checkout.CustomerInfoStep },
  { id: 'chooseProducts', timer: 'chooseProductsInSeconds', Component: Checkout.ProductsStep },
  { id: 'payment', timer: null, Component: Checkout.PaymentStep },
];
