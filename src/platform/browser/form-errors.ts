/**
 * The one mapper of field errors to texts, for every form (the visitors' and the dashboard's): a
 * form never shows zod's or the server's English. Client errors come from the form's schema
 * (type = zod issue code, message = zod's or the schema's own tag such as 'username', minimum of a
 * too_small); server errors come from the API envelope. Every text is under errors.validation.
 */

export interface FieldErrorLike {
  type?: string;
  message?: string;
  /** the limit of a too_small issue (a password's length) */
  minimum?: number;
}

/** Allowed ranges of a form's integer fields, named in their error text. */
export type NumberRanges = Record<string, readonly [min: number, max: number]>;

/**
 * Messages the shared schemas set themselves: most name their errors.validation key outright, the
 * tournament schedule's too (src/features/tournaments/schedule-order.ts: afterStart, beforeCheckinOpens, …, one
 * pattern rather than a list, as this module ships with every form page); three are aliases.
 */
const sameKey = new Set('slug rewardRange amountRange nonZero dateInPast birthDateNoSuchDay'.split(' '));
const aliases: Record<string, string> = {
  username: 'usernameFormat',
  future: 'birthDateFuture',
  mismatch: 'passwordMismatch',
};
const ownMessage = (message: string) =>
  sameKey.has(message) || /^(after|before)[A-Z]/.test(message) ? message : aliases[message];

/**
 * Fields with one format, which their error names whether the form's schema or the server refused
 * them (the server's issue carries zod's English, not the issue code). The dashboard's image
 * addresses are an upload's /media/… or an https URL (schemas.ts imageUrl).
 */
const formats: Record<string, string> = {
  banner: 'imageUrl',
  thumbnail: 'imageUrl',
  image: 'imageUrl',
  icon: 'imageUrl',
  email: 'email',
  url: 'url',
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'number' && Number.isNaN(value)) ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The translation key (and its variables) of one field error. `value` is the field's current value. */
export function fieldErrorKey(
  field: string,
  error: FieldErrorLike,
  value?: unknown,
  ranges: NumberRanges = {},
): { key: string; vars?: Record<string, number> } {
  // a stable API code put on a field (EMAIL_TAKEN on email), or named by a schema refinement
  // (DATE_OUT_OF_RANGE in src/platform/date-range.ts, INVALID_SCHEDULE, PRICE_RANGE_INVERTED):
  // codes are capitals, zod's own messages never are
  if (/^[A-Z_]+$/.test(error.message ?? '')) return { key: `errors.${error.message}` };
  const say = (key: string, vars?: Record<string, number>) => ({ key: `errors.validation.${key}`, vars });
  const name = field.split('.').pop() ?? field;
  const own = error.message ? ownMessage(error.message) : undefined;
  if (own) return say(own);
  if (name === 'console') return say('consoles');
  if (isEmpty(value)) return say('required');
  const range = ranges[field] ?? ranges[name];
  if (range) return say('numberRange', { min: range[0], max: range[1] });
  if (formats[name]) return say(formats[name]);
  if (name.startsWith('start_') || name.startsWith('end_')) return say('dateTime');
  switch (error.type) {
    case 'too_small':
      if (name === 'password' && error.minimum !== undefined) return say('passwordMin', { min: error.minimum });
      if (name === 'token' && error.minimum !== undefined) return say('codeMin', { min: error.minimum });
      if (name === 'username' && !field.includes('.')) return say('usernameMin');
      return say('required');
    case 'too_big':
      return say('tooLong');
    case 'invalid_format':
      if (name === 'birth_date') return say('birthDateInvalid');
      return say('invalid');
    // a choice not made (a select left on its placeholder)
    case 'invalid_value':
    case 'invalid_type':
      return say('required');
    default:
      return say('invalid');
  }
}

/**
 * A field path the server named (checked against the form's top-level fields only): a form's own
 * paths are typed from its values, this one is taken as the server sends it.
 */
export type ServerField = string & { readonly fromServer: true };

export interface ApiFailure {
  code: string;
  issues?: { path: string; message: string }[];
}

/**
 * The field errors carried by a failed call, limited to the form's fields: per-field issues of a
 * 400 ('body.email' is the email field) and the codes `codeFields` puts on a field (each feature names
 * its own: the accounts' taken e-mail goes on `email`). Empty when the failure is not about a field (the
 * form then shows `errors.<code>`).
 */
export function serverFieldErrors(
  failure: ApiFailure,
  fields: readonly string[],
  codeFields: Readonly<Record<string, string>> = {},
): { field: ServerField; error: FieldErrorLike }[] {
  const out: { field: ServerField; error: FieldErrorLike }[] = [];
  const known = (path: string) => fields.includes(path.split('.')[0]);
  const codeField = codeFields[failure.code];
  if (codeField && known(codeField))
    out.push({ field: codeField as ServerField, error: { type: 'code', message: failure.code } });
  for (const issue of failure.issues ?? []) {
    const path = issue.path.replace(/^body\.?/, '');
    if (!path || !known(path) || out.some((o) => o.field === path)) continue;
    out.push({ field: path as ServerField, error: { type: 'server', message: issue.message } });
  }
  return out;
}

/** A form field's error in the page's words (never the schema's English), or undefined when the field is fine. */
export function fieldText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  field: string,
  error: FieldErrorLike | undefined,
  value?: unknown,
  ranges?: NumberRanges,
): string | undefined {
  if (!error || (!error.type && !error.message)) return undefined;
  const { key, vars } = fieldErrorKey(field, error, value, ranges);
  return t(key, vars);
}
