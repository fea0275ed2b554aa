import { useMemo } from 'react';
import { createT, type Messages } from '../../../platform/i18n/i18n.ts';

export type Translator = ReturnType<typeof createT> & { error: (code: string) => string };

/**
 * `t(key)` and `t.error(code)` (the API code's text, else the generic one) for the tournament
 * island. The forms' shared use-t.ts does the same plus form-field errors this island does not
 * need; its chunk would cost the page's 85 KB budget about a kilobyte.
 */
export function useTranslator(messages: Messages): Translator {
  return useMemo(() => {
    const t = createT(messages);
    return Object.assign(t, { error: (code: string) => (t(`errors.${code}`) !== `errors.${code}` ? t(`errors.${code}`) : t('errors.INTERNAL_ERROR')) });
  }, [messages]);
}
