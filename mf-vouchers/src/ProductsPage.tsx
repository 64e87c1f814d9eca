import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_QUANTITY, Spinner, apiUrl, currentLocale, formatMoney } from '@ticketing/shared';
import { useQuoteMutation, useVoucherProductsQuery } from './api';
import { NAMESPACE } from './locales';
import { failureText } from './errors';
import { useVouchersDispatch, useVouchersSelector } from './hooks';
import { itemCount, orderBody, purchaseActions, type DeliveryMethod } from './purchaseSlice';
import { useSignInGate } from './signInGate';
import styles from './vouchers.module.css';

const DELIVERY: DeliveryMethod[] = ['pickup', 'courier', 'mail'];

/**
 * /vouchers/products, after the auth step (spec section 2): the catalog's products beside the vouchers, as in the
 * ticket order's products step; a delivered one asks how. No products offered: straight on to the buyer's details.
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const dispatch = useVouchersDispatch();
  const purchase = useVouchersSelector((s) => s.purchase);
  const gate = useSignInGate('/vouchers/products');
  const { data, isLoading, error } = useVoucherProductsQuery({ locale: i18n.language }, { skip: gate !== 'ready' });
  const [quote, quoted] = useQuoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [deliveryMissing, setDeliveryMissing] = useState(false);
  const deliveryRef = useRef<HTMLInputElement>(null);
  const locale = currentLocale();
  const products = data?.products ?? [];
  const offered = !data || products.length > 0;
  const needsDelivery = products.some((p) => p.isDeliveryRequired && (purchase.products[String(p.id)] ?? 0) > 0);

  useEffect(() => { if (!offered) navigate('/vouchers/buy', { replace: true }); }, [offered, navigate]);

  if (gate === 'checking' || isLoading || !offered) return <section className="tx-page" aria-busy="true"><Spinner /></section>;
  if (!itemCount(purchase)) {
    return <section className="tx-page"><p role="alert">{t('errors.VOUCHER_MUST_SELECT')}</p><Link to="/vouchers">{t('buy.backToList')}</Link></section>;
  }

  const setQty = (id: number, q: number) => dispatch(purchaseActions.productSet({ productId: id, quantity: Math.max(0, Math.min(MAX_PRODUCT_QUANTITY, q)) }));

  const next = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (needsDelivery && !purchase.deliveryMethod) {
      setDeliveryMissing(true);
      requestAnimationFrame(() => deliveryRef.current?.focus());
      return;
    }
    try {
      await quote({ ...orderBody(purchase), locale: i18n.language }).unwrap(); // the api judges the choice before the buyer's details
    } catch (err) { setProblem(failureText(t, err)); return; }
    navigate('/vouchers/buy');
  };

  return (
    <section className="tx-page" aria-labelledby="vp-title">
      <form onSubmit={(e) => void next(e)} noValidate aria-labelledby="vp-title" data-testid="voucher-products">
        <h1 id="vp-title">{t('products.title')}</h1>
        <p>{t('products.intro')}</p>
        {error && <p role="alert" className="tx-error">{failureText(t, error)}</p>}
        <ul className={styles.products}>
          {products.map((p) => {
            const q = purchase.products[String(p.id)] ?? 0;
            const qtyId = `vproduct-${p.id}-qty`;
            return (
              <li key={p.id} className={`tx-card ${styles.product}`} data-testid="voucher-product">
                <img src={apiUrl(`/products/${p.id}/image`)} alt="" loading="lazy" width={96} height={72} className={styles.productImage} />
                <div className={styles.productBody}>
                  <h2 className={styles.productName}>{p.name}</h2>
                  <p className={styles.price}>{formatMoney(p.price, locale)}</p>
                  {p.isDeliveryRequired && <p className={styles.note}>{t('products.needsDelivery')}</p>}
                  <div className={styles.qty} role="group" aria-label={t('products.quantityOf', { name: p.name })}>
                    <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('products.less', { name: p.name })} disabled={q === 0} onClick={() => setQty(p.id, q - 1)}>−</button>
                    <input id={qtyId} type="number" inputMode="numeric" min={0} max={MAX_PRODUCT_QUANTITY} value={q} className={styles.qtyInput}
                      aria-label={t('products.quantityOf', { name: p.name })} onChange={(e) => setQty(p.id, Number(e.target.value) || 0)} />
                    <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('products.more', { name: p.name })} disabled={q >= MAX_PRODUCT_QUANTITY} onClick={() => setQty(p.id, q + 1)}>+</button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        {needsDelivery && (
          <fieldset className={styles.fieldset} aria-describedby={deliveryMissing && !purchase.deliveryMethod ? 'vdelivery-error' : undefined}>
            <legend>{t('products.deliveryMethod')} *</legend>
            {DELIVERY.map((m, i) => (
              <div key={m} className="tx-check">
                <input ref={i === 0 ? deliveryRef : undefined} id={`vdelivery-${m}`} type="radio" name="deliveryMethod" value={m} checked={purchase.deliveryMethod === m}
                  onChange={() => { setDeliveryMissing(false); dispatch(purchaseActions.deliveryMethodSet(m)); }} />
                <label htmlFor={`vdelivery-${m}`}>{t(`products.delivery.${m}`)}</label>
              </div>
            ))}
            {deliveryMissing && !purchase.deliveryMethod && <p id="vdelivery-error" role="alert" className="tx-field-error">{t('errors.DELIVERY_METHOD_REQUIRED')}</p>}
          </fieldset>
        )}
        {problem && <p role="alert" className="tx-error" data-testid="voucher-products-error">{problem}</p>}
        <div className={styles.actions}>
          <Link to="/vouchers" className="tx-btn tx-btn-secondary">{t('common:actions.back')}</Link>
          <button type="submit" className="tx-btn" disabled={quoted.isLoading} data-testid="voucher-products-next">{t('common:actions.next')}</button>
        </div>
      </form>
    </section>
  );
}
