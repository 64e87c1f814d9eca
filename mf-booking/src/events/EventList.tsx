import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatTime, jerusalemDate, type ApiFailure, type DayPresentation } from '@ticketing/shared';
import { useDayPresentationsQuery, useFeatureQuery } from '../api/bookingApi';
import { NAMESPACE } from '../locales';
import { CalendarStrip } from './CalendarStrip';
import { FilmHeader } from './FilmHeader';
import { isPastScreening } from './past';
import { OrderPage } from '../routePages';
import styles from './events.module.css';

/**
 * The order page's code is fetched when the visitor points at, touches or tabs to a screening, not with the list
 * (the list's first load stays small): by the click it is usually there and the page shows at once (see lazyScreen).
 */
const preloadOrderPage = () => { OrderPage.preload().catch(() => { /* the page's own load reports it */ }); };

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
  // A film page is the event list filtered by one film (`?feature=`), under the film's poster and details.
  const featureId = Number(params.get('feature')) || null;
  // A film page shows once its film is known: the details arriving under a poster already shown pushed the days and
  // the screenings down (issue 12: a layout shift of 0.023 on a phone). The same query as FilmHeader's (one call).
  const film = useFeatureQuery({ id: featureId ?? 0, locale: i18n.language }, { skip: featureId === null });
  const features = useMemo(() => groupByFeature((data?.presentations ?? []).filter((p) => featureId === null || p.featureId === featureId)), [data, featureId]);
  const locale = currentLocale();

  const select = (d: string) => setParams((p) => { p.set('date', d); return p; }, { replace: true });
  if (featureId && film.isLoading) return <section className="tx-page" aria-label={t('events.title')}><Spinner /></section>;

  return (
    <section className="tx-page" aria-labelledby="events-title">
      {featureId ? <FilmHeader id={featureId} /> : <h1 id="events-title">{t('events.title')}</h1>}
      <CalendarStrip selected={date} onSelect={select} />
      {isFetching && !data && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && features.length === 0 && <p role="status">{t(featureId ? 'film.none' : 'events.none')}</p>}
      <ul className={styles.features} aria-busy={isFetching} data-testid="event-list" onPointerOver={preloadOrderPage} onFocus={preloadOrderPage}>
        {features.map((f) => (
          <li key={f.id} className="tx-card">
            <h2>{featureId ? t('film.screenings') : <Link to={`/order?feature=${f.id}&date=${date}`} className={styles.filmLink}>{f.name}</Link>}</h2>
            <ul className={styles.times}>
              {f.items.map((p) => isPastScreening(p) ? (
                <li key={p.id}>
                  {/* Issue 14 point 4: a screening that has started is shown, but not offered. */}
                  <span className={styles.time} aria-disabled="true" data-testid="presentation-past">
                    <strong>{formatTime(p.dateTime, locale)}</strong>
                    <span>{p.locationName} · {p.venueName}</span>
                    <small>{t('events.started')}</small>
                  </span>
                </li>
              ) : (
                <li key={p.id}>
                  <Link
                    to={`/order/${p.id}`}
                    className={styles.time}
                    data-testid="presentation-link"
                    // Not aria-disabled: the link works — a sold-out screening's page is where its waiting list is
                    // (QA, sixteenth session: a screen reader said "unavailable" and the visitor stopped there)
                    data-unavailable={p.locationOffline || p.available === 0 || undefined}
                  >
                    {/* The visible text is the accessible name (WCAG 2.5.3); the film's name is read first. */}
                    <span className="tx-visually-hidden">{f.name}, </span>
                    <strong>{formatTime(p.dateTime, locale)}</strong>
                    <span>{p.locationName} · {p.venueName}</span>
                    <small>{p.locationOffline ? t('events.offline') : p.isVod ? t('events.vodNote') : p.available === 0 ? t('events.soldOutWaitlist') : `${t(`events.mode.${p.seatingMode}`)} · ${t('events.placesLeft', { count: p.available })}`}</small>
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
