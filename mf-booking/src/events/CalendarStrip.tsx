import { useTranslation } from 'react-i18next';
import { calendarStrip, currentLocale, formatStripDay, jerusalemDate } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
import styles from './events.module.css';

/** Spec section 9: 29 Asia/Jerusalem days, 14 before today, today and 14 after. */
export function CalendarStrip({ selected, onSelect }: { selected: string; onSelect: (date: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const locale = currentLocale();
  return (
    <nav aria-label={t('events.calendar')} className={styles.strip}>
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
