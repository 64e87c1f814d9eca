import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, customerSignInUrl, ErrorNotice, formatLongDateTime, Spinner, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useErrorText } from '../purchase/CheckoutSteps';
import { useMineQuery, useReleaseMutation } from './enrolApi';

/**
 * /membership/enrolments: the signed-in customer's season seats per event, each event's seat releasable (it returns
 * to sale for that event only). The customer area links here (GET /api/enroll/mine gives the same data and this URL).
 */
export function MyEnrolments() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const q = useMineQuery(i18n.language, { refetchOnMountOrArgChange: true });
  const [release] = useReleaseMutation();
  const errorText = useErrorText();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const locale = currentLocale();
  const unauthorized = (q.error as ApiFailure | undefined)?.status === 401;
  const doRelease = async (enrolmentIdentifier: string, presentationId: number, title: string) => {
    if (!window.confirm(t('mine.confirm', { title }))) return;
    try {
      await release({ enrolmentIdentifier, presentationId }).unwrap();
      setMessage({ ok: true, text: t('mine.released', { title }) });
    } catch (e) { setMessage({ ok: false, text: errorText(e) }); }
  };
  return (
    <section className="tx-page" aria-labelledby="mine-title">
      <h1 id="mine-title">{t('mine.title')}</h1>
      {q.isLoading && <Spinner />}
      {unauthorized && <div className="tx-card"><p role="status">{t('enrol.signInFirst')}</p><a className="tx-btn" data-spa href={customerSignInUrl()}>{t('enrol.signIn')}</a></div>}
      {q.error && !unauthorized && <ErrorNotice messageKey={(q.error as ApiFailure).key} onRetry={q.refetch} />}
      {message && (message.ok ? <p role="status">{message.text}</p> : <p role="alert" className="tx-error">{message.text}</p>)}
      {q.data && q.data.enrolments.length === 0 && <p role="status">{t('mine.none')}</p>}
      {q.data?.enrolments.map((en) => (
        <article key={en.enrolmentIdentifier} className="tx-card" data-testid="my-enrolment">
          <h2>{en.seasonName} · {en.enrolmentIdentifier}</h2>
          <table className="tx-table">
            <caption className="tx-visually-hidden">{t('mine.caption', { name: en.seasonName })}</caption>
            <thead><tr><th scope="col">{t('mine.event')}</th><th scope="col">{t('mine.seats')}</th><th scope="col"><span className="tx-visually-hidden">{t('mine.actions')}</span></th></tr></thead>
            <tbody>
              {en.events.map((ev) => (
                <tr key={ev.presentationId}>
                  <td>{ev.title} · {formatLongDateTime(ev.dateTime, locale)}</td>
                  <td>{ev.seats.map((x) => t(x.released ? 'mine.seatReleased' : 'mine.seat', { row: x.rowName, seat: x.seatName })).join(', ')}</td>
                  <td>
                    {ev.releasable && (
                      <button type="button" className="tx-btn tx-btn-secondary" onClick={() => void doRelease(en.enrolmentIdentifier, ev.presentationId, ev.title)}>
                        {t('mine.release', { title: ev.title })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  );
}
