import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../schemas.ts';
import { envelope, errorResponses, ok } from './envelope.ts';
import { actorOf } from './plugins/auth.ts';
import type { Endpoint, EndpointMap } from '../browser/typed-api.ts';

type Status = Parameters<typeof errorResponses>[number];
type Actor = ReturnType<typeof actorOf>;

/** What the OpenAPI entry of one admin call on a record says: its summary and the statuses beyond the usual. */
export interface CallText {
  summary: string;
  /** statuses beyond 400, 401 and 403 (and 404 for a call on an id) */
  also?: Status[];
}
/** One admin call on a record: its entry and the work. */
interface Call<A> extends CallText {
  run: (args: A) => Promise<unknown>;
}

/** What the endpoint `K` of the map `M` parses of the request's `part`: its schema's output, or an empty object. */
export type Parsed<M, K extends string, Part extends 'query' | 'body'> = K extends keyof M
  ? M[K] extends { [N in Part]: infer Z extends z.ZodType }
    ? z.output<Z>
    : Record<string, never>
  : never;

export interface AdminWritesSpec<M, P extends string> {
  /** the collection in the feature's endpoint map: POST creates there, PUT `:id` edits, DELETE `:id` removes */
  path: P;
  tags: string[];
  /** the `:id` parameter's schema, when a domain gives a malformed id its own code */
  id?: z.ZodType<string>;
  create: Call<{ actor: Actor; body: Parsed<M, `POST ${P}`, 'body'>; query: Parsed<M, `POST ${P}`, 'query'> }>;
  edit: Call<{
    actor: Actor;
    id: string;
    body: Parsed<M, `PUT ${P}/:id`, 'body'>;
    query: Parsed<M, `PUT ${P}/:id`, 'query'>;
  }>;
  remove?: Call<{ actor: Actor; id: string; query: Parsed<M, `DELETE ${P}/:id`, 'query'> }>;
}

const security = [{ bearer: [] }];

/**
 * The admin writes of a record (create, edit, delete), the same way in every domain: the admin
 * check before the body is read, the schemas of the feature's endpoint map, 201 with the new record,
 * 200 with the edited one, and `{id, deleted: true}` for a removal (under the key the map's answer
 * names). The service does the work and its audit row.
 */
export function adminWrites<M extends EndpointMap, P extends string>(
  root: FastifyInstance,
  map: M,
  spec: AdminWritesSpec<M, P>,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { path, tags } = spec;
  const endpoint = (key: string) => map[key as keyof M] as Endpoint;
  const created = endpoint(`POST ${path}`);
  const edited = endpoint(`PUT ${path}/:id`);
  const params = z.object({ id: spec.id ?? idSchema });
  const querystring = (e: Endpoint) => e.query ?? z.object({});
  // the request as the route parsed it (an empty query where the record takes none)
  const parsed = (req: { query: unknown; body?: unknown }) => req as { query: never; body: never };

  app.post(path, {
    schema: {
      tags,
      summary: spec.create.summary,
      security,
      querystring: querystring(created),
      body: created.body,
      response: { 201: envelope(created.response), ...errorResponses(400, 401, 403, ...(spec.create.also ?? [])) },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) => {
      const { body, query } = parsed(req);
      return reply.code(201).send(ok(await spec.create.run({ actor: actorOf(req), body, query })));
    },
  });
  app.put(`${path}/:id`, {
    schema: {
      tags,
      summary: spec.edit.summary,
      security,
      params,
      querystring: querystring(edited),
      body: edited.body,
      response: { 200: envelope(edited.response), ...errorResponses(400, 401, 403, 404, ...(spec.edit.also ?? [])) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      const { body, query } = parsed(req);
      return ok(await spec.edit.run({ actor: actorOf(req), id: req.params.id, body, query }));
    },
  });
  const remove = spec.remove;
  if (!remove) return;
  const removed = endpoint(`DELETE ${path}/:id`);
  const deletedKey = Object.keys((removed.response as z.ZodObject).shape).find((key) => key !== 'deleted') ?? 'id';
  app.delete(`${path}/:id`, {
    schema: {
      tags,
      summary: remove.summary,
      security,
      params,
      querystring: querystring(removed),
      response: { 200: envelope(removed.response), ...errorResponses(400, 401, 403, 404, ...(remove.also ?? [])) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      await remove.run({ actor: actorOf(req), id: req.params.id, query: parsed(req).query });
      return ok({ [deletedKey]: req.params.id, deleted: true as const });
    },
  });
}
