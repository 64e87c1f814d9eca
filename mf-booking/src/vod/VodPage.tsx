import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, formatMoney, type ApiFailure, type VodTitle } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useVodTitlesQuery } from '../api/checkoutApi';
import { useCheckoutSelector, useLocale } from '../checkout/hooks';
import { clearsCartOnLoad } from './vodRules';
import styles from './vod.module.css';


/** /vod: video-on-demand titles (venue types 101–104), bought through the same checkout. */
export function VodPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const navigate = useNavigate();
  const inCart = useCheckoutSelector((s) => Object.values(s.cart.presentations).map((p) => p.presentationId));
  const { data, error, isLoading, refetch } = useVodTitlesQuery({ locale: i18n.language });

  // The order page clears the cart for venue types 101/102 when it loads (also when opened directly).
  const buy = (v: VodTitle) => navigate(`/order/${v.presentationId}`);

  return (
    <section className="tx-page" aria-labelledby="vod-title" data-testid="vod">
      <h1 id="vod-title">{t('vod.title')}</h1>
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={() => void refetch()} />}
      {data && data.titles.length === 0 && <p role="status">{t('vod.none')}</p>}
      <ul className={styles.grid}>
        {data?.titles.map((v) => {
          const from = Math.min(...v.tickets.map((x) => x.price));
          return (
            <li key={v.presentationId} className="tx-card" data-testid="vod-title">
              <h2>{v.name}</h2>
              <p className={styles.meta}>{t('vod.meta', { minutes: v.durationMinutes, rating: v.rating })}</p>
              <p>{v.description}</p>
              {Number.isFinite(from) && <p>{t('vod.from', { price: formatMoney(from, locale) })}</p>}
              {(v.clearsCart || clearsCartOnLoad(v.venueTypeId)) && inCart.some((id) => id !== v.presentationId) && <p className={styles.meta}>{t('vod.clearsCart')}</p>}
              <button type="button" className="tx-btn" onClick={() => void buy(v)} aria-label={t('vod.buyLabel', { name: v.name })}>{t('vod.buy')}</button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
