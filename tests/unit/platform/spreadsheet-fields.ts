/**
 * Every field of a CSV text as a spreadsheet splitting on `delimiter` reads it (Excel's way, which a
 * strict parser refuses): a quote opens a quoted field only at the field's start, `""` inside is a
 * quote, and a quote anywhere else, or text after the closing quote, is kept as text. Italian Excel
 * reads a comma file this way with `;`, so `a,"X;=1"` gives the fields `a,"X` and `=1"`.
 */
export function spreadsheetFields(text: string, delimiter: ',' | ';'): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] !== '"') field += text[i];
        else if (text[i + 1] === '"') field += text[i++];
        else {
          i++;
          break;
        }
      }
    }
    while (i < text.length && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
    fields.push(field);
    if (i >= text.length) return fields;
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    i++;
  }
}

/** A field a spreadsheet would run: a trigger after any leading spaces or quotes (a leading ' makes it text). */
export const runsFormula = (field: string) => /^[\s"]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(field);
