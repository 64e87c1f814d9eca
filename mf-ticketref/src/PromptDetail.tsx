import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, toast, type ApiFailure, type RedemptionItem, type TicketRefPromptRow } from '@ticketing/shared';
import { promptParams, useDetailQuery, useEditQuantityMutation } from './api';
import { DataTable } from '@ticketing/shared';
import styles from './App.module.css';
import { NAMESPACE } from './locales';
import { belowRedeemed, detailsOf, parseQuantity, quantityProblem, type Problem } from './validation';

/** Redemption detail: the prompt's references with quantity (editable), redeemed and remaining. */
export function PromptDetail({ prompt, name, businessIds }: { prompt: TicketRefPromptRow; name: string; businessIds: number[] }) {
  const { t } = useTranslation(NAMESPACE);
  const [filter, setFilter] = useState('');
  const q = useDetailQuery({ ...promptParams(prompt, businessIds), data: filter || undefined });
  return (
    <section aria-labelledby="detail-title">
      <h2 id="detail-title">{t('detail.title', { prompt: name })}</h2>
      <label className={styles.field}>{t('detail.filter')}{' '}
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} maxLength={100} />
      </label>
      {q.error && <ErrorNotice messageKey="errors.errorFetchingData" onRetry={() => void q.refetch()} />}
      {!q.data && !q.error && <Spinner />}
      {q.data && (
        <DataTable caption={t('detail.caption')} filename={`ticket-ref-detail-${prompt.PromptId}`} rows={q.data.items} rowKey={(r) => r.PriceRowId}
          columns={[
            { key: 'r1', header: t('cols.reference1'), rowHeader: true, value: (r) => r.Reference1 },
            { key: 'r2', header: t('cols.reference2'), value: (r) => r.Reference2 },
            { key: 'q', header: t('cols.quantity'), numeric: true, value: (r) => r.Quantity, render: (r) => <QuantityEditor item={r} /> },
            { key: 'rd', header: t('cols.redeemed'), numeric: true, value: (r) => r.Redeemed },
            { key: 'rm', header: t('cols.remaining'), numeric: true, value: (r) => r.Remaining },
          ]} />
      )}
    </section>
  );
}

/**
 * A reference's quantity: Save stays enabled (disabled only while saving); a value that cannot be saved is
 * explained under the field when Save is pressed (and the text follows the typing from then on), tied to the field
 * by aria-describedby and aria-invalid, the field focused. What was typed stays. The api's refusal (a sale
 * redeemed meanwhile) is said the same way.
 */
export function QuantityEditor({ item }: { item: RedemptionItem }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(String(item.Quantity));
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const [edit, { isLoading }] = useEditQuantityMutation();
  const problem = (checked ? quantityProblem(value, item.Redeemed) : null) ?? refused;
  const errorId = `${id}-error`;

  const save = async () => {
    setChecked(true);
    setSaved(false);
    setRefused(null);
    if (quantityProblem(value, item.Redeemed)) { input.current?.focus(); return; }
    try {
      await edit({ priceType: item.PriceType, priceId: item.PriceId, priceRowId: item.PriceRowId, reference: item.Reference1, reference2: item.Reference2, quantity: parseQuantity(value) }).unwrap();
      setSaved(true);
      toast('ticketref:detail.saved');
    } catch (e) {
      const f = e as ApiFailure;
      const redeemed = detailsOf(f.data).redeemed;
      setRefused(f.code === 'refPromptOptBelowRedeemed' && typeof redeemed === 'number' ? belowRedeemed(redeemed)
        : { key: f.code === 'refPromptOptNotFound' ? 'detail.notFound' : 'detail.saveFailed' });
      input.current?.focus();
    }
  };
  return (
    <span className={styles.editor}>
      <span className={styles.row}>
        <input ref={input} className={`tx-input ${styles.qty}`} inputMode="numeric" dir="ltr" autoComplete="off" value={value}
          aria-label={t('detail.quantityFor', { reference: item.Reference1 })}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined}
          onChange={(e) => { setValue(e.target.value); setSaved(false); setRefused(null); }}
          onKeyDown={(e) => { if (e.key === 'Enter') void save(); }} />
        <button type="button" className="tx-btn-secondary" disabled={isLoading} onClick={() => void save()}>
          {t(isLoading ? 'detail.saving' : 'detail.save')}<span className="tx-visually-hidden"> {item.Reference1}</span>
        </button>
      </span>
      {problem && <span id={errorId} role="alert" className={`tx-error ${styles.message}`}>{t(problem.key, problem.values)}</span>}
      {saved && !problem && <span role="status" className={styles.message}>{t('detail.saved')}</span>}
    </span>
  );
}
