import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, EndpointMap } from '../browser/typed-api.ts';
import type { EarnedBadgeInfo } from '../schemas.ts';
import { envelope, envelopeWithBadges, errorResponses } from './envelope.ts';
import { cachedJson } from './response-cache.ts';
import { cacheForViewer } from './response-headers.ts';

type Status = Parameters<typeof errorResponses>[number];
/**
 * How the answer wraps the endpoint's `data`: alone, with the list's `total` (also as `totalCount`, as the
 * original client's admin lists read it: the handler answers the `total` and the route adds the copy), or
 * with the badges the call earned.
 */
type Wrap = keyof typeof wraps;
type Schema<E, S extends keyof Endpoint> = E extends { [N in S]: infer Z extends z.ZodType } ? z.output<Z> : undefined;
type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;
type Data<E> = E extends { response: infer Z extends z.ZodType } ? z.input<Z> : never;
type Answer<E, W extends Wrap> = { status: 'SUCCESS'; data: Data<E> } & (W extends 'list' | 'counted'
  ? { total: number }
  : W extends 'badges'
    ? { earnedBadges?: EarnedBadgeInfo[] }
    : unknown);

/** The request as the route's schemas parsed it: the endpoint's query and body, the route's params and headers. */
export type DeclaredRequest<E, P = undefined, H = undefined> = FastifyRequest<{
  Params: Parsed<P>;
  Querystring: Schema<E, 'query'>;
  Body: Schema<E, 'body'>;
  Headers: Parsed<H>;
}>;

/** What a route adds to its endpoint (method, path, query, body and `data` come from the endpoint map). */
export interface RouteSpec<E, P, H, W extends Wrap> {
  summary: string;
  description?: string;
  /** who may call (the bearer in the OpenAPI entry and the check); none for a public route */
  auth?: 'user' | 'admin';
  /** when the check runs: before the body is read (the default), or after the input is validated */
  authAt?: 'onRequest' | 'preHandler';
  params?: P;
  headers?: H;
  /**
   * a read the same for every anonymous reader: cache headers for the viewer under this policy, and the
   * handler's answer kept in the micro-cache
   */
  shared?: SharedPolicy;
  /** the envelope around `data` (plain unless told) */
  answer?: W;
  /** the success statuses the OpenAPI entry names (200 unless told) */
  success?: readonly (200 | 201)[];
  errors: readonly Status[];
  config?: RouteShorthandOptions['config'];
  /** runs before the input is validated (a legacy request form turned into the schema's) */
  preValidation?: (req: DeclaredRequest<E, P, H>) => Promise<void>;
  onResponse?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  handler: (
    req: DeclaredRequest<E, P, H>,
    reply: FastifyReply,
  ) => Promise<Answer<E, W> | FastifyReply> | Answer<E, W> | FastifyReply;
}

const count = z.number().int();
const wraps = {
  data: envelope,
  list: (data: z.ZodType) => envelope(data).extend({ total: count }),
  counted: (data: z.ZodType) => envelope(data).extend({ total: count, totalCount: count }),
  badges: envelopeWithBadges,
};
const bearer = [{ bearer: [] }];
type Handler = (req: never, reply: FastifyReply) => unknown;
type SharedPolicy = NonNullable<Parameters<typeof cacheForViewer>[2]>;
/** A shared read's handler: the viewer's cache headers, then the answer from the micro-cache or built. */
const sharedRead =
  (app: FastifyInstance, policy: SharedPolicy, handler: Handler) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    cacheForViewer(req, reply, policy);
    return cachedJson(app, req, reply, async () => handler(req as never, reply));
  };
/**
 * A counted list's handler: its answer with the `total` copied to `totalCount` (a reply it sent itself stays as it is).
 */
const withTotalCount =
  (handler: Handler): Handler =>
  async (req, reply) => {
    const answer = await handler(req, reply);
    if (answer === reply) return answer;
    const list = answer as { total: number };
    return { ...list, totalCount: list.total };
  };

/** The route's handler with what its spec adds around it. */
function handlerOf(app: FastifyInstance, spec: { shared?: SharedPolicy; answer?: Wrap; handler: Handler }): Handler {
  const handler = spec.shared ? sharedRead(app, spec.shared, spec.handler) : spec.handler;
  return spec.answer === 'counted' ? withTotalCount(handler) : handler;
}

/**
 * Routes declared from a feature's endpoint map (endpoints.ts), so each route's method, path,
 * query, body and answer are stated once, where the browser's typed calls read them: the route
 * adds what only the server knows (its summary, params, who may call, the errors, the handler).
 */
export function declaredRoutes<M extends EndpointMap>(root: FastifyInstance, map: M, tags: string[]) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const checks = { user: app.requireUser, admin: app.requireAdmin };
  return <
    K extends keyof M & string,
    P extends z.ZodType | undefined = undefined,
    H extends z.ZodType | undefined = undefined,
    W extends Wrap = 'data',
  >(
    key: K,
    spec: RouteSpec<M[K], P, H, W>,
  ): void => {
    const [method, url] = key.split(' ') as [string, string];
    const endpoint = map[key] as Endpoint;
    const wrap: Wrap = spec.answer ?? 'data';
    const answer = wraps[wrap](endpoint.response);
    const auth = spec.auth;
    app.route({
      method,
      url,
      schema: {
        tags,
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...(auth ? { security: bearer } : {}),
        ...(spec.headers ? { headers: spec.headers } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          ...Object.fromEntries((spec.success ?? [200]).map((status) => [status, answer])),
          ...errorResponses(...spec.errors),
        },
      },
      ...(spec.config ? { config: spec.config } : {}),
      ...(spec.preValidation ? { preValidation: spec.preValidation as never } : {}),
      ...(spec.onResponse ? { onResponse: spec.onResponse } : {}),
      ...(auth ? { [spec.authAt ?? 'onRequest']: checks[auth] } : {}),
      handler: handlerOf(root, spec) as never,
    });
  };
}
