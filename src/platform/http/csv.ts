import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/** One column of an export: its header (written as is) and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * What a spreadsheet would run: a formula trigger (= + - @, their full-width forms that Numbers
 * folds to them, a tab or a carriage return), maybe after spaces or quotes.
 */
const trigger = `[\\s"']*[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]`;
const startsFormula = new RegExp(`^${trigger}`);
/** A separator inside the text followed by a trigger: where a reader splitting there would start a formula. */
const formulaAfterSeparator = new RegExp(`([,;\\r\\n])(?=${trigger})`, 'g');

/**
 * One text cell as written. Italian Excel reads a file with `;` as separator and takes a quote in the
 * middle of a field as text, so `a,"X;=1+1"` opened there gives a field `=1+1`: quoting the cell does
 * not protect what follows a `;` inside it. So a formula-looking start of the cell, or of any part of
 * it after a `,` `;` or line break, gets a `'` (a spreadsheet shows such a field as text), and the
 * cell is quoted whole. Numbers and booleans are ours, never a player's text, and stay as they are.
 */
export function csvCell(value: string): string | { value: string; quoted: true } {
  const parts = value.replace(formulaAfterSeparator, "$1'");
  if (parts === value && !startsFormula.test(value)) return value;
  return { value: `'${parts}`, quoted: true };
}

/**
 * The text of a CSV export, safe whichever separator the spreadsheet picks: a cell holding `,` `;`
 * a tab, a line break or a quote is quoted (csv-stringify quotes the comma, quote and line breaks;
 * `quoted_match` adds `;` and the tab), and a formula-looking one is neutralised (`csvCell`). The
 * BOM makes Excel read UTF-8 (accents, Italian names) without an import wizard.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.value(row) ?? '')),
    {
      header: true,
      columns: columns.map((c) => c.header),
      bom: true,
      quoted_match: /[;\t]/,
      cast: { boolean: (v) => (v ? 'true' : 'false'), string: csvCell },
    },
  );
}

/** Answers a CSV download: text/csv, an attachment named `<name>-<yyyy-mm-dd>.csv`, never cached. */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(toCsv(columns, rows));
}
