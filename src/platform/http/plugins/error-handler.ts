import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusOf } from '../errors.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import { cachePolicy } from '../../http-cache-policy.ts';
import { isDatabaseUnavailable } from '../../db/database.ts';

/** Seconds a client is asked to wait after a 503: the database timeouts are a few seconds long. */
export const RETRY_AFTER_SECONDS = 3;
export const serviceUnavailableMessage = 'The service is busy right now. Please try again in a few seconds.';

const send = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  issues?: { path: string; message: string }[],
) => {
  // a route may have marked its answer cacheable before failing; a failure of ours must not be kept
  if (status >= 500) reply.removeHeader('cdn-cache-control').header('cache-control', cachePolicy.none);
  return reply.code(status).send({ status: 'ERROR', error: { code, message, ...(issues ? { issues } : {}) } });
};

/**
 * Codes a schema's refinement raises as its issue message; the answer then carries that code. The platform's
 * own is the admin date range (src/platform/date-range.ts); the features' come from the composition root.
 */
const platformSchemaCodes: ReadonlySet<string> = new Set<ErrorCode>(['DATE_OUT_OF_RANGE']);

// Fastify's own client-error codes, mapped to ours so a malformed request never becomes a 5xx.
const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'INVALID_JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_VALIDATION: [400, 'VALIDATION_ERROR'],
  // raised by the router before any route runs (see frameworkErrors in app.ts)
  FST_ERR_BAD_URL: [400, 'VALIDATION_ERROR'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'VALIDATION_ERROR'],
};

/**
 * One error handler: known failures keep their status and code; anything else is a logged 500 with no detail.
 * `schemaCodes` are the codes the features' schemas raise as a refinement's message.
 */
export function registerErrorHandler(app: FastifyInstance, schemaCodes: readonly ErrorCode[] = []) {
  const codesFromSchemas = new Set<string>([...platformSchemaCodes, ...schemaCodes]);
  app.setErrorHandler((err: FastifyError, req, reply) => handleError(err, req, reply, codesFromSchemas));
}

/**
 * Also Fastify's `frameworkErrors` option: without it a malformed URL or an over-long path param is
 * answered by the router itself in Fastify's own shape, outside the envelope.
 */
export function handleError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
  codesFromSchemas: ReadonlySet<string> = platformSchemaCodes,
) {
  if (err instanceof AppError) {
    if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
    return send(reply, statusOf(err.kind), err.code, err.message, err.issues);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'invalid',
    }));
    // a refinement may name a stable code of its own as its message (src/platform/date-range.ts)
    const own = issues.find((i) => codesFromSchemas.has(i.message));
    return send(reply, 400, own ? own.message : 'VALIDATION_ERROR', 'Invalid input', issues);
  }
  if (err.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', 'Too many requests, try again later');
  const known = err.code ? fastifyCodes[err.code] : undefined;
  if (known) return send(reply, known[0], known[1], err.message);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return send(reply, err.statusCode, 'VALIDATION_ERROR', err.message);
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(reply, 503, 'SERVICE_UNAVAILABLE', serviceUnavailableMessage);
  }
  req.log.error({ err }, 'unhandled error');
  return send(reply, 500, 'INTERNAL_ERROR', 'Internal error');
}
