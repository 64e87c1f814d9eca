import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CartDiscardNotice, ErrorNotice, MAX_VOUCHERS_PER_ORDER, Spinner, currentLocale, formatMoney, startCart, type ApiFailure, type SystemVoucher,
} from '@ticketing/shared';
import { useQuoteMutation, useVouchersQuery } from './api';
import { NAMESPACE } from './locales';
import { failureText } from './errors';
import { amountIssue, parseAmount } from './amount';
import { useVouchersDispatch, useVouchersSelector } from './hooks';
import { itemCount, purchaseActions } from './purchaseSlice';

type Price = SystemVoucher['Prices'][number];

/** One price of a voucher: how many, and the amount for an open price. */
function PricePicker({ voucher, price, error }: { voucher: SystemVoucher; price: Price; error: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useVouchersDispatch();
  const line = useVouchersSelector((s) => s.purchase.lines[String(price.SystemVoucherPriceId)]);
  const locale = currentLocale();
  const open = price.isOpenPrice && price.minPrice !== null && price.maxPrice !== null;
  const qtyId = `qty-${price.SystemVoucherPriceId}`;
  const amountId = `amount-${price.SystemVoucherPriceId}`;
  const [amount, setAmount] = useState(String(line?.amount != null && !Number.isNaN(line.amount) ? line.amount : price.minPrice ?? ''));
  const set = (quantity: number, a = amount) => dispatch(purchaseActions.lineSet({
    systemVoucherId: voucher.SystemVoucherId, systemVoucherPriceId: price.SystemVoucherPriceId, quantity, amount: open ? parseAmount(a) : null,
  }));
  return (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'end', justifyContent: 'flex-start', marginBlock: '.75rem' }}>
      {open ? (
        <div className="tx-field">
          <label htmlFor={amountId}>{t('buy.amount', { min: formatMoney(price.minPrice!, locale), max: formatMoney(price.maxPrice!, locale) })}</label>
          <input id={amountId} type="text" inputMode="decimal" autoComplete="off" value={amount} dir="ltr"
            aria-invalid={!!error} aria-describedby={error ? `${amountId}-error` : undefined}
            onChange={(e) => { setAmount(e.target.value); if (line) set(line.quantity, e.target.value); }} />
          {error && <p id={`${amountId}-error`} role="alert" className="tx-field-error">{error}</p>}
        </div>
      ) : <p style={{ margin: 0, alignSelf: 'center' }}>{formatMoney(price.Price, locale)}</p>}
      <div className="tx-field">
        <label htmlFor={qtyId}>{t('buy.quantity', { name: voucher.Name })}</label>
        <select id={qtyId} value={line?.quantity ?? 0} onChange={(e) => set(Number(e.target.value))}>
          {Array.from({ length: MAX_VOUCHERS_PER_ORDER + 1 }, (_, n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
    </div>
  );
}

/** /vouchers and /vouchers/{systemVoucherSuperClassId}: gift vouchers, by super class, to choose and buy. */
export function VoucherList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { superClassId } = useParams();
  const id = superClassId && /^\d+$/.test(superClassId) ? Number(superClassId) : undefined;
  const { data, error, isLoading, refetch } = useVouchersQuery({ locale: i18n.language, superClassId: id });
  const purchase = useVouchersSelector((s) => s.purchase);
  const [quote, quoteState] = useQuoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // After a refused Continue each open amount's problem shows at its field, and goes as soon as it is mended.
  const [checked, setChecked] = useState(false);
  const count = itemCount(purchase);
  const locale = currentLocale();
  const several = (data?.vouchers.length ?? 0) > 1;
  const amountErrors = new Map<number, string>();
  for (const v of data?.vouchers ?? []) {
    for (const p of v.Prices) {
      const line = purchase.lines[String(p.SystemVoucherPriceId)];
      if (!line || !p.isOpenPrice || p.minPrice === null || p.maxPrice === null) continue;
      const issue = amountIssue(line.amount, p.minPrice, p.maxPrice);
      if (!issue) continue;
      const text = t(issue.key, { min: formatMoney(p.minPrice, locale), max: formatMoney(p.maxPrice, locale) });
      amountErrors.set(p.SystemVoucherPriceId, several ? t('amount.of', { name: v.Name, message: text }) : text);
    }
  }

  const next = async () => {
    setProblem(null);
    if (count === 0) { setProblem(t('errors.VOUCHER_MUST_SELECT')); return; }
    if (count > MAX_VOUCHERS_PER_ORDER) { setProblem(t('errors.VOUCHER_MAX_QUANTITY', { count: MAX_VOUCHERS_PER_ORDER })); return; }
    setChecked(true);
    const firstBad = amountErrors.keys().next();
    if (!firstBad.done) { document.getElementById(`amount-${firstBad.value}`)?.focus(); return; }
    try {
      await quote({ lines: Object.values(purchase.lines), locale: i18n.language }).unwrap();
    } catch (e) { setProblem(failureText(t, e)); return; }
    startCart('vouchers'); // spec section 4: the other carts are emptied (the notice above said so)
    navigate('/vouchers/products');
  };

  return (
    <section className="tx-page" aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">{t('list.title')}</h1>
      <CartDiscardNotice kind="vouchers" />
      {data && (
        <nav aria-label={t('list.classes')}>
          <Link to="/vouchers">{t('list.all')}</Link>{' '}
          {data.superClasses.map((c) => <Link key={c.id} to={`/vouchers/${c.id}`} aria-current={c.id === id ? 'page' : undefined} style={{ marginInlineStart: '1rem' }}>{c.name}</Link>)}
        </nav>
      )}
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && data.vouchers.length === 0 && <p role="status">{t('list.none')}</p>}
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }} data-testid="voucher-list">
        {data?.vouchers.map((v) => (
          <li key={v.SystemVoucherId} className="tx-card">
            <h2>{v.Name}</h2>
            <p>{v.Description}</p>
            {v.Prices.map((p) => <PricePicker key={p.SystemVoucherPriceId} voucher={v} price={p} error={checked ? amountErrors.get(p.SystemVoucherPriceId) ?? null : null} />)}
            <p><small>{t('list.validity', { count: v.Dates.validityDays })}</small>{' · '}
              <Link to={`/vouchers/Description?systemVoucherId=${v.SystemVoucherId}`} aria-label={t('description.more', { name: v.Name })}>{t('description.moreShort')}</Link></p>
          </li>
        ))}
      </ul>
      {problem && <p role="alert" className="tx-error" data-testid="vouchers-error">{problem}</p>}
      {data && data.vouchers.length > 0 && (
        <p>
          <button type="button" className="tx-btn" onClick={() => void next()} disabled={quoteState.isLoading} data-testid="vouchers-next">
            {t('buy.continue', { count })}
          </button>
        </p>
      )}
    </section>
  );
}
