import { useTranslation } from 'react-i18next';
import styles from './shell.module.css';

/** The footer also lists the remote versions this page loaded (the registry read at page load): the visible release marker. */
export function Footer({ versions = [] }: { versions?: { name: string; version: string }[] }) {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <p>{t('footer.text')}</p>
      <p>{t('footer.prices')}</p>
      {versions.length > 0 && (
        <ul className={styles.versions} data-testid="remote-versions" dir="ltr">
          {versions.map((v) => <li key={v.name} data-remote-name={v.name} data-remote-version={v.version}>{v.name} {v.version}</li>)}
        </ul>
      )}
    </footer>
  );
}
