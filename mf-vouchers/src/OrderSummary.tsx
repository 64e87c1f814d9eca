import { currentLocale, formatMoney } from '@ticketing/shared';
import styles from './OrderSummary.module.css';

/** One priced line as the api returned it (shekels). */
export interface SummaryRow { name: string; unit: number; quantity: number; total: number }
export interface SummaryGroup { title?: string; rows: SummaryRow[] }

interface Props {
  caption: string;
  /** Column headings: item, unit price, quantity, line total; then the label of the order total. */
  headings: { item: string; unit: string; qty: string; lineTotal: string; total: string };
  groups: SummaryGroup[];
  total: number;
  testId: string;
  totalTestId: string;
}

/** The api-priced summary of a voucher or donation order: lines by group (vouchers, products; causes) and the total. */
export function OrderSummary({ caption, headings, groups, total, testId, totalTestId }: Props) {
  const locale = currentLocale();
  return (
    <table className="tx-table" data-testid={testId}>
      <caption className="tx-visually-hidden">{caption}</caption>
      <thead><tr><th scope="col">{headings.item}</th><th scope="col" className={styles.wide}>{headings.unit}</th><th scope="col" className={styles.wide}>{headings.qty}</th><th scope="col">{headings.lineTotal}</th></tr></thead>
      {groups.filter((g) => g.rows.length > 0).map((g, gi) => (
        <tbody key={gi}>
          {g.title && <tr><th scope="colgroup" colSpan={4} className={styles.wide}>{g.title}</th><th scope="colgroup" colSpan={2} className={styles.narrow}>{g.title}</th></tr>}
          {g.rows.map((l, i) => (
            <tr key={i}>
              <td>{l.name}<span className={styles.perUnit}><bdi>{l.quantity}</bdi> × <bdi>{formatMoney(l.unit, locale)}</bdi></span></td>
              <td className={styles.wide}>{formatMoney(l.unit, locale)}</td><td className={styles.wide}>{l.quantity}</td><td>{formatMoney(l.total, locale)}</td>
            </tr>
          ))}
        </tbody>
      ))}
      <tfoot><tr><th scope="row" colSpan={3} className={styles.wide}>{headings.total}</th><th scope="row" className={styles.narrow}>{headings.total}</th><td data-testid={totalTestId}>{formatMoney(total, locale)}</td></tr></tfoot>
    </table>
  );
}
