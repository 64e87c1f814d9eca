import { useTranslation } from 'react-i18next';
import { cartsToDiscard, type CartKind } from '../runtime/carts';

/**
 * Said before anything is discarded (spec section 4): starting a `kind` order empties the visitor's
 * other carts, named here. Renders nothing when there is nothing to lose.
 */
export function CartDiscardNotice({ kind }: { kind: CartKind }) {
  const { t } = useTranslation('common');
  const others = cartsToDiscard(kind);
  if (!others.length) return null;
  return (
    <p role="status" className="tx-card" data-testid="cart-discard-notice">
      {t('cart.discardNotice', { kinds: others.map((k) => t(`cart.kinds.${k}`)).join(', ') })}
    </p>
  );
}
