import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, toCsv, type CsvCell } from '../format/csv';
import styles from './DataTable.module.css';

export interface Column<T> {
  key: string;
  header: string;
  /** Plain value: shown when there is no render, and written to the CSV. */
  value: (row: T) => string | number | null;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
  /** The row header cell (th scope="row"). */
  rowHeader?: boolean;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Accessible table (caption, th scope) with pagination, a rows-per-page selector and CSV export. */
export function DataTable<T>({ caption, columns, rows, filename, rowKey, initialPageSize = 10, footer, csvFooter }: {
  caption: string; columns: Column<T>[]; rows: T[]; filename: string; rowKey: (row: T, i: number) => string | number;
  initialPageSize?: number; footer?: ReactNode;
  /** The footer's plain values, one per column: the CSV's last line (a total row shown on screen goes into the file too). */
  csvFooter?: CsvCell[];
}) {
  const { t } = useTranslation('common');
  const [pageSize, setPageSize] = useState<number>(initialPageSize);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = useMemo(() => rows.slice(current * pageSize, current * pageSize + pageSize), [rows, current, pageSize]);
  const exportCsv = () => downloadCsv(filename, toCsv(columns.map((c) => c.header),
    [...rows.map((r) => columns.map((c) => c.value(r))), ...(csvFooter ? [csvFooter] : [])]));

  return (
    <div className={styles.wrap}>
      <div className={styles.tools}>
        <button type="button" className="tx-btn-secondary" onClick={exportCsv} disabled={!rows.length}>
          {t('table.exportCsv')}<span className="tx-visually-hidden"> — {caption}</span>
        </button>
      </div>
      <div className={styles.scroll}>
        <table className="tx-table">
          <caption>{caption}</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c.key} scope="col" className={c.numeric ? styles.num : undefined}>{c.header}</th>)}</tr>
          </thead>
          <tbody>
            {visible.length === 0 && <tr><td colSpan={columns.length}>{t('table.empty')}</td></tr>}
            {visible.map((r, i) => (
              <tr key={rowKey(r, i)}>
                {columns.map((c) => {
                  const content = c.render ? c.render(r) : c.value(r);
                  return c.rowHeader
                    ? <th key={c.key} scope="row" className={c.numeric ? styles.num : undefined}>{content}</th>
                    : <td key={c.key} className={c.numeric ? styles.num : undefined}>{content}</td>;
                })}
              </tr>
            ))}
          </tbody>
          {footer && <tfoot>{footer}</tfoot>}
        </table>
      </div>
      {rows.length > PAGE_SIZES[0] && (
        <nav className={styles.pager} aria-label={t('table.pagination', { caption })}>
          <label>
            {t('table.rowsPerPage')}{' '}
            <select value={pageSize} onChange={(e) => { setPageSize(Number(e.target.value)); setPage(0); }}>
              {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <button type="button" className="tx-btn-secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>{t('table.previous')}</button>
          <span aria-live="polite">{t('table.pageOf', { page: current + 1, pages, total: rows.length })}</span>
          <button type="button" className="tx-btn-secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>{t('table.next')}</button>
        </nav>
      )}
    </div>
  );
}
