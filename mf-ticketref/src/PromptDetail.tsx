import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner, toast, type ApiFailure, type RedemptionItem, type TicketRefPromptRow } from '@ticketing/shared';
import { promptParams, useDetailQuery, useEditQuantityMutation } from './api';
import { DataTable } from '@ticketing/shared';
import styles from './App.module.css';
import { NAMESPACE } from './locales';

/** Redemption detail: the prompt's references with quantity (editable), redeemed and remaining. */
export function PromptDetail({ prompt, businessIds }: { prompt: TicketRefPromptRow; businessIds: number[] }) {
  const { t } = useTranslation(NAMESPACE);
  const [filter, setFilter] = useState('');
  const q = useDetailQuery({ ...promptParams(prompt, businessIds), data: filter || undefined });
  return (
    <section aria-labelledby="detail-title">
      <h2 id="detail-title">{t('detail.title', { prompt: `${prompt.Prompt} — ${prompt.TicketName}` })}</h2>
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

function QuantityEditor({ item }: { item: RedemptionItem }) {
  const { t } = useTranslation(NAMESPACE);
  const [value, setValue] = useState(String(item.Quantity));
  const [edit, { isLoading }] = useEditQuantityMutation();
  const [message, setMessage] = useState<{ ok: boolean; key: string } | null>(null);
  const valid = /^\d{1,6}$/.test(value);
  const save = async () => {
    if (!valid) return;
    try {
      await edit({ priceType: item.PriceType, priceId: item.PriceId, priceRowId: item.PriceRowId, reference: item.Reference1, reference2: item.Reference2, quantity: Number(value) }).unwrap();
      setMessage({ ok: true, key: 'detail.saved' });
      toast('ticketref:detail.saved');
    } catch (e) {
      setMessage({ ok: false, key: (e as ApiFailure).code === 'refPromptOptNotFound' ? 'detail.notFound' : 'detail.saveFailed' });
    }
  };
  return (
    <span className={styles.row}>
      <input className={`tx-input ${styles.qty}`} inputMode="numeric" value={value} aria-label={t('detail.quantityFor', { reference: item.Reference1 })}
        aria-invalid={!valid} onChange={(e) => { setValue(e.target.value); setMessage(null); }} />
      <button type="button" className="tx-btn-secondary" disabled={!valid || isLoading || Number(value) === item.Quantity} onClick={() => void save()}>
        {t('detail.save')}<span className="tx-visually-hidden"> {item.Reference1}</span>
      </button>
      {message && <span role={message.ok ? 'status' : 'alert'} className={message.ok ? undefined : 'tx-error'}>{t(message.key)}</span>}
    </span>
  );
}
