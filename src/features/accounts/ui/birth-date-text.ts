/**
 * A birth date as a person types it: day first (dd/mm/yyyy, the forms' format in both languages; "-" or
 * "." separate too, a day or month may have one digit), or the API's own yyyy-mm-dd. The forms hold
 * the text; the API gets yyyy-MM-dd.
 */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The yyyy-MM-dd a typed day-first date names (whether that day exists is asked apart); else the text. */
export function isoBirthDate(text: string): string {
  const m = DAY_FIRST.exec(text.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : text.trim();
}

/**
 * True for a yyyy-MM-dd whose day the calendar does not have (2000-02-31, 2001-02-29, a 13th month):
 * the visitor typed the format right, so the form says the day does not exist rather than asking for
 * the format again. False for a real day and for any other text, which stays a format error.
 */
export function isMissingDay(iso: string): boolean {
  const m = ISO_DAY.exec(iso);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days === undefined || day < 1 || day > days;
}

/** A stored yyyy-MM-dd as the form shows it (dd/mm/yyyy); anything else as it is. */
export function birthDateText(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}
