import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatTime, jerusalemDate, type ApiFailure, type DayPresentation } from '@ticketing/shared';
import { useDayPresentationsQuery } from '../api/bookingApi';
import { NAMESPACE } from '../definition';
import { CalendarStrip } from './CalendarStrip';
import styles from './events.module.css';

function groupByFeature(list: DayPresentation[]) {
  const map = new Map<number, { name: string; items: DayPresentation[] }>();
  for (const p of list) {
    const g = map.get(p.featureId) ?? { name: p.featureName, items: [] };
    g.items.push(p);
    map.set(p.featureId, g);
  }
  return [...map.entries()].map(([id, g]) => ({ id, ...g }));
}

/** /order: the event list and new order — pick a day, then a screening. */
export function EventList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? jerusalemDate();
  const { data, error, isFetching, refetch } = useDayPresentationsQuery({ date, locale: i18n.language });
  const features = useMemo(() => groupByFeature(data?.presentations ?? []), [data]);
  const locale = currentLocale();

  const select = (d: string) => setParams((p) => { p.set('date', d); return p; }, { replace: true });

  return (
    <section className="tx-page" aria-labelledby="events-title">
      <h1 id="events-title">{t('events.title')}</h1>
      <CalendarStrip selected={date} onSelect={select} />
      {isFetching && !data && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && features.length === 0 && <p role="status">{t('events.none')}</p>}
      <ul className={styles.features} aria-busy={isFetching} data-testid="event-list">
        {features.map((f) => (
          <li key={f.id} className="tx-card">
            <h2>{f.name}</h2>
            <ul className={styles.times}>
              {f.items.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/order/${p.id}`}
                    className={styles.time}
                    data-testid="presentation-link"
                    aria-label={t('events.presentationLabel', { feature: f.name, time: formatTime(p.dateTime, locale), location: p.locationName, venue: p.venueName, available: p.available })}
                    aria-disabled={p.locationOffline || p.available === 0 || undefined}
                  >
                    <strong>{formatTime(p.dateTime, locale)}</strong>
                    <span>{p.locationName} · {p.venueName}</span>
                    <small>{p.locationOffline ? t('events.offline') : p.available === 0 ? t('events.soldOut') : t(`events.mode.${p.seatingMode}`)}</small>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
