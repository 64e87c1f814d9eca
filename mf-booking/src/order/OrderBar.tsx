import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderDeadline } from './deadline';
import { formatClock, remainingSeconds } from './LockTimer';
import styles from './OrderBar.module.css';

/** The hold clock of the bottom bar (a phone's; on a wide screen the header shows it). */
function BarClock() {
  const { t } = useTranslation('common');
  const deadline = useContext(OrderDeadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => setNow(Date.now()), [deadline]);
  const left = remainingSeconds(deadline, now);
  // the line keeps its height while there is no clock, so nothing below it moves
  return (
    <span className={styles.clock} role="timer" aria-live="off" data-testid="bar-timer" data-seconds={left ?? undefined}>
      {left !== null ? t('time.remaining', { time: formatClock(left) }) : ''}
    </span>
  );
}

/**
 * The order's bottom bar (issue 14 point 7): on a phone it stays at the bottom of the screen with the hold
 * clock and, on the seats step, the seats chosen, the api's total and Continue. Without a summary or an
 * action it is shown on a phone only (the clock of the later steps, which have their own buttons).
 */
export function OrderBar({ summary, action, waiting = false }: {
  summary?: ReactNode;
  action?: ReactNode;
  /**
   * The step's content above the bar is still taking its size (the seat map before its first frame): on a wide
   * screen the bar keeps its place in the flow but is not shown, since it would be seen moving down as the map grows
   * to its hall's proportions (a layout shift of 0.009 at 1280 × 800). On a phone it is pinned to the bottom anyway.
   */
  waiting?: boolean;
}) {
  const phoneOnly = !summary && !action;
  return (
    <div className={`${styles.bar} ${phoneOnly ? styles.phoneOnly : ''} ${waiting ? styles.waiting : ''}`} data-testid={phoneOnly ? 'order-bar' : 'seat-bar'}>
      <div className={styles.status}>
        <BarClock />
        {summary && <span className={styles.summary} aria-live="polite">{summary}</span>}
      </div>
      {action}
    </div>
  );
}
