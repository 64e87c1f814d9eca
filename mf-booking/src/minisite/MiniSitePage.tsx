import { useEffect, useMemo, type CSSProperties } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner, formatDayMonthYear, formatTime, jerusalemDate, slugify, type ApiFailure, type PresentationSummary } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useMiniSitePresentationsQuery, useMiniSiteQuery } from '../api/checkoutApi';
import { useLocale } from '../checkout/hooks';
import { writeMiniSite } from './miniSiteSession';
import styles from './minisite.module.css';

type Group = { key: string; title: string; items: PresentationSummary[] };

function groupBy(list: PresentationSummary[], mode: 'list' | 'calendar' | 'byFeature', dayTitle: (d: string) => string): Group[] {
  if (mode === 'list') return [{ key: 'all', title: '', items: list }];
  const map = new Map<string, Group>();
  for (const p of list) {
    const key = mode === 'calendar' ? jerusalemDate(p.dateTime) : String(p.featureId);
    const g = map.get(key) ?? { key, title: mode === 'calendar' ? dayTitle(key) : p.featureName, items: [] };
    g.items.push(p);
    map.set(key, g);
  }
  return [...map.values()];
}

/**
 * /mini-site/{url} (issue 4 §9): a partner's branded booking page. The slug is normalised with
 * the shared slug helper; entering the page starts a mini-site order (miniSiteUrl on every
 * booking call, referralMiniSiteId on the cart) until the order ends.
 */
export function MiniSitePage() {
  const { url = '' } = useParams();
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const slug = slugify(url);
  const { data, error, isLoading } = useMiniSiteQuery({ url: slug, locale: i18n.language }, { skip: !slug || slug !== url });
  const site = data?.miniSite;
  const { data: list, isFetching } = useMiniSitePresentationsQuery(
    { miniSiteUrl: site?.URL ?? slug, locationId: site?.locationId, featureIds: site?.featureIds, locale: i18n.language },
    { skip: !site },
  );

  useEffect(() => { if (site) writeMiniSite({ url: site.URL, id: site.id, name: site.name }); }, [site]);

  const groups = useMemo(
    () => groupBy([...(list?.presentations ?? [])].sort((a, b) => a.dateTime.localeCompare(b.dateTime)), site?.PresentationList ?? 'list', formatDayMonthYear),
    [list, site?.PresentationList],
  );

  if (slug && slug !== url) return <Navigate to={`/mini-site/${slug}`} replace />;
  if (isLoading) return <section className="tx-page"><Spinner /></section>;
  if (error || !site) {
    const f = error as ApiFailure | undefined;
    return <section className="tx-page"><p role="alert" className="tx-error" data-testid="minisite-error">{t(f?.status === 404 || !f ? 'minisite.notFound' : 'minisite.error')}</p></section>;
  }

  return (
    <section className="tx-page" aria-labelledby="ms-title" data-testid="minisite" style={{ '--ms-brand': site.brandColor } as CSSProperties}>
      <header className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">{site.logoText}</span>
        <h1 id="ms-title">{site.name}</h1>
        <p>{t('minisite.intro')}</p>
      </header>
      {isFetching && !list && <Spinner />}
      {list && list.presentations.length === 0 && <p role="status">{t('minisite.none')}</p>}
      {groups.map((g) => (
        <section key={g.key} aria-label={g.title || t('minisite.listLabel')} className={styles.group}>
          {g.title && <h2>{g.title}</h2>}
          <ul className={styles.list}>
            {g.items.map((p) => (
              <li key={p.id} className="tx-card" data-testid="minisite-presentation">
                <strong>{p.featureName}</strong>
                <span>{formatDayMonthYear(jerusalemDate(p.dateTime))} {formatTime(p.dateTime, locale)}</span>
                <span>{p.locationName} · {p.venueName}</span>
                {p.locationOffline
                  ? <small role="note">{t('minisite.offline')}</small>
                  : <Link className="tx-btn" to={`/order/${p.id}`} aria-label={t('minisite.book', { feature: p.featureName, date: formatDayMonthYear(jerusalemDate(p.dateTime)), time: formatTime(p.dateTime, locale), place: `${p.locationName} · ${p.venueName}` })}>{t('minisite.bookShort')}</Link>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
