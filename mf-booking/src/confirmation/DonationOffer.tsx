import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';

/**
 * Issue 11 §2: at the end of a ticket order, the offer of a donation. Only a link: the donations page
 * belongs to mf-vouchers (/donations), reached through the host's router like any navigation.
 */
export function DonationOffer() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <aside className="tx-card" aria-labelledby="donation-offer-title" data-testid="donation-offer" style={{ marginBlock: '1rem' }}>
      <h2 id="donation-offer-title">{t('donationOffer.title')}</h2>
      <p>{t('donationOffer.text')}</p>
      <a className="tx-btn tx-btn-secondary" href="/donations" data-spa>{t('donationOffer.link')}</a>
    </aside>
  );
}
