import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, formatDayMonthYearTime, Spinner, type ApiFailure, isolateLtr } from '@ticketing/shared';
import { failureKey, useJoinWaitingListMutation, useLeaveWaitingListMutation, usePresentationQuery, useAreaLocale, useWaitingListQuery } from '../api';
import { NAMESPACE } from '../locales';

/** A join refused because the screening has free seats (409): not a failure, the way forward is to book them. */
function SeatsFree({ presentationId }: { presentationId: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div role="status">
      <p>{t('common:errors.WAITLIST_SEATS_AVAILABLE')}</p>
      <a className="tx-btn" data-spa href={`/order/${presentationId}`}>{t('area.waitlist.bookNow')}</a>
    </div>
  );
}

/** /customer?waitFor={presentationId}: how many seats, and whether they must be side by side. */
function JoinForm({ presentationId }: { presentationId: number }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  // the form names the screening (it said only "Join the waiting list"): the catalog's answer in the page's language
  const pres = usePresentationQuery({ id: presentationId, locale: i18n.language });
  const [party, setParty] = useState(2);
  const [adjacent, setAdjacent] = useState(true);
  const [join, state] = useJoinWaitingListMutation();
  const submit = (e: FormEvent) => { e.preventDefault(); void join({ presentationId, partySize: party, adjacentOnly: adjacent }); };
  if (state.isSuccess) return <p role="status">{t('area.waitlist.joined')}</p>;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="wl-join">
      <h3 id="wl-join">{pres.data
        ? t('area.waitlist.joinFor', { title: pres.data.featureName, date: isolateLtr(formatDayMonthYearTime(pres.data.dateTime)) })
        : t('area.waitlist.joinTitle')}</h3>
      <label htmlFor="wl-party">{t('area.waitlist.partySize')}</label>{' '}
      <select id="wl-party" value={party} onChange={(e) => setParty(Number(e.target.value))}>
        {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
      </select>
      <p><label><input type="checkbox" checked={adjacent} onChange={(e) => setAdjacent(e.target.checked)} /> {t('area.waitlist.adjacentOnly')}</label></p>
      <button type="submit" className="tx-btn" disabled={state.isLoading}>{t('area.waitlist.join')}</button>
      {state.error && ((state.error as ApiFailure).code === 'WAITLIST_SEATS_AVAILABLE'
        ? <SeatsFree presentationId={presentationId} />
        : <ErrorNotice messageKey={failureKey(state.error)} />)}
    </form>
  );
}

/** The customer's waiting lists: status, an offer's booking link and hold time, and leaving. */
export function WaitlistSection() {
  const { t } = useTranslation(NAMESPACE);
  const q = useWaitingListQuery(useAreaLocale(), { pollingInterval: 15_000 });
  const [leave, leaving] = useLeaveWaitingListMutation();
  const waitFor = Number(new URLSearchParams(window.location.search).get('waitFor')) || 0;
  return (
    <section className="tx-card" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t('area.waitlist.title')}</h2>
      {waitFor > 0 && <JoinForm presentationId={waitFor} />}
      {q.isLoading && <Spinner />}
      {q.error && <ErrorNotice messageKey={failureKey(q.error)} onRetry={() => void q.refetch()} />}
      {leaving.error && <ErrorNotice messageKey={failureKey(leaving.error)} />}
      {q.data && (q.data.length === 0 ? <p>{t('area.waitlist.none')}</p> : (
        <ul>
          {q.data.map((e) => (
            <li key={e.id}>
              <strong>{e.title}</strong> · <span dir="ltr">{formatDayMonthYearTime(e.startsAt)}</span> · {t('area.waitlist.party', { count: e.partySize })}
              {' · '}{t(`area.waitlist.status.${e.status}`)}
              {e.offerUrl && e.offerExpiresAt && (
                <> · <a data-spa href={e.offerUrl}>{t('area.waitlist.book', { time: formatDayMonthYearTime(e.offerExpiresAt) })}</a></>
              )}
              {' '}
              <button type="button" className="tx-btn-secondary" disabled={leaving.isLoading} onClick={() => void leave(e.id)}>
                {t('area.waitlist.leave', { title: e.title })}
              </button>
            </li>
          ))}
        </ul>
      ))}
    </section>
  );
}
