import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
  // One stop for Tab, the arrows along the strip (QA, sixteenth session: 29 Tab stops before the screenings); the
  // arrows follow the screen's direction, Home and End go to its ends; Enter or Space chooses, and the choice is said.
  const [said, setSaid] = useState('');
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const days = [...(nav.current?.querySelectorAll<HTMLButtonElement>('button[data-date]') ?? [])];
    const at = days.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = e.key === 'ArrowRight' ? (rtl ? -1 : 1) : e.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? days.length - 1 : step ? at + step : -1;
    if (to < 0 || to >= days.length) return;
    e.preventDefault();
    days[to]!.focus();
  };
  const choose = (date: string, label: string) => { onSelect(date); setSaid(t('events.dayChosen', { day: label })); };
  return (
    <nav aria-label={t('events.calendar')} className={styles.strip} ref={nav}>
      <p className="tx-visually-hidden" aria-live="polite" data-testid="day-said">{said}</p>
      <ul onKeyDown={onKeyDown}>
        {calendarStrip(today).map((date) => {
          const { weekday, day } = formatStripDay(date, locale);
          return (
            <li key={date}>
              <button
                type="button"
                className={styles.day}
                aria-pressed={date === selected}
                aria-current={date === today ? 'date' : undefined}
                tabIndex={date === selected ? 0 : -1}
                data-date={date}
                onClick={() => choose(date, `${date === today ? t('events.today') : weekday} ${day}`)}
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
