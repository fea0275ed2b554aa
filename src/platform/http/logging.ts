import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format, stripVTControlCharacters } from 'node:util';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The server's log: one JSON line per event through one pino logger per process (LOG_LEVEL, default
 * info), pretty lines for a person at a terminal (LOG_FORMAT=pretty, or LOG_PRETTY=true, set by
 * `npm run dev`). Every request leaves one line when it completes, with its route pattern, at
 * `error` for a 5xx (carrying the error and its stack) and `warn` for a 429 so those stay visible at
 * LOG_LEVEL=warn; a failed login leaves a `warn` line with the e-mail masked. Each line of a request
 * carries its id (`reqId`), taken from a sane inbound X-Request-Id or made here, and returned in
 * X-Request-Id. Secrets never reach a line: authorization and cookie headers, passwords, tokens and
 * reset links are replaced by REDACTED wherever they sit in a logged object, and secret query
 * parameters are cut from logged URLs. Whatever still writes to the console (Astro's renderer, a
 * page, a library) is turned into lines of the same logger by routeConsole.
 */
export const REDACTED = '[redacted]';

export interface LogSettings {
  logLevel: string;
  logPretty: boolean;
}

const secretKeys = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'resetLink',
  'resetUrl',
  'link',
  'code',
  'secret',
];
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

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
export function loggerOptions(
  settings: LogSettings,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.logLevel,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        headers: Object.fromEntries(
          loggedHeaders
            .filter((h) => req.headers[h] !== undefined)
            .map((h) => [h, secretHeaders.has(h) ? REDACTED : req.headers[h]]),
        ),
      }),
    },
    ...(stream
      ? { stream }
      : settings.logPretty
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
        : {}),
  };
}

/** The process's logger, for the lines outside Fastify (start, mail, stop) and Fastify itself (loggerInstance). */
export const processLogger = (settings: LogSettings, bindings: Record<string, unknown> = {}): Logger => {
  const { stream, ...options } = loggerOptions(settings);
  const log = stream ? pino(options, stream) : pino(options);
  return Object.keys(bindings).length ? log.child(bindings) : log;
};

/** An e-mail address anywhere in a text (a library's message, a page's console line). */
const emailInText = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
export const maskEmailsIn = (text: string) => text.replace(emailInText, (m) => maskEmail(m));

/** The request whose code is running (an on-demand page's render), so its console lines carry its id. */
const requestScope = new AsyncLocalStorage<FastifyRequest>();
export const inRequestScope = <T>(req: FastifyRequest, fn: () => T): T => requestScope.run(req, fn);

/** The error a request failed with, for its request-completed line when it ends in a 5xx. */
const failures = new WeakMap<FastifyRequest, unknown>();
const noteFailure = (req: FastifyRequest, err: unknown) => {
  if (!failures.has(req)) failures.set(req, err);
};

type ConsoleLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * One console call as a message and, when it carries one, an error: an Error argument, or a stack
 * written out as text (Astro's renderer logs `Could not render /x` followed by the stack). Colours
 * and Astro's own time and level prefix are dropped: the line has its own.
 */
export function consoleLine(args: unknown[]): { msg: string; err?: unknown } {
  const errIndex = args.findIndex((a) => a instanceof Error);
  const rest = errIndex < 0 ? args : args.filter((_, i) => i !== errIndex);
  const text = stripVTControlCharacters(rest.length ? format(...rest) : '')
    .replace(/^\d\d:\d\d:\d\d /, '')
    .replace(/^\[(?:ERROR|WARN|INFO|DEBUG)\] /, '');
  const lines = maskEmailsIn(text).split('\n');
  if (errIndex >= 0) return { msg: lines.join('\n') || String((args[errIndex] as Error).message), err: args[errIndex] };
  const firstFrame = lines.findIndex((l) => /^\s+at /.test(l));
  if (firstFrame < 1) return { msg: lines.join('\n') };
  const header = lines[firstFrame - 1];
  const before = lines
    .slice(0, firstFrame - 1)
    .join(' ')
    .trim();
  return {
    msg: before || header,
    err: { type: 'Error', message: header, stack: lines.slice(firstFrame - 1).join('\n') },
  };
}

/**
 * Sends console.log/info/debug/warn/error of this process through `log`, one JSON line per call,
 * with the request's id when the call happens while a request's code runs (inRequestScope). Astro's
 * node adapter and the pages log through the console; node_modules stay as they are.
 */
export function routeConsole(log: Logger) {
  const route =
    (level: ConsoleLevel) =>
    (...args: unknown[]) => {
      const req = requestScope.getStore();
      const { msg, err } = consoleLine(args);
      if (req && err !== undefined && level === 'error') noteFailure(req, err);
      (req?.log ?? log)[level](err === undefined ? { source: 'console' } : { source: 'console', err }, msg);
    };
  console.log = route('info');
  console.info = route('info');
  console.debug = route('debug');
  console.trace = route('debug');
  console.warn = route('warn');
  console.error = route('error');
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
 * route pattern, the status, the time and, for a 5xx, the error, so it goes through a child without
 * the redaction paths: matching the wildcard paths on every line was a twentieth of the processor
 * in a check-in rush. An answer outside the API's routes is `page` (an on-demand page, rendered or
 * kept), `static` (a built file) or `unmatched`.
 */
export function registerRequestLogging(app: FastifyInstance) {
  const lines = app.log.child({}, { redact: { paths: [], censor: REDACTED } });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onError', async (req, _reply, err) => noteFailure(req, err));
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status === 429 ? 'warn' : 'info';
    const route = req.routeOptions.url ?? (pages.has(req) ? 'page' : status < 400 ? 'static' : 'unmatched');
    const err = status >= 500 ? failures.get(req) : undefined;
    const line = {
      reqId: req.id,
      route,
      req,
      res: { statusCode: status },
      responseTime: Math.round(reply.elapsedTime),
    };
    lines[level](err === undefined ? line : { ...line, err }, 'request completed');
  });
}

/** Requests answered by the site's on-demand pages (markPage, from site.ts). */
const pages = new WeakSet<FastifyRequest>();
export const markPage = (req: FastifyRequest, page = true) => void (page ? pages.add(req) : pages.delete(req));

/** A refused login (wrong e-mail or password) leaves one line: the masked e-mail and the address it came from. */
export async function logFailedLogin(req: FastifyRequest, reply: FastifyReply) {
  if (reply.statusCode !== 401) return;
  const email = (req.body as { email?: unknown } | undefined)?.email;
  req.log.warn({ email: maskEmail(email), remoteAddress: req.ip }, 'login failed');
}
