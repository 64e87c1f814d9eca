import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
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

const FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'recipientName', 'greeting'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const REQUIRED = new Set(['firstName', 'lastName', 'email', 'mobileNumber']);

/** /vouchers/buy: the sign-in when configured (auth step), the api-priced vouchers and products, the buyer (and the gift's recipient), payment, then the purchase. */
export function BuyPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const dispatch = useVouchersDispatch();
  const purchase = useVouchersSelector((s) => s.purchase);
  const [quote, quoted] = useQuoteMutation();
  const [buy, bought] = usePurchaseMutation();
  const [values, setValues] = useState<Values>(() => ({ firstName: '', lastName: '', email: '', mobileNumber: '', recipientName: '', greeting: '', ...(purchase.buyer as Partial<Values> | null ?? {}) }));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, { key: string }>>>({});
  const order = orderBody(purchase);
  const locale = currentLocale();
  const gate = useSignInGate('/vouchers/buy');

  useEffect(() => { if (order.lines.length) void quote({ ...order, locale: i18n.language }); /* eslint-disable-next-line react-hooks/exhaustive-deps */ }, [i18n.language]);

  // The hosted payment page approved: the purchase (idempotent by the attempt's key).
  const payment = useHostedPayment(async (paymentIdentifier) => {
    const r = await buy({ body: { ...order, buyer: purchase.buyer!, paymentIdentifier }, idempotencyKey: purchase.idempotencyKey! }).unwrap();
    dispatch(purchaseActions.bought(r));
    navigate('/vouchers/confirmation');
  });

  if (gate === 'checking') return <section className="tx-page" aria-busy="true"><Spinner /></section>;
  if (!itemCount(purchase)) {
    return (
      <section className="tx-page">
        <p role="alert">{t('errors.VOUCHER_MUST_SELECT')}</p>
        <Link to="/vouchers">{t('buy.backToList')}</Link>
      </section>
    );
  }

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    payment.setProblem(null);
    const next: typeof errors = {};
    for (const f of FIELDS) {
      const v = f === 'mobileNumber' ? rules.normalizeMobile(values[f]) : values[f];
      const err = rules.validate(v, [...(REQUIRED.has(f) ? [rules.required] : []), ...(f === 'email' ? [rules.email] : []), ...(f === 'mobileNumber' ? [rules.mobile] : [])]);
      if (err) next[f] = err;
    }
    setErrors(next);
    if (Object.keys(next).length) { document.getElementById(`buyer-${Object.keys(next)[0]}`)?.focus(); return; }
    const buyer: VoucherBuyer = { ...values, mobileNumber: rules.normalizeMobile(values.mobileNumber), recipientName: values.recipientName || null, greeting: values.greeting || null };
    dispatch(purchaseActions.buyerSet(buyer));
    dispatch(purchaseActions.attemptStarted());
    const total = quoted.data?.total;
    if (total !== undefined) await payment.open(total);
  };

  return (
    <section className="tx-page" aria-labelledby="buy-title" data-testid="voucher-buy">
      <h1 id="buy-title">{t('buy.title')}</h1>
      {quoted.isLoading && <Spinner />}
      {quoted.error && <p role="alert" className="tx-error">{failureText(t, quoted.error)}</p>}
      {quoted.data && <VoucherOrderSummary order={quoted.data} testId="voucher-summary" totalTestId="voucher-total" />}
      {!payment.paying && (
        <form onSubmit={(e) => void pay(e)} noValidate aria-labelledby="buyer-title">
          <h2 id="buyer-title">{t('buy.buyer')}</h2>
          {FIELDS.map((f) => (
            <Field key={f} id={`buyer-${f}`} label={t(`buy.fields.${f}`) + (REQUIRED.has(f) ? ' *' : '')} value={values[f]} error={errors[f]}
              type={f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'text'} dir={f === 'email' || f === 'mobileNumber' ? 'ltr' : undefined}
              autoComplete={f === 'firstName' ? 'given-name' : f === 'lastName' ? 'family-name' : f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'off'}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
          ))}
          {payment.problem && <p role="alert" className="tx-error" data-testid="voucher-buy-error">{payment.problem}</p>}
          <p style={{ display: 'flex', gap: '.5rem' }}>
            <Link to="/vouchers/products" className="tx-btn tx-btn-secondary">{t('common:actions.back')}</Link>
            <button type="submit" className="tx-btn" disabled={!quoted.data} data-testid="voucher-pay">
              {quoted.data ? t('buy.pay', { amount: formatMoney(quoted.data.total, locale) }) : t('buy.payShort')}
            </button>
          </p>
        </form>
      )}
      {payment.frame}
      {bought.isLoading && <div role="status"><Spinner /><p>{t('payment.processing')}</p></div>}
    </section>
  );
}
