import { useTranslation } from 'react-i18next';
import type { Member } from '@ticketing/shared/contracts';
import { NAMESPACE } from '../locales';

/** Memberships with their member number, tickets left, points and validity. */
export function MembershipsSection({ members }: { members: Member[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="tx-card" aria-labelledby="members-title">
      <h2 id="members-title">{t('area.memberships.title')}</h2>
      {members.length === 0 ? <p>{t('area.memberships.none')}</p> : (
        <table className="tx-table">
          <thead>
            <tr>
              <th scope="col">{t('area.memberships.name')}</th>
              <th scope="col">{t('area.memberships.number')}</th>
              <th scope="col">{t('area.memberships.balance')}</th>
              <th scope="col">{t('area.memberships.points')}</th>
              <th scope="col">{t('area.memberships.validUntil')}</th>
              <th scope="col">{t('area.memberships.status')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.memberNumber}>
                <td>{m.name}</td>
                <td dir="ltr">{m.memberNumber}</td>
                <td>{m.balance}</td>
                <td>{m.pointsBalance}</td>
                <td dir="ltr">{m.endDate}</td>
                <td>{t(m.isExpired ? 'area.memberships.expired' : m.isNotStarted ? 'area.memberships.notStarted' : 'area.memberships.active')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
