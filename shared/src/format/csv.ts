/** CSV for report exports: RFC 4180 quoting, CRLF rows, UTF-8 with a BOM so Excel reads Hebrew. */
export type CsvCell = string | number | boolean | null | undefined;

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cell = (v: CsvCell) => {
    const s = v === null || v === undefined ? '' : String(v);
    // Quote when needed; neutralise spreadsheet formulas: text starting with =, +, -, @, a TAB or a CR
    // (OWASP CSV injection) gets a leading apostrophe unless it is a plain number ("-1+1+cmd|…" is not).
    const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Offers the CSV as a file download (browser only). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.csv') ? filename : `${filename}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
