import { useEffect, useId, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@ticketing/shared';
import styles from './ReportTable.module.css';
import { NAMESPACE } from '../locales';

type DataTableProps<T> = ComponentProps<typeof DataTable<T>>;

/** A total's figure: its plain value (for the CSV) and its text on screen. */
export type TotalCell = readonly [value: number, text: ReactNode];
/** `format`ted `value` as a total's figure. */
export const totalCell = (format: (n: number) => ReactNode, value: number): TotalCell => [value, format(value)];

/**
 * A table's total row: the label in the first column, each column's figure by its key (empty where none). It is the
 * CSV's last line too (fifteenth session's tester: the export lacked the totals the screen showed).
 */
export interface TotalRow { label: string; values: Record<string, TotalCell> }

/**
 * The shared DataTable as PresLive shows it (fifteenth session, a manager's phone):
 * - a table wider than the screen scrolls inside its own box, which is then a labelled, focusable region (arrow keys
 *   scroll it) with a visible hint and a fade at each side where more columns are; the caption wraps within the box
 *   instead of running off with the table;
 * - paging keeps the keyboard's place: when Previous or Next becomes disabled under the focus, the focus moves to the
 *   other button (or the table's box), not to the page's body;
 * - an optional total row (tfoot) and a line under the table saying what it counts (its basis).
 * The box is the DataTable's own scroll box (the table's parent): the attributes are set on it here, as the shared
 * table takes no props for them.
 */
export function ReportTable<T>({ total, basis, ...table }: DataTableProps<T> & { total?: TotalRow; basis?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const wrap = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const [atStart, setAtStart] = useState(true);

  useEffect(() => {
    const table = wrap.current?.querySelector('table');
    const box = table?.parentElement;
    if (!table || !box) return;
    const measure = () => {
      const over = box.scrollWidth - box.clientWidth > 1;
      setOverflow(over);
      // scrollLeft runs negative in a right-to-left box
      setAtEnd(Math.abs(box.scrollLeft) + box.clientWidth >= box.scrollWidth - 2);
      setAtStart(Math.abs(box.scrollLeft) < 2);
    };
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    ro?.observe(box);
    ro?.observe(table);
    box.addEventListener('scroll', measure, { passive: true });
    return () => { ro?.disconnect(); box.removeEventListener('scroll', measure); };
  }, [table.rows, table.columns.length]);

  // the scroll box as a region while it scrolls (a focus stop only then)
  useEffect(() => {
    const box = wrap.current?.querySelector('table')?.parentElement;
    if (!box) return;
    if (overflow) {
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', table.caption);
      box.setAttribute('aria-describedby', hintId);
      box.tabIndex = 0;
    } else {
      for (const a of ['role', 'aria-label', 'aria-describedby', 'tabindex']) box.removeAttribute(a);
    }
    box.toggleAttribute('data-scroll-more', overflow && !atEnd);
    box.toggleAttribute('data-scroll-back', overflow && !atStart);
  });

  const keepFocus = (e: MouseEvent<HTMLDivElement>) => {
    const button = (e.target as HTMLElement).closest('nav button');
    const nav = button?.closest('nav');
    if (!(button instanceof HTMLButtonElement) || !nav) return;
    // after the page has changed: the clicked button may be disabled now (first or last page)
    requestAnimationFrame(() => {
      if (!button.disabled && button.isConnected) return;
      const other = [...nav.querySelectorAll('button')].find((b) => b !== button && !b.disabled);
      const box = wrap.current?.querySelector('table')?.parentElement;
      (other ?? (box?.tabIndex === 0 ? box : wrap.current?.querySelector('table')))?.focus();
    });
  };

  const footer = total && (
    <tr className={styles.total}>
      {table.columns.map((c: Column<T>, i) => (i === 0
        ? <th key={c.key} scope="row">{total.label}</th>
        : <td key={c.key} className={c.numeric ? styles.num : undefined}>{total.values[c.key]?.[1] ?? ''}</td>))}
    </tr>
  );
  return (
    <div ref={wrap} className={styles.wrap} onClickCapture={keepFocus}>
      {overflow && <p id={hintId} className={styles.hint} data-testid="scroll-hint">{t('table.scrollHint')}</p>}
      <DataTable {...table} footer={footer ?? table.footer}
        csvFooter={total && table.columns.map((c: Column<T>, i) => (i === 0 ? total.label : total.values[c.key]?.[0] ?? null))} />
      {basis && <p className={styles.basis} data-testid="table-basis">{basis}</p>}
    </div>
  );
}
