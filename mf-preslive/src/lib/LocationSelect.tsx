import { useTranslation } from 'react-i18next';
import { useFilterDataQuery } from '../dashboardApi';
import { NAMESPACE } from '../locales';
import styles from '../screens/screens.module.css';

/**
 * The cinema filter of the reports (by film, refunds, the reports page): the staff member's cinemas from the filter
 * data, with "All cinemas" first unless a report needs one. `value` '' is all.
 */
export function LocationSelect({ value, onChange, allowAll = true }: { value: number | string; onChange(value: string): void; allowAll?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const filtersQ = useFilterDataQuery();
  return (
    <label className={styles.field}>{t('cols.location')}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {allowAll && <option value="">{t('film.allLocations')}</option>}
        {(filtersQ.data?.locations ?? []).map((l) => <option key={l.LocationId} value={l.LocationId}>{l.Name}</option>)}
      </select>
    </label>
  );
}
