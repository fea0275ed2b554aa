import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * The server's log: one JSON line per event through Fastify's pino logger (LOG_LEVEL, default
 * info), pretty lines in development (LOG_PRETTY=true, set by `npm run dev`). Every request leaves
 * one line when it completes, at `error` for a 5xx and `warn` for a 429 so those stay visible at
 * LOG_LEVEL=warn; a failed login leaves a `warn` line with the e-mail masked. Each line of a request
 * carries its id (`reqId`), taken from a sane inbound X-Request-Id or made here, and returned in
 * X-Request-Id. Secrets never reach a line: authorization and cookie headers, passwords, tokens and
 * reset links are replaced by REDACTED wherever they sit in a logged object, and secret query
 * parameters are cut from logged URLs.
 */
export const REDACTED = '[redacted]';

export interface LogSettings {
  logLevel: string;
  logPretty: boolean;
}

const secretKeys = ['password', 'currentPassword', 'newPassword', 'token', 'resetLink', 'resetUrl', 'link', 'code', 'secret'];
const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie', ...secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`])];

/** Query parameters whose value is a secret (a reset token, an invite code) or personal (an e-mail) in a logged URL. */
const secretQuery = /([?&](?:token|reset|code|password|secret|key|email)[^=&#]*=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(secretQuery, `$1${REDACTED}`);

/** `p***@example.com`: enough to spot a spraying pattern by domain, not enough to name the person. */
export function maskEmail(email: unknown): string {
  const s = String(email ?? '')
    .trim()
    .toLowerCase();
  const at = s.lastIndexOf('@');
  return at < 1 ? '***' : `${s[0]}***@${s.slice(at + 1)}`;
}

/** The request headers a line shows; authorization and cookie only as REDACTED, by the serializer itself. */
const loggedHeaders = ['host', 'user-agent', 'referer', 'x-forwarded-for', 'authorization', 'cookie'];
const secretHeaders = new Set(['authorization', 'cookie']);

/** Pino options for Fastify's `logger`; `stream` sends the lines elsewhere (the tests capture them). */
export function loggerOptions(settings: LogSettings, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.logLevel,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        headers: Object.fromEntries(loggedHeaders.filter((h) => req.headers[h] !== undefined).map((h) => [h, secretHeaders.has(h) ? REDACTED : req.headers[h]])),
      }),
    },
    ...(stream ? { stream } : settings.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
}

/** An inbound X-Request-Id is kept when it looks like an id (a proxy's or a load balancer's); else a UUID. */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
export const requestIdOptions = (): Pick<FastifyServerOptions, 'genReqId' | 'logController'> => ({
  genReqId: (req) => {
    const inbound = req.headers['x-request-id'];
    return typeof inbound === 'string' && requestIdPattern.test(inbound) ? inbound : randomUUID();
  },
  // Fastify's own pair of lines per request is replaced by the one line of registerRequestLogging
  logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
});

/**
 * Returns the request id in X-Request-Id and logs one line per completed request. That line holds
 * only the serialized request (its secret headers and query parameters already replaced), the
 * status and the time, so it goes through a child without the redaction paths: matching the
 * wildcard paths on every line was a twentieth of the processor in a check-in rush.
 */
export function registerRequestLogging(app: FastifyInstance) {
  const lines = app.log.child({}, { redact: { paths: [], censor: REDACTED } });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status === 429 ? 'warn' : 'info';
    lines[level]({ reqId: req.id, req, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  });
}

/** A refused login (wrong e-mail or password) leaves one line: the masked e-mail and the address it came from. */
export async function logFailedLogin(req: FastifyRequest, reply: FastifyReply) {
  if (reply.statusCode !== 401) return;
  const email = (req.body as { email?: unknown } | undefined)?.email;
  req.log.warn({ email: maskEmail(email), remoteAddress: req.ip }, 'login failed');
}
