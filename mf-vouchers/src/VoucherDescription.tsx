import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, currentLocale, formatDayMonthYear, formatMoney, type ApiFailure, type SystemVoucher } from '@ticketing/shared';
import { useVouchersQuery } from './api';
import { NAMESPACE } from './locales';
import { VoucherList } from './VoucherList';

/** What a voucher is: its prices (an open price with its range), dates, what it redeems for, and its terms. */
function VoucherDetails({ voucher, headingId, level = 1 }: { voucher: SystemVoucher; headingId: string; level?: 1 | 2 }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = currentLocale();
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <>
      <H id={headingId}>{voucher.Name}</H>
      <p>{voucher.SuperClassName}</p>
      <p>{voucher.Description}</p>
      <h3>{t('description.prices')}</h3>
      <ul>
        {voucher.Prices.map((p) => (
          <li key={p.SystemVoucherPriceId}>
            {p.isOpenPrice && p.minPrice !== null && p.maxPrice !== null
              ? t('list.openPrice', { min: formatMoney(p.minPrice, locale), max: formatMoney(p.maxPrice, locale) })
              : formatMoney(p.Price, locale)}
            {p.redemptionData.filter((r) => r.price > 0).length > 0 && (
              <> · {t('description.redeems', { items: p.redemptionData.filter((r) => r.price > 0).map((r) => `${r.reference} ${formatMoney(r.price, locale)}`).join(', ') })}</>
            )}
          </li>
        ))}
      </ul>
      <p>{t('description.dates', { from: formatDayMonthYear(voucher.Dates.startDate), until: formatDayMonthYear(voucher.Dates.endDate) })}</p>
      <h3>{t('description.terms')}</h3>
      <p>{voucher.Terms.text}</p>
    </>
  );
}

function useChosenVoucher() {
  const { i18n } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const raw = params.get('systemVoucherId') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const q = useVouchersQuery({ locale: i18n.language });
  return { ...q, voucher: id === null ? undefined : q.data?.vouchers.find((v) => v.SystemVoucherId === id) };
}

/** /vouchers/Description?systemVoucherId=N: the voucher description screen (spec section 2). */
export function VoucherDescription() {
  const { t } = useTranslation(NAMESPACE);
  const { voucher, data, error, isLoading, refetch } = useChosenVoucher();
  return (
    <section className="tx-page" aria-labelledby="vd-title" data-testid="voucher-description">
      {isLoading && <Spinner />}
      {error && <ErrorNotice messageKey={(error as ApiFailure).key} onRetry={refetch} />}
      {data && !voucher && <><h1 id="vd-title">{t('list.title')}</h1><p role="alert">{t('errors.VOUCHER_NONE_AVAILABLE')}</p></>}
      {voucher && <VoucherDetails voucher={voucher} headingId="vd-title" />}
      <p style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
        {voucher && <Link className="tx-btn" to={`/vouchers/${voucher.SystemVoucherSuperClassId}`}>{t('description.choose')}</Link>}
        <Link className="tx-btn tx-btn-secondary" to="/vouchers">{t('buy.backToList')}</Link>
      </p>
    </section>
  );
}

/**
 * /vouchers/Popup?systemVoucherId=N: the voucher popup (spec section 2), a modal dialog over the list; Escape or
 * Close returns to the list, focus starts in the dialog.
 */
export function VoucherPopup() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { voucher, data } = useChosenVoucher();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open && typeof d.showModal === 'function') d.showModal();
  }, []);
  const close = () => navigate('/vouchers');
  return (
    <>
      <VoucherList />
      <dialog ref={dialog} aria-labelledby="vp-title" onCancel={(e) => { e.preventDefault(); close(); }} data-testid="voucher-popup"
        style={{ maxInlineSize: '36rem', inlineSize: 'calc(100% - 2rem)' }}>
        {data && !voucher && <><h2 id="vp-title">{t('list.title')}</h2><p role="alert">{t('errors.VOUCHER_NONE_AVAILABLE')}</p></>}
        {voucher && <VoucherDetails voucher={voucher} headingId="vp-title" level={2} />}
        <p style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          {voucher && <Link className="tx-btn" to={`/vouchers/${voucher.SystemVoucherSuperClassId}`}>{t('description.choose')}</Link>}
          <button type="button" className="tx-btn tx-btn-secondary" onClick={close}>{t('description.close')}</button>
        </p>
      </dialog>
    </>
  );
}
