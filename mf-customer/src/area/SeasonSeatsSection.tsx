import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';

/**
 * Where a season enrolment is found: its seats are listed by mf-memberships (/membership/enrolments), so this card
 * only links there (a plain URL; the area has no call of its own that could tell whether the customer has any).
 */
export function SeasonSeatsSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="tx-card" aria-labelledby="season-seats-title">
      <h2 id="season-seats-title">{t('area.seasonSeats.title')}</h2>
      <p>{t('area.seasonSeats.text')}</p>
      <a className="tx-btn-secondary" data-spa href="/membership/enrolments">{t('area.seasonSeats.link')}</a>
    </section>
  );
}
