import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '@ticketing/shared';
import type { Member } from '@ticketing/shared/contracts';
import { NAMESPACE } from '../locales';
import styles from './area.module.css';

/**
 * Memberships with their member number, tickets left, points and validity: one card each, its figures as label and
 * value (a six-column table was 440 px wide and moved the whole page sideways on a 360 px phone), and a renewal link.
 */
export function MembershipsSection({ members }: { members: Member[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="tx-card" aria-labelledby="members-title">
      <h2 id="members-title">{t('area.memberships.title')}</h2>
      {members.length === 0 ? <p>{t('area.memberships.none')}</p> : (
        <ul className={styles.items}>
          {members.map((m) => (
            <li key={m.memberNumber} className="tx-card" aria-labelledby={`member-${m.memberNumber}`}>
              <h3 id={`member-${m.memberNumber}`}>{m.name}</h3>
              <dl className={styles.facts}>
                <div><dt>{t('area.memberships.number')}</dt><dd><bdi dir="ltr">{m.memberNumber}</bdi></dd></div>
                <div><dt>{t('area.memberships.balance')}</dt><dd>{m.balance}</dd></div>
                <div><dt>{t('area.memberships.points')}</dt><dd>{m.pointsBalance}</dd></div>
                <div><dt>{t('area.memberships.validUntil')}</dt><dd><bdi dir="ltr">{formatDayMonthYear(m.endDate)}</bdi></dd></div>
                <div><dt>{t('area.memberships.status')}</dt><dd>{t(m.isExpired ? 'area.memberships.expired' : m.isNotStarted ? 'area.memberships.notStarted' : 'area.memberships.active')}</dd></div>
              </dl>
              {/* the renewal page is mf-memberships' (a plain URL, not its code); the name says which membership */}
              <a className="tx-btn-secondary" data-spa href={`/membership/renew/${encodeURIComponent(m.memberNumber)}`}
                aria-label={t('area.memberships.renewOf', { name: m.name })}>{t('area.memberships.renew')}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
