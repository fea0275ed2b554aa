/**
 * The pasted results of one match (`player or team name, placement, eliminations`), split into
 * rows of cells. A spreadsheet copies with tabs, an Italian one exports with semicolons, others with
 * commas: the delimiter is the one of those three that the first non-empty line uses most (outside
 * quotes). Quoted cells may hold the delimiter and doubled quotes ("" is one "). Pure, so the
 * server's preview and its tests share it; there is no CSV reader among the dependencies
 * (csv-stringify only writes).
 */

const delimiters = ['\t', ';', ','] as const;

function detectDelimiter(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  let best: string = ',';
  let most = 0;
  for (const d of delimiters) {
    let n = 0;
    let quoted = false;
    for (const ch of first) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) n++;
    }
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

/** Rows of trimmed cells with their 1-based line numbers; blank lines are left out. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const delimiter = detectDelimiter(text);
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell.trim());
    if (cells.some((c) => c !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  endRow();
  return rows;
}

/**
 * A first row whose placement and eliminations cells hold no digit is a header (`name;placement;kills`);
 * one with a digit in either is data, so a typo in it (`1st`, `first;3`) is shown as that row's fault.
 */
export const isHeader = (cells: readonly string[]) =>
  cells.length >= 2 && !/\d/.test(cells[1] ?? '') && !/\d/.test(cells[2] ?? '');
