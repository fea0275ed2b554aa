import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../schemas.ts';
import { envelope, errorResponses, ok } from './envelope.ts';
import { actorOf } from './plugins/auth.ts';

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

export interface AdminWritesSpec<I extends z.ZodType, U extends z.ZodType, Q extends z.ZodType> {
  /** the collection: POST creates there, PUT `:id` edits, DELETE `:id` removes */
  path: string;
  tags: string[];
  /** the record as answered, inside the envelope */
  item: z.ZodType;
  input: I;
  update: U;
  /** the query every call takes (the owner scope of the rewards calls), if any */
  query?: Q;
  /** the `:id` parameter's schema, when a domain gives a malformed id its own code */
  id?: z.ZodType<string>;
  /** the key that names the removed record in the answer (products say `_id`, as the original client reads it) */
  deletedKey?: '_id' | 'id';
  create: Call<{ actor: Actor; body: z.infer<I>; query: z.infer<Q> }>;
  edit: Call<{ actor: Actor; id: string; body: z.infer<U>; query: z.infer<Q> }>;
  remove?: Call<{ actor: Actor; id: string; query: z.infer<Q> }>;
}

const security = [{ bearer: [] }];

/**
 * The admin writes of a record (create, edit, delete), the same way in every domain: the admin
 * check before the body is read, the contract's schemas, 201 with the new record, 200 with the
 * edited one, and `{id, deleted: true}` for a removal. The service does the work and its audit row.
 */
export function adminWrites<I extends z.ZodType, U extends z.ZodType, Q extends z.ZodType = z.ZodObject>(
  root: FastifyInstance,
  spec: AdminWritesSpec<I, U, Q>,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { path, tags, item, query, deletedKey = 'id' } = spec;
  const params = z.object({ id: spec.id ?? idSchema });
  const querystring = query ?? z.object({});
  const answer = envelope(item);
  // the query as the route parsed it (an empty object where the record takes none)
  const q = (req: { query: unknown }) => req.query as z.infer<Q>;

  app.post(path, {
    schema: {
      tags,
      summary: spec.create.summary,
      security,
      querystring,
      body: spec.input,
      response: { 201: answer, ...errorResponses(400, 401, 403, ...(spec.create.also ?? [])) },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(ok(await spec.create.run({ actor: actorOf(req), body: req.body as z.infer<I>, query: q(req) }))),
  });
  app.put(`${path}/:id`, {
    schema: {
      tags,
      summary: spec.edit.summary,
      security,
      params,
      querystring,
      body: spec.update,
      response: { 200: answer, ...errorResponses(400, 401, 403, 404, ...(spec.edit.also ?? [])) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) =>
      ok(await spec.edit.run({ actor: actorOf(req), id: req.params.id, body: req.body as z.infer<U>, query: q(req) })),
  });
  const remove = spec.remove;
  if (!remove) return;
  app.delete(`${path}/:id`, {
    schema: {
      tags,
      summary: remove.summary,
      security,
      params,
      querystring,
      response: {
        200: envelope(z.object({ [deletedKey]: z.string(), deleted: z.literal(true) })),
        ...errorResponses(400, 401, 403, 404, ...(remove.also ?? [])),
      },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      await remove.run({ actor: actorOf(req), id: req.params.id, query: q(req) });
      return ok({ [deletedKey]: req.params.id, deleted: true as const });
    },
  });
}
