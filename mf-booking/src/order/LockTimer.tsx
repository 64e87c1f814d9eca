import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../seatmap/Dialog';
import styles from './order.module.css';

/** Default warning before a step's time runs out (seconds). Tests shorten the wait with ?timerWarn=N. */
export const DEFAULT_WARN_SECONDS = 60;

export function remainingSeconds(deadline: number | null, now: number): number | null {
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export const formatClock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The visible lock timer of the current step: a warning with "extend" before it runs out, and the
 * 'time is up, extend the timer?' dialog at zero (spec section 4). Extending keeps everything entered.
 */
export function LockTimer({ deadline, warnSeconds, onExtend, onExpire, extending }: {
  deadline: number | null; warnSeconds: number; onExtend: () => void; onExpire: () => void; extending: boolean;
}) {
  const { t } = useTranslation('common');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => setNow(Date.now()), [deadline]);
  const left = remainingSeconds(deadline, now);
  if (left === null) return null;
  const warn = left > 0 && left <= warnSeconds;
  const expired = left === 0;
  return (
    <div className={styles.timer} data-testid="lock-timer">
      <span className={`${styles.clock} ${warn || expired ? styles.clockWarn : ''}`} role="timer" aria-live="off" data-seconds={left}>
        {t('time.remaining', { time: formatClock(left) })}
      </span>
      {warn && (
        <div className={styles.warning} role="alert" data-testid="timer-warning">
          <span>{t('time.expiring')}</span>
          <button type="button" className="tx-btn" onClick={onExtend} disabled={extending}>{t('time.extend')}</button>
        </div>
      )}
      <Dialog
        open={expired}
        role="alertdialog"
        testId="timer-expired"
        title={t('time.expired')}
        onCancel={onExpire}
        actions={<>
          <button type="button" className="tx-btn tx-btn-secondary" onClick={onExpire}>{t('actions.cancel')}</button>
          <button type="button" className="tx-btn" onClick={onExtend} disabled={extending} data-autofocus>{t('time.extend')}</button>
        </>}
      />
    </div>
  );
}
