import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheHeaders, policyHeaders, type CachePolicy } from '../http-cache-policy.ts';

/** An answer that depends on the caller only when a token came (see src/platform/http-cache-policy.ts). */
export function cacheForViewer(
  req: FastifyRequest,
  reply: FastifyReply,
  policy: Exclude<CachePolicy, 'personal' | 'none'> = 'live',
) {
  reply.headers(cacheHeaders(!!req.headers.authorization, policy));
}

/** An answer that is the same for everyone. */
export function cachePublic(reply: FastifyReply, policy: Exclude<CachePolicy, 'personal' | 'none'> = 'live') {
  reply.headers(policyHeaders(policy));
}

/**
 * Every API answer that did not choose a policy is personal or a write's result: no shared cache
 * may keep it, and the browser asks again before reusing it.
 */
export function defaultToPersonal(api: FastifyInstance) {
  api.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.headers(policyHeaders('personal'));
    return payload;
  });
}
