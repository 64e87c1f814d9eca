import { useTranslation } from 'react-i18next';
import styles from './shell.module.css';

const CARDS = [['/order', 'nav.order'], ['/membership', 'nav.membership'], ['/vouchers', 'nav.vouchers'], ['/vod', 'nav.vod']] as const;

export function IndexPage() {
  const { t } = useTranslation('common');
  return (
    <section className="tx-page" aria-labelledby="index-title">
      <h1 id="index-title">{t('index.headline')}</h1>
      <p>{t('index.intro')}</p>
      <ul className={styles.cards}>
        {CARDS.map(([href, key]) => <li key={href}><a className="tx-card" href={href} data-spa>{t(key)}</a></li>)}
      </ul>
      <a className="tx-btn" href="/order" data-spa>{t('index.cta')}</a>
    </section>
  );
}
