import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type QueryValue = string | number | boolean | null | undefined;

/** A calendar date YYYY-MM-DD (a value read from the address bar is checked before any call is made with it). */
export function isIsoDate(s: string | null | undefined): s is string {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A positive integer id from the address bar, else undefined. */
export function idParam(s: string | null | undefined): number | undefined {
  return s && /^[1-9]\d{0,8}$/.test(s) ? Number(s) : undefined;
}

/**
 * A screen's choices (date, cinema, film, grouping, report, date range) in the address's query, so a reload, the
 * browser's back button or a shared link shows the same figures (fifteenth session: a reload lost them). Setting
 * replaces the history entry (a choice is not a page of its own) and keeps every other parameter (e.g. lang); an
 * empty value (undefined, null, '', false) takes the parameter out.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, QueryValue>) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback((changes: Record<string, QueryValue>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === null || v === '' || v === false) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    }, { replace: true });
  }, [setParams]);
  return [params, set];
}

/** `path?k=v…` without the empty values. */
export function withQuery(path: string, q: Record<string, QueryValue>): string {
  const s = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false).map(([k, v]) => [k, String(v)])).toString();
  return s ? `${path}?${s}` : path;
}
