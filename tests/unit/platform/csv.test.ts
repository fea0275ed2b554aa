import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from '../../../src/platform/http/csv.ts';

interface Row {
  name: string;
  credits: number;
  fulfilled: boolean;
  note?: string | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'credits', value: (r) => r.credits },
  { header: 'fulfilled', value: (r) => r.fulfilled },
  { header: 'note', value: (r) => r.note },
];

describe('toCsv', () => {
  it('starts with a BOM and a header line, one line per row', () => {
    const text = toCsv(columns, [{ name: 'Giulia', credits: 120, fulfilled: true, note: null }]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\n')).toEqual(['name,credits,fulfilled,note', 'Giulia,120,true,', '']);
  });

  it('quotes commas, quotes and line breaks, and keeps accents', () => {
    const text = toCsv(columns, [{ name: 'Niccolò, "the cat"', credits: -5, fulfilled: false, note: 'line 1\nline 2' }]);
    expect(text.slice(1).split('\n').slice(1).join('\n')).toBe('"Niccolò, ""the cat""",-5,false,"line 1\nline 2"\n');
  });

  it('keeps a formula-looking text as text in a spreadsheet', () => {
    const text = toCsv(columns, [{ name: '=HYPERLINK("http://x")', credits: 0, fulfilled: false, note: '@SUM(A1)' }]);
    const line = text.slice(1).split('\n')[1];
    expect(line.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(line.endsWith(`'@SUM(A1)`)).toBe(true);
  });
});
