import { useTranslation } from 'react-i18next';
import styles from './shell.module.css';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <p>{t('footer.text')}</p>
      <p>{t('footer.prices')}</p>
    </footer>
  );
}
