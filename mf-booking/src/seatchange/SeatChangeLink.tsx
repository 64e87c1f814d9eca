import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';
import { useSeatChangeInfoQuery } from '../api/seatChangeApi';

/** "Change seats" on the confirmation and the e-ticket, while the reservation's seats may still change (issue 16 item 5). */
export function SeatChangeLink({ documentKey }: { documentKey: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { currentData } = useSeatChangeInfoQuery({ documentKey }, { refetchOnMountOrArgChange: true });
  if (!currentData?.allowed) return null;
  return (
    <Link className="tx-btn tx-btn-secondary" to={`/edocument/${encodeURIComponent(documentKey)}/seats`} data-testid="seat-change-link">
      {t('seatChange.link')}
    </Link>
  );
}
