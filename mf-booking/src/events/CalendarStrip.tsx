import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarStrip, currentLocale, formatStripDay, jerusalemDate } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import styles from './events.module.css';

/** Spec section 9: 29 Asia/Jerusalem days, 14 before today, today and 14 after. */
export function CalendarStrip({ selected, onSelect }: { selected: string; onSelect: (date: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const locale = currentLocale();
  // A phone shows a few days: bring the chosen day (today by default) into view, not the strip's first day.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>(`[data-date="${selected}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [selected]);
  return (
    <nav aria-label={t('events.calendar')} className={styles.strip} ref={nav}>
      <ul>
        {calendarStrip(today).map((date) => {
          const { weekday, day } = formatStripDay(date, locale);
          return (
            <li key={date}>
              <button
                type="button"
                className={styles.day}
                aria-pressed={date === selected}
                aria-current={date === today ? 'date' : undefined}
                data-date={date}
                onClick={() => onSelect(date)}
              >
                <span>{date === today ? t('events.today') : weekday}</span>
                <strong>{day}</strong>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
