import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Field, Spinner, currentLocale, formatMoney, rules, type VoucherBuyer } from '@ticketing/shared';
import { VoucherOrderSummary } from './VoucherOrderSummary';
import { usePurchaseMutation, useQuoteMutation } from './api';
import { useHostedPayment } from './hostedPayment';
import { NAMESPACE } from './locales';
import { failureText } from './errors';
import { useVouchersDispatch, useVouchersSelector } from './hooks';
import { itemCount, orderBody, purchaseActions } from './purchaseSlice';
import { useSignInGate } from './signInGate';
import styles from './vouchers.module.css';

const BUYER = ['firstName', 'lastName', 'email', 'mobileNumber', 'recipientName', 'greeting'] as const;
/** Asked only when a product comes by courier or registered mail (spec: address1, address2, city, postalCode). */
const ADDRESS = ['address1', 'address2', 'city', 'postalCode'] as const;
type Key = (typeof BUYER)[number] | (typeof ADDRESS)[number];
type Values = Record<Key, string>;
const REQUIRED = new Set<Key>(['firstName', 'lastName', 'email', 'mobileNumber', 'address1', 'city', 'postalCode']);
/**
 * The booking form's rules (shared validation): names of letters, 2 to 30 of them (the recipient's too: the contract
 * refuses any other name); the address as the customer form checks it.
 */
const RULES: Record<Key, rules.Rule[]> = {
  firstName: [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)],
  lastName: [rules.lettersOnly, rules.minLength(2), rules.maxLength(30)],
  email: [rules.email, rules.maxLength(100)],
  mobileNumber: [rules.mobile],
  recipientName: [rules.lettersOnly, rules.maxLength(60)],
  greeting: [rules.maxLength(300)],
  address1: [rules.maxLength(100)],
  address2: [rules.maxLength(100)],
  city: [rules.lettersOnly, rules.maxLength(50)],
  postalCode: [rules.digits, rules.minLength(5), rules.maxLength(7)],
};
const AUTOCOMPLETE: Record<Key, string> = {
  firstName: 'given-name', lastName: 'family-name', email: 'email', mobileNumber: 'tel', recipientName: 'off', greeting: 'off',
  address1: 'address-line1', address2: 'address-line2', city: 'address-level2', postalCode: 'postal-code',
};
const LTR = new Set<Key>(['email', 'mobileNumber', 'postalCode']);
const EMPTY: Values = { firstName: '', lastName: '', email: '', mobileNumber: '', recipientName: '', greeting: '', address1: '', address2: '', city: '', postalCode: '' };

/** /vouchers/buy: the sign-in when configured (auth step), the api-priced vouchers and products, the buyer (and the gift's recipient), payment, then the purchase. */
export function BuyPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const dispatch = useVouchersDispatch();
  const finished = useRef(false);
  const purchase = useVouchersSelector((s) => s.purchase);
  const [quote, quoted] = useQuoteMutation();
  const [buy, bought] = usePurchaseMutation();
  // Only this order's own buyer (back from the card page); a finished order left none (purchaseSlice.bought).
  const [values, setValues] = useState<Values>(() => {
    const b = purchase.buyer;
    return b ? { ...EMPTY, ...Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v ?? ''])) } : EMPTY;
  });
  const [errors, setErrors] = useState<Partial<Record<Key, rules.RuleError>>>({});
  const order = orderBody(purchase);
  const locale = currentLocale();
  const gate = useSignInGate('/vouchers/buy');

  useEffect(() => { if (order.lines.length) void quote({ ...order, locale: i18n.language }); /* eslint-disable-next-line react-hooks/exhaustive-deps */ }, [i18n.language]);

  // The hosted payment page approved: the purchase (idempotent by the attempt's key).
  const payment = useHostedPayment(async (paymentIdentifier) => {
    const r = await buy({ body: { ...order, buyer: purchase.buyer!, paymentIdentifier }, idempotencyKey: purchase.idempotencyKey! }).unwrap();
    finished.current = true; // the emptied order is on its way to the confirmation, not back to the list
    dispatch(purchaseActions.bought(r));
    navigate('/vouchers/confirmation');
  }, 'voucher-buy-error');
  // Courier or registered mail brings the products to an address; pickup needs none.
  const delivered = quoted.data?.deliveryMethod === 'courier' || quoted.data?.deliveryMethod === 'mail';
  const fields: Key[] = delivered ? [...BUYER, ...ADDRESS] : [...BUYER];

  if (gate === 'checking') return <section className="tx-page" aria-busy="true"><Spinner /></section>;
  // Nothing chosen (e.g. Back after a finished purchase): the list, in this entry's place, not an empty form.
  if (!itemCount(purchase)) return finished.current ? null : <Navigate to="/vouchers" replace />;

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    payment.setProblem(null);
    const next: typeof errors = {};
    for (const f of fields) {
      const v = f === 'mobileNumber' ? rules.normalizeMobile(values[f]) : f === 'address1' || f === 'address2' ? rules.cleanAddress(values[f])
        : f === 'greeting' ? rules.stripBidiControls(values[f]).trim() : values[f].trim();
      const err = rules.validate(v, [...(REQUIRED.has(f) ? [rules.required] : []), ...RULES[f]]);
      if (err) next[f] = err;
    }
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (first) { document.getElementById(`buyer-${first}`)?.focus(); return; }
    const opt = (v: string) => v.trim() || null;
    const buyer: VoucherBuyer = {
      firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), mobileNumber: rules.normalizeMobile(values.mobileNumber),
      // the greeting as the api keeps it (without bidi controls), so the confirmation shows what was stored
      recipientName: opt(values.recipientName), greeting: opt(rules.stripBidiControls(values.greeting)),
      ...(delivered ? { address1: rules.cleanAddress(values.address1).trim(), address2: opt(rules.cleanAddress(values.address2)), city: values.city.trim(), postalCode: values.postalCode.trim() } : {}),
    };
    dispatch(purchaseActions.buyerSet(buyer));
    dispatch(purchaseActions.attemptStarted());
    const total = quoted.data?.total;
    if (total !== undefined) await payment.open(total);
  };

  const field = (f: Key) => (
    <Field key={f} id={`buyer-${f}`} label={t(`buy.fields.${f}`) + (REQUIRED.has(f) ? ' *' : '')} value={values[f]} error={errors[f]} required={REQUIRED.has(f)}
      type={f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'text'} inputMode={f === 'postalCode' ? 'numeric' : undefined} dir={LTR.has(f) ? 'ltr' : undefined}
      autoComplete={AUTOCOMPLETE[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
  );

  return (
    <section className="tx-page" aria-labelledby="buy-title" data-testid="voucher-buy">
      <h1 id="buy-title">{t('buy.title')}</h1>
      {quoted.isLoading && <Spinner />}
      {quoted.error && <p role="alert" className="tx-error">{failureText(t, quoted.error)}</p>}
      {quoted.data && <VoucherOrderSummary order={quoted.data} testId="voucher-summary" totalTestId="voucher-total" />}
      {!payment.paying && (
        <form onSubmit={(e) => void pay(e)} noValidate aria-labelledby="buyer-title">
          <h2 id="buyer-title">{t('buy.buyer')}</h2>
          {BUYER.map((f) => field(f))}
          {delivered && (
            <fieldset className={styles.fieldset} data-testid="voucher-address">
              <legend>{t('buy.address')}</legend>
              {ADDRESS.map((f) => field(f))}
            </fieldset>
          )}
          {payment.alert}
          <p style={{ display: 'flex', gap: '.5rem' }}>
            <Link to="/vouchers/products" className="tx-btn tx-btn-secondary">{t('common:actions.back')}</Link>
            <button type="submit" className="tx-btn" disabled={!quoted.data} data-testid="voucher-pay">
              {quoted.data ? t('buy.pay', { amount: formatMoney(quoted.data.total, locale) }) : t('buy.payShort')}
            </button>
          </p>
        </form>
      )}
      {payment.frame}
      {bought.isLoading && <div role="status" tabIndex={-1} ref={(el) => el?.focus()}><Spinner /><p>{t('payment.processing')}</p></div>}
    </section>
  );
}
