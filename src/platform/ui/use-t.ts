import { useMemo } from 'react';
import { createT, type Messages } from '../i18n/i18n.ts';
import { errorKey, fieldErrorKey, type FieldErrorLike } from '../browser/form-errors.ts';

/**
 * The translator of an island: `t(key)`, plus `t.error(code)` for an API code and
 * `t.field(name, error, value)` for a form field error (never the schema's English).
 */
export function useT(messages: Messages) {
  return useMemo(() => {
    const base = createT(messages);
    const has = (key: string) => base(key) !== key;
    return Object.assign(base, {
      error: (code: string) => base(errorKey(code, has)),
      field: (name: string, error: FieldErrorLike | undefined, value?: unknown) => (error ? base(fieldErrorKey(name, error, value)) : undefined),
    });
  }, [messages]);
}
export type Translator = ReturnType<typeof useT>;
