import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeOfHeader, localizeContent, type ContentLocale } from '../i18n/content-translations.ts';

/** The language the API answers content in (Accept-Language; Italian by default). */
export const requestLocale = (req: FastifyRequest): ContentLocale => localeOfHeader(req.headers['accept-language']);

/**
 * Every API answer carrying `translations` gets its flat fields (name, description...) in the
 * request's language. Answers serialised ahead of time (the micro-cache) are localised where they
 * are built, and keyed by language (src/platform/http/response-cache.ts).
 */
export function registerContentLocale(api: FastifyInstance) {
  api.addHook('preSerialization', async (req, _reply, payload) => localizeContent(payload, requestLocale(req)));
  // a shared cache must keep one copy per language, beside the one per caller (Vary: Authorization)
  api.addHook('onSend', async (_req, reply, payload) => {
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-language/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    return payload;
  });
}
