/**
 * A birth date as a person types it: day first (dd/mm/yyyy, the forms' format in both languages; "-" or
 * "." separate too, a day or month may have one digit), or the API's own yyyy-mm-dd. The forms hold
 * the text; the API gets yyyy-MM-dd.
 */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The yyyy-MM-dd a typed day-first date names (whether that day exists is the form's question); else the text. */
export function isoBirthDate(text: string): string {
  const m = DAY_FIRST.exec(text.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : text.trim();
}

/** A stored yyyy-MM-dd as the form shows it (dd/mm/yyyy); anything else as it is. */
export function birthDateText(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}
