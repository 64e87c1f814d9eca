import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { ErrorNotice, Spinner, type ApiFailure } from '@ticketing/shared';

/** Called when a staff call answers 401 (the session expired or was ended elsewhere). */
export const UnauthorizedContext = createContext<() => void>(() => undefined);

interface QueryLike<T> { data?: T; error?: unknown; isLoading: boolean; isFetching?: boolean; refetch: () => unknown }

/** Spinner while loading, 'errorFetchingData' (with retry) on failure, children with the data otherwise. */
export function Loadable<T>({ q, children }: { q: QueryLike<T>; children: (data: T) => ReactNode }) {
  const onUnauthorized = useContext(UnauthorizedContext);
  const status = (q.error as ApiFailure | undefined)?.status;
  useEffect(() => { if (status === 401) onUnauthorized(); }, [status, onUnauthorized]);
  if (q.error) return <ErrorNotice messageKey="errors.errorFetchingData" onRetry={() => void q.refetch()} />;
  if (q.isLoading || q.data === undefined) return <Spinner />;
  return <div aria-busy={q.isFetching ? 'true' : 'false'}>{children(q.data)}</div>;
}
