import { useMemo } from 'react';
import { createT, type Messages } from '../i18n/i18n.ts';
import type { messages as allMessages } from '../i18n/messages.ts';

/** `errors.<code>` when the catalogue has it, else the generic error text. */
export function errorKey(code: string, has: (key: string) => boolean): string {
  const key = `errors.${code}`;
  return has(key) ? key : 'errors.INTERNAL_ERROR';
}

/**
 * The one translator of the islands: `t(key)`, plus `t.error(code)` for an API code (its text, else
 * the generic one). Form field errors go through fieldText (form-errors.ts), which only the forms
 * load: the tournament page's 85 KB budget does not pay for them.
 */
/** Every namespace of both languages, as a type only: the islands never bundle the catalogue. */
type Catalogue = (typeof allMessages)['en'];

export function useT(messages: Messages) {
  return useMemo(() => {
    // the island holds the namespaces it was given; its keys are checked against the whole catalogue
    const base = createT(messages as Catalogue);
    return Object.assign(base, { error: (code: string) => base(errorKey(code, (key) => base(key) !== key)) });
  }, [messages]);
}
export type Translator = ReturnType<typeof useT>;
