import { createT, type Locale } from '../i18n/i18n.ts';
import { messages } from '../i18n/messages.ts';

/**
 * The codes any call a page makes may end with: a refused request, who is asking (no session, an
 * expired one), how often, or the network failing on the way.
 */
const anyCall = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'TOKEN_EXPIRED', 'RATE_LIMITED', 'NETWORK_ERROR'] as const;

/**
 * The texts, in the page's language, of the error codes a framework-free element's call can answer:
 * those of any call and the element's own. The element carries them as JSON, so its script holds no
 * text; a code missing here falls back to the element's generic failure.
 */
export function errorTexts(locale: Locale, codes: readonly string[]): Record<string, string> {
  const te = createT(messages[locale].errors);
  return Object.fromEntries([...anyCall, ...codes].map((c) => [c, te(c)]));
}
