import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/** One column of an export: its header (written as is) and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * The text of a CSV export. csv-stringify quotes what needs quoting and, with escape_formulas, puts
 * a quote before a cell that starts with = + - @ or a tab: a username like "=HYPERLINK(...)" must
 * stay text when an admin opens the file in a spreadsheet. The BOM makes Excel read UTF-8 (accents,
 * Italian names) without an import wizard.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.value(row) ?? '')),
    { header: true, columns: columns.map((c) => c.header), bom: true, escape_formulas: true, cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
}

/** Answers a CSV download: text/csv, an attachment named `<name>-<yyyy-mm-dd>.csv`, never cached. */
export function sendCsv<Row>(reply: FastifyReply, name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]) {
  const day = new Date().toISOString().slice(0, 10);
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${day}.csv"`).header('cache-control', 'no-store').send(toCsv(columns, rows));
}
