import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, currentLocale, formatStripDay, formatTime, jerusalemDate } from '@ticketing/shared';
import { loadWhatsOn, type FilmOnShow } from './whatsOn';
import styles from './home.module.css';

const WEEK = 7;
/**
 * Placeholder cards while the films load: three rows at the widest layout (three columns). Their list is at least a
 * screen tall (`skeletons` in home.module.css), so the next section starts below the fold as it will once the films
 * are there (with four cards, the films' arrival pushed it out of view: a layout shift of 0.036 at 1280 × 800).
 * A real cinema's week and the seed have more films on show than fill a screen.
 */
const SKELETONS = 9;

/** The week ahead as links into the event list (the booking remote shows the full 29-day strip). */
function WeekStrip() {
  const { t } = useTranslation('common');
  const today = jerusalemDate();
  const locale = currentLocale();
  return (
    <nav aria-label={t('home.week')} className={styles.week}>
      <ul>
        {Array.from({ length: WEEK }, (_, i) => addDays(today, i)).map((d) => {
          const { weekday, day } = formatStripDay(d, locale);
          return (
            <li key={d}>
              <a href={`/order?date=${d}`} data-spa className={styles.day} aria-current={d === today ? 'date' : undefined}>
                <span>{d === today ? t('home.today') : weekday}</span>
                <strong>{day}</strong>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Cards within the first screen of a phone load their posters at once; the first poster is the page's largest paint. */
const EAGER_POSTERS = 2;

function FilmCard({ film, index }: { film: FilmOnShow; index: number }) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const f = film.feature;
  const filmPage = `/order?feature=${f.id}&date=${film.day}`;
  return (
    <li className={styles.film} data-testid="home-film">
      <a href={filmPage} data-spa className={styles.posterLink} tabIndex={-1} aria-hidden="true">
        <img src={film.poster} alt="" width={300} height={450} loading={index < EAGER_POSTERS ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'} className={styles.poster} />
      </a>
      <div className={styles.info}>
        <h3><a href={filmPage} data-spa>{f.name}</a></h3>
        <p className={styles.meta}>{f.genre} · {f.rating} · {t('home.minutes', { count: f.durationMinutes })}</p>
        {film.next.length > 0 ? (
          <>
            <p className={styles.when}>{film.day === jerusalemDate() ? t('home.nextToday') : t('home.nextTomorrow')}</p>
            <ul className={styles.times}>
              {film.next.map((p) => (
                <li key={p.id}>
                  <a href={`/order/${p.id}`} data-spa className={styles.time} data-testid="home-screening">
                    <strong>{formatTime(p.dateTime, locale)}</strong> <span>{p.locationName}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : <p className={styles.when}>{t('home.laterDays')}</p>}
      </div>
    </li>
  );
}

/** Cards of the films' own size while they load, so the sections below do not jump when they arrive (issue 12: CLS). */
function FilmSkeletons({ label }: { label: string }) {
  return (
    <>
      <p role="status" className="tx-visually-hidden">{label}</p>
      <ul className={`${styles.films} ${styles.skeletons}`} aria-hidden="true" data-testid="home-films-loading">
        {Array.from({ length: SKELETONS }, (_, i) => (
          <li key={i} className={`${styles.film} ${styles.skeleton}`}><span className={styles.poster} /><span /></li>
        ))}
      </ul>
    </>
  );
}

/** `/`: what is on today and this week — films with posters and their next screenings, then the week's days. */
export function IndexPage() {
  const { t, i18n } = useTranslation('common');
  const [films, setFilms] = useState<FilmOnShow[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    // A transition: React renders the cards in slices that leave the main thread free between them (TBT).
    loadWhatsOn(currentLocale()).then((f) => { if (alive) startTransition(() => setFilms(f)); }, () => { if (alive) setFailed(true); });
    return () => { alive = false; };
  }, [i18n.language]);
  return (
    <section className="tx-page" aria-labelledby="index-title">
      <div className={styles.hero}>
        <h1 id="index-title">{t('index.headline')}</h1>
        <p>{t('index.intro')}</p>
        <a className="tx-btn" href="/order" data-spa>{t('index.cta')}</a>
      </div>
      <WeekStrip />
      <h2 className={styles.sectionTitle}>{t('home.onNow')}</h2>
      {failed && <p role="alert" className="tx-error">{t('home.failed')}</p>}
      {!films && !failed && <FilmSkeletons label={t('actions.loading')} />}
      {/* an empty catalogue: said, not a heading with nothing under it (the other lists say theirs too) */}
      {films?.length === 0 && <p className={styles.none} data-testid="home-films-empty">{t('home.none')}</p>}
      {films && films.length > 0 && (
        <ul className={styles.films} data-testid="home-films">
          {films.map((f, i) => <FilmCard key={f.feature.id} film={f} index={i} />)}
        </ul>
      )}
      <h2 className={styles.sectionTitle}>{t('home.more')}</h2>
      <ul className={styles.more}>
        {([['/vod', 'nav.vod'], ['/membership', 'nav.membership'], ['/vouchers', 'nav.vouchers']] as const).map(([href, key]) => (
          <li key={href}><a className="tx-card" href={href} data-spa>{t(key)}</a></li>
        ))}
      </ul>
    </section>
  );
}
