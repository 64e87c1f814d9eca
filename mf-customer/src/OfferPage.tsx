import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ErrorNotice, Spinner } from '@ticketing/shared';
import { failureKey, useOfferQuery } from './api';
import { NAMESPACE } from './locales';

/**
 * /customer/offer/{uuid} (the waiting-list SMS link): the seats are held for the visit `uuid`, so this tab
 * becomes that visit and opens the order, where the held seats are already chosen.
 */
export function OfferPage() {
  const { t } = useTranslation(NAMESPACE);
  const { uuid = '' } = useParams();
  const q = useOfferQuery(uuid);
  const live = q.data?.live;
  const presentationId = q.data?.presentationId;
  useEffect(() => {
    if (!live || !presentationId) return;
    try { sessionStorage.setItem('ticketing.uuid', uuid); } catch { /* storage off: the order cannot adopt the hold */ }
    window.history.pushState(null, '', `/order/${presentationId}`);
  }, [live, presentationId, uuid]);
  return (
    <section className="tx-page" aria-labelledby="offer-title">
      <h1 id="offer-title">{t('area.waitlist.offerTitle')}</h1>
      {q.isLoading && <Spinner />}
      {q.error && <ErrorNotice messageKey={failureKey(q.error)} />}
      {q.data && !q.data.live && <p role="alert">{t('area.waitlist.offerGone')}</p>}
    </section>
  );
}
