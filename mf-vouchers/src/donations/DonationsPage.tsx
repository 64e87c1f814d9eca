import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CartDiscardNotice, ErrorNotice, MAX_DONATIONS_PER_ORDER, Spinner, currentLocale, formatMoney, startCart, type ApiFailure, type Donation,
} from '@ticketing/shared';
import { useDonationQuoteMutation, useDonationsQuery } from '../api';
import { NAMESPACE } from '../locales';
import { failureText } from '../errors';
import { amountIssue, parseAmount } from '../amount';
import { useVouchersDispatch, useVouchersSelector } from '../hooks';
import { donationActions, donationCount } from './donationSlice';
import styles from './donations.module.css';

/** One cause: no donation, a fixed amount or the donor's own amount (between the minimum and maximum), and how many. */
function CauseChooser({ donation, error }: { donation: Donation; error: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useVouchersDispatch();
  const line = useVouchersSelector((s) => s.donation.lines[String(donation.id)]);
  const locale = currentLocale();
  const custom = donation.donationDetails.find((d) => d.id === line?.donationDetailId && d.customAmount);
  const [typed, setTyped] = useState(line?.customAmount ? String(line.customAmount) : '');
  const name = `cause-${donation.id}`;
  const choose = (detailId: number | null, quantity = line?.selectedQuantity ?? 1, amount = typed) => {
    const detail = donation.donationDetails.find((d) => d.id === detailId);
    dispatch(donationActions.lineSet({
      donationId: donation.id,
      line: detail ? { donationId: donation.id, donationDetailId: detail.id, selectedQuantity: quantity, customAmount: detail.customAmount ? parseAmount(amount) : null } : null,
    }));
  };
  return (
    <li className={`tx-card ${styles.cause}`}>
      <fieldset className={styles.fieldset}>
        <legend><h2 className={styles.causeName}>{donation.Name}</h2></legend>
        <p>{donation.Description}</p>
        <div className={styles.amounts} role="radiogroup" aria-label={t('donations.amountsOf', { name: donation.Name })}>
          <label className={styles.amount}>
            <input type="radio" name={name} checked={!line} onChange={() => choose(null)} /> {t('donations.none')}
          </label>
          {donation.donationDetails.map((d) => (
            <label key={d.id} className={styles.amount}>
              <input type="radio" name={name} checked={line?.donationDetailId === d.id} onChange={() => choose(d.id)} />{' '}
              {d.customAmount ? t('donations.otherAmount') : formatMoney(d.amount, locale)}
            </label>
          ))}
        </div>
        {line && (
          <div className={styles.row}>
            {custom && (
              <div className="tx-field">
                <label htmlFor={`${name}-amount`}>{t('donations.customAmount', { min: formatMoney(custom.amount, locale), max: formatMoney(custom.maxAmount ?? custom.amount, locale) })}</label>
                <input id={`${name}-amount`} type="text" inputMode="decimal" autoComplete="off" dir="ltr"
                  aria-invalid={!!error} aria-describedby={error ? `${name}-amount-error` : undefined}
                  value={typed} onChange={(e) => { setTyped(e.target.value); choose(custom.id, line.selectedQuantity, e.target.value); }} />
                {error && <p id={`${name}-amount-error`} role="alert" className="tx-field-error">{error}</p>}
              </div>
            )}
            <div className="tx-field">
              <label htmlFor={`${name}-qty`}>{t('donations.quantity', { name: donation.Name })}</label>
              <select id={`${name}-qty`} value={line.selectedQuantity} onChange={(e) => choose(line.donationDetailId, Number(e.target.value))}>
                {Array.from({ length: MAX_DONATIONS_PER_ORDER }, (_, n) => <option key={n + 1} value={n + 1}>{n + 1}</option>)}
              </select>
            </div>
          </div>
        )}
      </fieldset>
    </li>
  );
}

/** /donations: the causes with fixed amounts, a custom amount and a quantity (spec section 2: choose donations). */
export function DonationsPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useDonationsQuery({ locale: i18n.language });
  const donation = useVouchersSelector((s) => s.donation);
  const [quote, quoteState] = useDonationQuoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // After a refused Continue each own amount's problem shows at its field (naming the cause when there are several).
  const [checked, setChecked] = useState(false);
  const count = donationCount(donation);
  const locale = currentLocale();
  const several = (data?.donations.length ?? 0) > 1;
  const amountErrors = new Map<number, string>();
  for (const d of data?.donations ?? []) {
    const line = donation.lines[String(d.id)];
    const custom = d.donationDetails.find((x) => x.id === line?.donationDetailId && x.customAmount);
    if (!line || !custom) continue;
    const max = custom.maxAmount ?? custom.amount;
    const issue = amountIssue(line.customAmount, custom.amount, max);
    if (!issue) continue;
    const text = t(issue.key, { min: formatMoney(custom.amount, locale), max: formatMoney(max, locale) });
    amountErrors.set(d.id, several ? t('amount.of', { name: d.Name, message: text }) : text);
  }

  const next = async () => {
    setProblem(null);
    if (count === 0) { setProblem(t('errors.DONATION_MUST_SELECT')); return; }
    if (count > MAX_DONATIONS_PER_ORDER) { setProblem(t('errors.DONATION_MAX_QUANTITY', { count: MAX_DONATIONS_PER_ORDER })); return; }
    setChecked(true);
    const firstBad = amountErrors.keys().next();
    if (!firstBad.done) { document.getElementById(`cause-${firstBad.value}-amount`)?.focus(); return; }
    try {
      await quote({ lines: Object.values(donation.lines), locale: i18n.language }).unwrap();
    } catch (e) { setProblem(failureText(t, e)); return; }
    startCart('donations'); // spec section 4: the other carts are emptied (the notice above said so)
    navigate('/donations/checkout');
  };

  return (
    <section className="tx-page" aria-labelledby="donations-title">
      <h1 id="donations-title">{t('donations.title')}</h1>
      <p>{t('donations.intro')}</p>
      <CartDiscardNotice kind="donations" />
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && data.donations.length === 0 && <p role="status">{t('errors.DONATION_NONE_AVAILABLE')}</p>}
      <ul className={styles.causes} data-testid="donation-list">
        {data?.donations.map((d) => <CauseChooser key={d.id} donation={d} error={checked ? amountErrors.get(d.id) ?? null : null} />)}
      </ul>
      {problem && <p role="alert" className="tx-error" data-testid="donations-error">{problem}</p>}
      {data && data.donations.length > 0 && (
        <p>
          <button type="button" className="tx-btn" onClick={() => void next()} disabled={quoteState.isLoading} data-testid="donations-next">
            {t('donations.continue')}
          </button>
        </p>
      )}
    </section>
  );
}
