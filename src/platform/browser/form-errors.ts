/**
 * Turns validation failures into translation keys, so a form never shows zod's or the server's
 * English. Client errors come from zodResolver (type = zod issue code, message = zod message or
 * the schema's own tag such as 'username'); server errors come from the API envelope.
 */

export interface FieldErrorLike {
  type?: string;
  message?: string;
}

/** Messages our shared schemas set themselves (user-schemas.ts), and 'mismatch' of the reset form. */
const customMessages: Record<string, string> = {
  username: 'usernameFormat',
  future: 'birthDateFuture',
  mismatch: 'passwordMismatch',
};

/** The translation key for one field error. `value` is the field's current value. */
export function fieldErrorKey(field: string, error: FieldErrorLike, value?: unknown): string {
  // a stable API code put on a field (EMAIL_TAKEN on email) is translated as such
  if (error.type === 'code' && error.message) return `errors.${error.message}`;
  // a schema refinement that names an API code (src/platform/date-range.ts) is translated as that code
  if (error.message === 'DATE_OUT_OF_RANGE' || error.message === 'BIRTH_DATE_TOO_EARLY') return `errors.${error.message}`;
  const name = field.split('.').pop() ?? field;
  const custom = error.message ? customMessages[error.message] : undefined;
  if (custom) return `accounts.validation.${custom}`;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'accounts.validation.required';
  switch (error.type) {
    case 'too_small':
      if (name === 'password') return 'accounts.validation.passwordMin';
      if (name === 'username' && !field.includes('.')) return 'accounts.validation.usernameMin';
      return 'accounts.validation.required';
    case 'too_big':
      return 'accounts.validation.tooLong';
    case 'invalid_format':
      if (name === 'email') return 'accounts.validation.email';
      if (name === 'birth_date') return 'accounts.validation.birthDateInvalid';
      return 'accounts.validation.invalid';
    case 'invalid_value':
    case 'invalid_type':
      return 'accounts.validation.required';
    default:
      return 'accounts.validation.invalid';
  }
}

/** API codes that belong to one field. */
const codeFields: Record<string, string> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  USERNAME_MIXED_SCRIPT: 'username',
  PASSWORD_WEAK: 'password',
  CURRENT_PASSWORD_WRONG: 'currentPassword',
};

export interface ApiFailure {
  code: string;
  issues?: { path: string; message: string }[];
}

/**
 * The field errors carried by a failed call, limited to the form's fields: per-field issues of a
 * 400 ('body.email' is the email field) and codes that name a field. Empty when the failure is
 * not about a field (the form then shows `errors.<code>`).
 */
export function serverFieldErrors(failure: ApiFailure, fields: readonly string[]): { field: string; error: FieldErrorLike }[] {
  const out: { field: string; error: FieldErrorLike }[] = [];
  const known = (path: string) => fields.includes(path.split('.')[0]);
  const codeField = codeFields[failure.code];
  if (codeField && known(codeField)) out.push({ field: codeField, error: { type: 'code', message: failure.code } });
  for (const issue of failure.issues ?? []) {
    const path = issue.path.replace(/^body\.?/, '');
    if (!path || !known(path) || out.some((o) => o.field === path)) continue;
    out.push({ field: path, error: { type: 'server', message: issue.message } });
  }
  return out;
}

/** A form field's error in the page's words (never the schema's English), or undefined when the field is fine. */
export function fieldText(t: (key: string) => string, field: string, error: FieldErrorLike | undefined, value?: unknown): string | undefined {
  return error ? t(fieldErrorKey(field, error, value)) : undefined;
}
