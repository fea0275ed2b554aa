import { format, isValid, parseISO } from 'date-fns';

/**
 * An <input type="datetime-local"> holds a wall-clock time without a zone; the API stores
 * instants. The admin types in their own local time, and these two convert at the edge.
 */
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** "2026-11-22T17:00:00.000Z" → "2026-11-22T18:00" in Europe/Rome; null or garbage → "". */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, LOCAL_FORMAT) : '';
}

/**
 * "2026-11-22T18:00" (local) → the ISO instant; "" → null. An unreadable value is returned as
 * typed, so the schema's datetime check reports it instead of it silently becoming "not scheduled".
 */
export function localInputToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  // without a zone, parseISO reads the value as local time, which is what the admin meant
  const date = parseISO(value);
  return isValid(date) ? date.toISOString() : value;
}
