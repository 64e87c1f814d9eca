import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, apiUrl, formatMoney, type Product } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { usePresentationQuery } from '../api/seatsApi';
import { checkoutActions, type DeliveryMethod } from './checkoutSlice';
import { useCheckoutDispatch, useCheckoutSelector, useLocale } from './hooks';
import { usePersistCheckout } from './persist';
import { isPricedProduct } from './totals';
import type { StepProps } from '../order/stepProps';
import { keepFocusInGroup } from './keepFocus';
import styles from './checkout.module.css';

const MAX_PER_PRODUCT = 10;
const DELIVERY: DeliveryMethod[] = ['pickup', 'courier', 'mail'];

/** Spec section 5: delivery method is required when any selected product needs delivery. */
export function deliveryRequired(products: Product[], quantities: Record<string, number>): boolean {
  return products.some((p) => p.isDeliveryRequired && (quantities[String(p.id)] ?? 0) > 0);
}

/** Step 3, products (concessions, glasses, add-ons): images, quantities, price only when numeric, delivery method. */
export function ProductsStep({ onNext, onBack }: Partial<StepProps>) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const dispatch = useCheckoutDispatch();
  usePersistCheckout();
  const presentationId = useCheckoutSelector((s) => s.cart.selectedPresentationId);
  const quantities = useCheckoutSelector((s) => s.checkout.products);
  const delivery = useCheckoutSelector((s) => s.checkout.deliveryMethod);
  const { data, isLoading } = usePresentationQuery({ id: presentationId ?? 0, locale: i18n.language }, { skip: !presentationId });
  const [error, setError] = useState(false);
  const deliveryRef = useRef<HTMLInputElement>(null);
  const products = data?.presentation.products ?? [];
  const needsDelivery = deliveryRequired(products, quantities);

  const setQty = (id: number, q: number) => dispatch(checkoutActions.setProductQuantity({ id, quantity: Math.max(0, Math.min(MAX_PER_PRODUCT, q)) }));
  // a press on − or + is said once, politely (it said nothing)
  const [said, setSaid] = useState('');
  const press = (id: number, name: string, q: number, from: HTMLElement) => {
    const n = Math.max(0, Math.min(MAX_PER_PRODUCT, q));
    setQty(id, n);
    setSaid(t('products.quantityNow', { name, count: n }));
    keepFocusInGroup(from);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (needsDelivery && !delivery) {
      setError(true);
      requestAnimationFrame(() => deliveryRef.current?.focus());
      return;
    }
    if (!needsDelivery && delivery) dispatch(checkoutActions.setDeliveryMethod(null));
    onNext?.();
  };

  if (isLoading) return <Spinner />;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="products-title" data-testid="products-step">
      <h2 id="products-title">{t('products.title')}</h2>
      {products.length === 0 && <p role="status">{t('products.none')}</p>}
      <ul className={styles.products}>
        {products.map((p) => {
          const q = quantities[String(p.id)] ?? 0;
          const qtyId = `product-${p.id}-qty`;
          return (
            <li key={p.id} className={`tx-card ${styles.product}`} data-testid="product">
              <img src={apiUrl(`/products/${p.id}/image`)} alt="" loading="lazy" width={96} height={96} className={styles.productImage} />
              <div className={styles.productBody}>
                <h3 className={styles.productName}>{p.name}</h3>
                {isPricedProduct({ price: p.price, quantity: 1 }) && <p className={styles.price}>{formatMoney(p.price, locale)}</p>}
                {p.isDeliveryRequired && <p className={styles.note}>{t('products.needsDelivery')}</p>}
                <div className={styles.qty} role="group" aria-labelledby={`${qtyId}-label`}>
                  <span id={`${qtyId}-label`} className="tx-visually-hidden">{t('products.quantityOf', { name: p.name })}</span>
                  <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('products.less', { name: p.name })} disabled={q === 0} onClick={(e) => press(p.id, p.name, q - 1, e.currentTarget)}>−</button>
                  <input
                    id={qtyId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_PER_PRODUCT}
                    value={q}
                    aria-label={t('products.quantityOf', { name: p.name })}
                    onChange={(e) => setQty(p.id, Number(e.target.value) || 0)}
                    className={styles.qtyInput}
                  />
                  <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('products.more', { name: p.name })} disabled={q >= MAX_PER_PRODUCT} onClick={(e) => press(p.id, p.name, q + 1, e.currentTarget)}>+</button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="tx-visually-hidden" aria-live="polite" data-testid="product-qty-said">{said}</p>
      {needsDelivery && (
        <fieldset className={styles.fieldset} aria-invalid={error && !delivery} aria-describedby={error && !delivery ? 'delivery-error' : undefined}>
          <legend>{t('products.deliveryMethod')} *</legend>
          {DELIVERY.map((m, i) => (
            <div key={m} className="tx-check">
              <input ref={i === 0 ? deliveryRef : undefined} id={`delivery-${m}`} type="radio" name="deliveryMethod" value={m} checked={delivery === m} onChange={() => { setError(false); dispatch(checkoutActions.setDeliveryMethod(m)); }} />
              <label htmlFor={`delivery-${m}`}>{t(`products.delivery.${m}`)}</label>
            </div>
          ))}
          {error && !delivery && <p id="delivery-error" role="alert" className="tx-field-error">{t('products.deliveryRequired')}</p>}
        </fieldset>
      )}
      <div className={styles.actions}>
        {onBack && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>}
        <button type="submit" className="tx-btn" data-testid="products-next">{t('order.continue')}</button>
      </div>
    </form>
  );
}
