import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, customerSessionCookie, formatLongDateTime, formatMoney, type ApiFailure, type VodTitle, isolate } from '@ticketing/shared';
import type { Locale } from '@ticketing/shared/contracts';
import { NAMESPACE } from '../locales';
import { useVodTitlesQuery } from '../api/checkoutApi';
import { useStartupConfigQuery } from '../api/orderApi';
import { useCheckoutSelector, useLocale } from '../checkout/hooks';
import { clearsCartOnLoad } from './vodRules';
import styles from './vod.module.css';

/** The api's offerings (one per title and venue, a title's together) as one entry per title. */
export function byTitle(offers: readonly VodTitle[]): VodTitle[][] {
  const groups = new Map<number, VodTitle[]>();
  for (const v of offers) groups.set(v.featureId, [...(groups.get(v.featureId) ?? []), v]);
  return [...groups.values()];
}

/** One way to watch a title (standard, premium): its venue, when it opens, its prices, and Buy. */
function Offer({ v, locale, otherInCart }: { v: VodTitle; locale: Locale; otherInCart: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const id = useId();
  const opensLater = Date.parse(v.availableFrom) > Date.now();
  return (
    <li className={styles.offer} aria-labelledby={id} data-testid="vod-offer">
      <h3 id={id}>{v.venueName}</h3>
      <p className={styles.meta}>
        {opensLater ? t('vod.availableFrom', { date: formatLongDateTime(v.availableFrom, locale) }) : t('vod.availableNow')}
      </p>
      <ul className={styles.prices}>
        {v.tickets.map((tk) => (
          <li key={tk.id}>
            <bdi>{tk.name}</bdi>
            <span>
              {formatMoney(tk.price, locale)}
              {tk.serviceCharge > 0 && ` ${t('vod.serviceCharge', { price: formatMoney(tk.serviceCharge, locale) })}`}
            </span>
          </li>
        ))}
      </ul>
      {(v.clearsCart || clearsCartOnLoad(v.venueTypeId)) && otherInCart && <p className={styles.meta}>{t('vod.clearsCart')}</p>}
      {/* The order page clears the cart for venue types 101/102 when it loads (also when opened directly). */}
      <button type="button" className="tx-btn" onClick={() => void navigate(`/order/${v.presentationId}`)}
        aria-label={t('vod.buyLabel', { name: v.name, venue: v.venueName })}>{t('vod.buy')}</button>
    </li>
  );
}

/** /vod: video-on-demand titles (venue types 101–104), one card per title with its offerings, bought through the same checkout. */
/** An age rating ("12+") keeps its order inside a right-to-left line (it read "+12"). */

export function VodPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const inCart = useCheckoutSelector((s) => Object.values(s.cart.presentations).map((p) => p.presentationId));
  const { data, error, isLoading, refetch } = useVodTitlesQuery({ locale: i18n.language });
  // the prices listed are the tickets'; the order adds the configured booking fee (the api's figure, named here so
  // that ₪29.90 on this page and ₪32.90 charged do not surprise anyone)
  const bookingFee = useStartupConfigQuery().data?.config.payment.bookingFee ?? 0;

  return (
    <section className="tx-page" aria-labelledby="vod-title" data-testid="vod">
      <h1 id="vod-title">{t('vod.title')}</h1>
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={() => void refetch()} />}
      {data && data.titles.length === 0 && <p role="status">{t('vod.none')}</p>}
      {data && data.titles.length > 0 && bookingFee > 0 && <p className={styles.meta} data-testid="vod-fee">{t('vod.bookingFee', { fee: formatMoney(bookingFee, locale) })}</p>}
      {/* said before Buy, not after it (QA, sixteenth session): a title is watched from the customer's account */}
      {data && data.titles.length > 0 && !customerSessionCookie() && <p className={styles.meta} data-testid="vod-sign-in-note">{t('vod.signInNote')}</p>}
      <ul className={styles.grid}>
        {byTitle(data?.titles ?? []).map((offers) => {
          const v = offers[0]!;
          return (
            <li key={v.featureId} className="tx-card" aria-labelledby={`vod-${v.featureId}`} data-testid="vod-title">
              <h2 id={`vod-${v.featureId}`}>{v.name}</h2>
              <p className={styles.meta}>{t('vod.meta', { minutes: v.durationMinutes, rating: isolate(v.rating) })}</p>
              <p dir="auto">{v.description}</p>
              <ul className={styles.offers}>
                {offers.map((o) => <Offer key={o.presentationId} v={o} locale={locale} otherInCart={inCart.some((id) => id !== o.presentationId)} />)}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
