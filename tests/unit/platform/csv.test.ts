import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from '../../../src/platform/http/csv.ts';
import { runsFormula, spreadsheetFields } from './spreadsheet-fields.ts';

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
    const text = toCsv(columns, [
      { name: 'Niccolò, "the cat"', credits: -5, fulfilled: false, note: 'line 1\nline 2' },
    ]);
    expect(text.slice(1).split('\n').slice(1).join('\n')).toBe('"Niccolò, ""the cat""",-5,false,"line 1\nline 2"\n');
  });

  it('keeps a formula-looking text as text in a spreadsheet', () => {
    const text = toCsv(columns, [{ name: '=HYPERLINK("http://x")', credits: 0, fulfilled: false, note: '@SUM(A1)' }]);
    const line = text.slice(1).split('\n')[1];
    expect(line.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(line.endsWith(`"'@SUM(A1)"`)).toBe(true);
  });

  const nameColumn: CsvColumn<{ name: string }>[] = [{ header: 'name', value: (r) => r.name }];
  const one = (name: string) => toCsv(nameColumn, [{ name }]).slice(1);

  it.each([
    ['X;=1+1;@SUM(2*3)', `"'X;'=1+1;'@SUM(2*3)"`],
    ['Rossi;=HYPERLINK("http://x")', `"'Rossi;'=HYPERLINK(""http://x"")"`],
    ['a,+1', `"'a,'+1"`],
    ['a; -1', `"'a;' -1"`],
    ['"=1+1', `"'""=1+1"`],
    [' @cmd', `"' @cmd"`],
    ['\t=1', `"'\t=1"`],
    ['line\n=1', `"'line\n'=1"`],
    ['tab\tinside', '"tab\tinside"'],
    ['semi;colon', '"semi;colon"'],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
    ['plain name', 'plain name'],
    ['e-mail a-b@x.it', 'e-mail a-b@x.it'],
  ])('writes %j as %s', (name, line) => {
    expect(one(name)).toBe(`name\n${line}\n`);
  });

  it('a number stays a number, a negative one too', () => {
    expect(
      toCsv(columns, [{ name: 'x', credits: -5, fulfilled: false }])
        .slice(1)
        .split('\n')[1],
    ).toBe('x,-5,false,');
  });

  it('whatever the texts, no field read with `,` or `;` as separator starts a formula', () => {
    const unit = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'a', '1', '\uFF1D');
    const text = fc.oneof(fc.string({ unit, maxLength: 12 }), fc.string());
    const three: CsvColumn<string[]>[] = [0, 1, 2].map((i) => ({ header: `c${i}`, value: (r) => r[i] }));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 3 }), (rows) => {
        const csv = toCsv(three, rows).slice(1);
        for (const delimiter of [',', ';'] as const) {
          const runs = spreadsheetFields(csv, delimiter).filter(runsFormula);
          expect(runs, JSON.stringify({ rows, csv, delimiter })).toEqual([]);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
