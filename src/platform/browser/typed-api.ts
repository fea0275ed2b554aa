import type { input, output, ZodType } from 'zod';
import type { ApiResult, Init } from './api-client.ts';

/**
 * One route as the server declares it: the zod schemas its `schema` uses for the query and the
 * body, and the schema of the answer's `data` (the envelope around it is the client's business).
 */
export type Endpoint = { query?: ZodType; body?: ZodType; response: ZodType };
/** A feature's routes, keyed 'METHOD /path/:param' exactly as the route is registered (without /api). */
export type EndpointMap = Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`, Endpoint>;

type Method<K> = K extends `${infer M} /${string}` ? M : never;
type Route<K> = K extends `${string} /${infer P}` ? `/${P}` : never;
/** The key's path with each `:param` any text: '/users/pp/:id' → `/users/pp/${string}`. */
type Fill<P extends string> = P extends `${infer A}:${string}/${infer R}`
  ? `${A}${string}/${Fill<R>}`
  : P extends `${infer A}:${string}`
    ? `${A}${string}`
    : P;
type Schema<E, S extends keyof Endpoint> = E extends { [N in S]: infer Z extends ZodType } ? input<Z> : never;
type Part<Name extends string, T> = [T] extends [never] ? { [N in Name]?: never } : { [N in Name]: T };

/** The URL of a call to `K` (after the API base): its path filled in, with a query string if the route takes one. */
export type UrlOf<M, K extends keyof M & string> =
  Fill<Route<K>> | ([Schema<M[K], 'query'>] extends [never] ? never : `${Fill<Route<K>>}?${string}`);
/** The body the endpoint `K` of `M` takes (its schema's input). */
export type BodyOf<M, K extends keyof M> = Schema<M[K], 'body'>;
/** What the endpoint answers in `data`. */
export type Answer<M, K extends keyof M> = M[K] extends { response: infer Z extends ZodType } ? output<Z> : never;

// api() sends GET without a body and POST with one: only another method must be named
type MethodPart<M, K extends keyof M & string> =
  Method<K> extends ([BodyOf<M, K>] extends [never] ? 'GET' : 'POST') ? { method?: Method<K> } : { method: Method<K> };
type InitOf<M, K extends keyof M & string> = Omit<Init, 'method' | 'body'> &
  MethodPart<M, K> &
  Part<'body', BodyOf<M, K>>;

/**
 * `api` checked against an endpoint map, with no code of its own: `const call: TypedCall<AccountsApi> = api;`
 * then `call<'PUT /users/pp/:id'>(\`/users/pp/${encodeURIComponent(id)}\`, { method: 'PUT', body })`.
 * The key (a type argument, required) names the route; the URL must fit its path, the method and the
 * body its schemas, and the answer takes the route's type. The maps are imported as types only.
 */
export type TypedCall<M> = <K extends keyof M & string = never>(
  url: UrlOf<M, K>,
  // the init may be left out when nothing in it is required
  ...init: Partial<InitOf<M, K>> extends InitOf<M, K> ? [init?: InitOf<M, K>] : [init: InitOf<M, K>]
) => Promise<ApiResult<Answer<M, K>>>;
