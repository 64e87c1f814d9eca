import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiUrl, featureImagePath } from '@ticketing/shared';
import { useFeatureQuery } from '../api/bookingApi';
import { NAMESPACE } from '../locales';
import styles from './events.module.css';

/** The film page's head: poster (the api draws one when none is stored), name, genre, rating, length, description. */
export function FilmHeader({ id }: { id: number }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { data } = useFeatureQuery({ id, locale: i18n.language });
  const f = data?.features.find((x) => x.id === id);
  return (
    <div className={styles.film} data-testid="film-header">
      <img className={styles.poster} src={f?.imageUrl ?? apiUrl(featureImagePath(id, i18n.language))} alt="" width={300} height={450} />
      <div>
        <h1 id="events-title">{f?.name ?? t('events.title')}</h1>
        {f && <p className={styles.filmMeta}>{f.genre} · {f.rating} · {t('film.minutes', { count: f.durationMinutes })}</p>}
        {f?.description && <p>{f.description}</p>}
        <p><Link to="/order">{t('film.allFilms')}</Link></p>
      </div>
    </div>
  );
}
