import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@ticketing/seatmap';
import { effectiveDeadline } from './deadline';
import styles from './order.module.css';

/** Default warning before a step's time runs out (seconds). Tests shorten the wait with ?timerWarn=N. */
export const DEFAULT_WARN_SECONDS = 60;
/** WCAG 2.2.1 "Timing adjustable": the warning comes at least 20 seconds before the end. */
export const MIN_WARN_SECONDS = 20;

export function remainingSeconds(deadline: number | null, now: number): number | null {
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export const formatClock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The visible lock timer of the current step: a warning with "extend" before it runs out, and the
 * 'time is up, extend the timer?' dialog at zero (spec section 4). Extending keeps everything entered.
 * The clock shows `deadline` (the hold's expiry); the idle deadline brings the warning and the prompt
 * too but is not shown (it moves with every key press). On a phone the clock is in the bottom bar.
 */
export function LockTimer({ deadline, idleDeadline = null, warnSeconds, onExtend, onExpire, extending }: {
  deadline: number | null; idleDeadline?: number | null; warnSeconds: number; onExtend: () => void; onExpire: () => void; extending: boolean;
}) {
  const { t } = useTranslation('common');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => setNow(Date.now()), [deadline, idleDeadline]);
  const shown = remainingSeconds(deadline, now);
  const left = remainingSeconds(effectiveDeadline(deadline, idleDeadline), now);
  if (left === null) return null;
  const warn = left > 0 && left <= warnSeconds;
  const expired = left === 0;
  // The idle limit ends first: the clock still shows minutes, so "time is up" would contradict it (QA, fifteenth
  // session): the prompt asks whether the visitor is still there instead.
  // (when the seats' own time is also about to run out, that is what the warning says)
  const idle = idleDeadline !== null && (deadline === null || idleDeadline < deadline) && !(shown !== null && shown <= warnSeconds);
  return (
    <div className={styles.timer} data-testid="lock-timer">
      {shown !== null && (
        <span className={`${styles.clock} ${styles.headerClock} ${warn || expired ? styles.clockWarn : ''}`} role="timer" aria-live="off" data-seconds={shown}>
          {t('time.remaining', { time: formatClock(shown) })}
        </span>
      )}
      {warn && (
        <div className={styles.warning} role="alert" data-testid="timer-warning">
          <span>{t(idle ? 'time.idleExpiring' : 'time.expiring')}</span>
          <button type="button" className="tx-btn" onClick={onExtend} disabled={extending}>{t(idle ? 'time.stillHere' : 'time.extend')}</button>
        </div>
      )}
      <Dialog
        open={expired}
        role="alertdialog"
        testId="timer-expired"
        title={t(idle ? 'time.idleExpired' : 'time.expired')}
        onCancel={onExpire}
        actions={<>
          <button type="button" className="tx-btn tx-btn-secondary" onClick={onExpire}>{t('actions.cancel')}</button>
          <button type="button" className="tx-btn" onClick={onExtend} disabled={extending} data-autofocus>{t(idle ? 'time.stillHere' : 'time.extend')}</button>
        </>}
      />
    </div>
  );
}
