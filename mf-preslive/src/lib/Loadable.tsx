import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, Spinner, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../locales';

/** Called when a staff call answers 401 (the session expired or was ended elsewhere). */
export const UnauthorizedContext = createContext<() => void>(() => undefined);

interface QueryLike<T> { data?: T; error?: unknown; isLoading: boolean; isFetching?: boolean; refetch: () => unknown }

interface Refusal { issues?: Array<{ message?: string }> }

/**
 * What a failed call says, and whether trying again can help. A range the api refuses (the screens check it first,
 * so this is the rare case of the server's day differing from the browser's) is named in the range field's own words;
 * any other refusal (4xx) by its reason, without Retry — the same call is refused again (fifteenth session: a 2020–2030
 * range showed 'error loading data' and a Retry). A server or network failure offers Retry.
 */
export function failureText(error: unknown): { key: string; values?: Record<string, unknown>; retry: boolean } {
  const f = error as ApiFailure | undefined;
  const status = typeof f?.status === 'number' ? f.status : undefined;
  if (status === 400) {
    const messages = ((f?.data as Refusal | undefined)?.issues ?? []).map((i) => i.message ?? '');
    if (messages.some((m) => m.startsWith('range longer than'))) return { key: 'range.tooLong', values: { days: MAX_RANGE_DAYS }, retry: false };
    if (messages.includes('startDate after endDate')) return { key: 'range.endBeforeStart', retry: false };
  }
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { key: `common:${f?.key || 'errors.BAD_REQUEST'}`, retry: false };
  }
  return { key: 'common:errors.errorFetchingData', retry: true };
}

/** Spinner while loading, the failure's text (Retry only when it can help) on failure, children with the data otherwise. */
export function Loadable<T>({ q, children }: { q: QueryLike<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const onUnauthorized = useContext(UnauthorizedContext);
  const status = (q.error as ApiFailure | undefined)?.status;
  useEffect(() => { if (status === 401) onUnauthorized(); }, [status, onUnauthorized]);
  if (q.error) {
    const f = failureText(q.error);
    return (
      <div role="alert" className="tx-error" data-testid="load-error">
        <p>{t(f.key, f.values)}</p>
        {f.retry && <button type="button" className="tx-btn" onClick={() => void q.refetch()}>{t('common:actions.retry')}</button>}
      </div>
    );
  }
  if (q.isLoading || q.data === undefined) return <Spinner />;
  return <div aria-busy={q.isFetching ? 'true' : 'false'}>{children(q.data)}</div>;
}
