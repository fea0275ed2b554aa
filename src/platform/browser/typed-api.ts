import type { input, output, ZodType } from 'zod';
import type { ApiResult, Init } from './api-client.ts';

/**
 * One route as the server declares it: the zod schemas its `schema` uses for the query and the
 * body, and the schema of the answer's `data` (the envelope around it is the client's business).
 */
export type Endpoint = { query?: ZodType; body?: ZodType; response: ZodType };
/** A feature's routes, keyed 'METHOD /path/:param' exactly as the route is registered (without /api). */
export type EndpointMap = Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`, Endpoint>;

/** The names of the `:param` segments of a key. */
export type PathParams<K extends string> = K extends `${string}:${infer P}/${infer Rest}`
  ? P | PathParams<Rest>
  : K extends `${string}:${infer P}`
    ? P
    : never;

type Part<Name extends string, T> = [T] extends [never] ? { [N in Name]?: never } : { [N in Name]: T };
type Optional<Name extends string, T> = [T] extends [never] ? { [N in Name]?: never } : { [N in Name]?: T };
type Schema<E, S extends keyof Endpoint> = E extends { [N in S]: infer Z extends ZodType } ? input<Z> : never;
/** The path's parameters, the query and the body of a call to the endpoint `K` of `M`. */
export type CallInput<M, K extends keyof M & string> = Part<
  'params',
  [PathParams<K>] extends [never] ? never : Record<PathParams<K>, string | number>
> &
  // a route's query parameters are all optional on the wire
  Optional<'query', Schema<M[K], 'query'>> &
  Part<'body', Schema<M[K], 'body'>>;
/** The body the endpoint `K` of `M` takes (its schema's input). */
export type BodyOf<M, K extends keyof M> = Schema<M[K], 'body'>;
/** What the endpoint answers in `data`. */
export type Answer<M, K extends keyof M> = M[K] extends { response: infer Z extends ZodType } ? output<Z> : never;

export type TypedCall<M> = <K extends keyof M & string>(
  key: K,
  input: CallInput<M, K>,
  init?: Omit<Init, 'method' | 'body'>,
) => Promise<ApiResult<Answer<M, K>>>;
