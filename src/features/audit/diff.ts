/**
 * What an audit entry changed, value by value: a deep diff of the record before and after. Nested
 * objects are compared key by key and arrays of records element by element, matched by their id
 * (or name), so a faction score edited shows as `teams[precision].players[giulia].score: 10 → 12`,
 * not as the whole teams array twice. Pure: the log's detail dialog and its CSV export share it.
 */
export interface AuditChangeLine {
  /** where the value lives, e.g. `price`, `title.en`, `teams[speed].players[alex].score` */
  path: string;
  /** undefined: the value did not exist on that side (added or removed) */
  before: unknown;
  after: unknown;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// the field that identifies an element of an array of records, in order of preference
const ID_KEYS = ['id', '_id', 'playerId', 'userId', 'slug', 'name'] as const;
// the field that names an element in a path, when it has one: people read names, not ids
const NAME_KEYS = ['name', 'playerName', 'username', 'slug'] as const;

/** The first id key every element (of both sides) carries as a string or number; null when none does. */
function identityOf(items: unknown[]): string | null {
  if (!items.length || !items.every(isPlain)) return null;
  return ID_KEYS.find((key) => items.every((i) => ['string', 'number'].includes(typeof (i as Plain)[key]))) ?? null;
}

const unique = (items: Plain[], key: string) => new Set(items.map((i) => i[key])).size === items.length;

function elementLabel(item: Plain, key: string): string {
  const name = NAME_KEYS.map((k) => item[k]).find((v) => typeof v === 'string' && v !== '');
  return String(name ?? item[key]);
}

function walk(before: unknown, after: unknown, path: string, out: AuditChangeLine[]): void {
  if (same(before, after)) return;
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const k of keys) walk(before[k], after[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = identityOf([...before, ...after]);
    if (key && unique(before as Plain[], key) && unique(after as Plain[], key)) {
      const was = new Map((before as Plain[]).map((i) => [i[key], i]));
      const now = new Map((after as Plain[]).map((i) => [i[key], i]));
      for (const id of new Set([...was.keys(), ...now.keys()])) {
        const item = (now.get(id) ?? was.get(id))!;
        walk(was.get(id), now.get(id), `${path}[${elementLabel(item, key)}]`, out);
      }
      return;
    }
    // records without an id, as many as before: element by element
    if (before.length === after.length && [...before, ...after].every(isPlain)) {
      before.forEach((b, i) => walk(b, after[i], `${path}[${i}]`, out));
      return;
    }
  }
  out.push({ path: path || '(value)', before, after });
}

/** Every value that differs between `before` and `after`, deepest path first found; none when they are equal. */
export function auditChanges(before: unknown, after: unknown): AuditChangeLine[] {
  const out: AuditChangeLine[] = [];
  // a creation or a deletion has one side only: its top-level fields are what appeared or went
  walk(before ?? (isPlain(after) ? {} : before), after ?? (isPlain(before) ? {} : after), '', out);
  return out;
}

/** A value as one short line of text: strings as they are, the rest as JSON. */
export function formatAuditValue(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
