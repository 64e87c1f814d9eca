import { DayPresentationsResponse, FeaturesResponse, type DayPresentation, type Feature } from '@ticketing/shared/contracts';
import { addDays, apiUrl, currentLocale, featureImagePath, jerusalemDate, type Locale } from '@ticketing/shared';

/** A film on the home page: its catalog entry, its poster and its next bookable screenings (today, else tomorrow). */
export interface FilmOnShow { feature: Feature; poster: string; next: DayPresentation[]; day: string }

const MAX_TIMES = 3;

async function getJson<T>(path: string, locale: string, parse: (x: unknown) => T): Promise<T> {
  const r = await fetch(apiUrl(path), { headers: { 'Accept-Language': locale } });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return parse(await r.json());
}

/** Bookable = not started, not sold out, bookable on the web. */
const bookable = (p: DayPresentation, now: number) => Date.parse(p.dateTime) > now && p.available > 0 && !p.locationOffline && !p.isVod;

/** Films with screenings in the coming days, each with its next screenings (what the home page sells). */
export function filmsOnShow(features: Feature[], today: DayPresentation[], tomorrow: DayPresentation[], now = Date.now(), todayDate = jerusalemDate(now), locale = currentLocale()): FilmOnShow[] {
  return features.filter((f) => !f.isVod).map((feature) => {
    const t = today.filter((p) => p.featureId === feature.id && bookable(p, now));
    const list = t.length ? t : tomorrow.filter((p) => p.featureId === feature.id && bookable(p, now));
    return {
      feature,
      poster: feature.imageUrl ?? apiUrl(featureImagePath(feature.id, locale)),
      next: [...list].sort((a, b) => a.dateTime.localeCompare(b.dateTime)).slice(0, MAX_TIMES),
      day: t.length ? todayDate : addDays(todayDate, 1),
    };
  }).sort((a, b) => Number(b.next.length > 0) - Number(a.next.length > 0));
}

async function fetchWhatsOn(locale: Locale): Promise<FilmOnShow[]> {
  const today = jerusalemDate();
  const [f, d0, d1] = await Promise.all([
    getJson('/features/', locale, (x) => FeaturesResponse.parse(x)),
    getJson(`/seats/presentations?date=${today}`, locale, (x) => DayPresentationsResponse.parse(x)),
    getJson(`/seats/presentations?date=${addDays(today, 1)}`, locale, (x) => DayPresentationsResponse.parse(x)),
  ]);
  return filmsOnShow(f.features, d0.presentations, d1.presentations, Date.now(), today, locale);
}

const early = new Map<Locale, Promise<FilmOnShow[]>>();

/**
 * Starts the home page's calls at start-up, beside the registry and the texts instead of after the first render, so
 * the films (and the first poster, the page's largest paint) arrive with the page (issue 12: LCP).
 */
export function prefetchWhatsOn(locale: Locale): void {
  if (!early.has(locale)) {
    const calls = fetchWhatsOn(locale);
    calls.catch(() => { /* the page that takes it reports it */ });
    early.set(locale, calls);
  }
}

/** The films on show in `locale`: the start-up's calls if they were for this language, else new ones. */
export function loadWhatsOn(locale: Locale): Promise<FilmOnShow[]> {
  const started = early.get(locale);
  early.delete(locale);
  return started ?? fetchWhatsOn(locale);
}
