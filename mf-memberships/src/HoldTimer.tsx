import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from './locales';

/**
 * The time left on the visit's seat hold, visible on the seat steps. Announced politely only at whole minutes
 * (a screen reader is not interrupted every second); at zero it says the hold expired.
 */
export function HoldTimer({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  if (!expiresAt) return null;
  const left = Math.max(0, Math.round((new Date(expiresAt).getTime() - now) / 1000));
  const mm = Math.floor(left / 60), ss = String(left % 60).padStart(2, '0');
  return (
    <p data-testid="hold-timer" className="tx-card" style={{ paddingBlock: '.4rem', paddingInline: '.8rem', margin: 0 }}>
      {left > 0 ? t('timer.left', { time: `${mm}:${ss}` }) : <span role="alert">{t('timer.expired')}</span>}
      <span className="tx-visually-hidden" aria-live="polite">{left > 0 && left % 60 === 0 ? t('timer.minutes', { count: mm }) : ''}</span>
    </p>
  );
}
