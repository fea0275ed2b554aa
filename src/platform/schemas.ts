import { z } from 'zod';
import { ID_PATTERN } from './ids.ts';
import { translationsSchema } from './i18n/content-translations.ts';

/**
 * Pieces shared by the rewards schemas (wallet, badges, products, giveaways, purchases).
 * Safe on client and server.
 */

// PostgreSQL text cannot hold U+0000 (the query fails), so it is refused here, the same on both engines
const noNul = (s: string) => !s.includes('\u0000');
export const text = (max: number) => z.string().trim().max(max).refine(noNul, 'nul');

/** A record id (ids.ts): the one id schema of every contract. */
export const idSchema = z.string().min(1).max(64).regex(ID_PATTERN, 'id');

/** The answer of an admin's DELETE of a record (http/admin-writes.ts): its id under `key`, and `deleted: true`. */
export const deletedSchema = <K extends 'id' | '_id'>(key: K) =>
  z.object({ [key]: z.string(), deleted: z.literal(true) } as Record<K, z.ZodString> & {
    deleted: z.ZodLiteral<true>;
  });

type WithQuery<Q> = [Q] extends [never] ? unknown : { query: Q };

/**
 * The endpoint-map entries of a record's admin writes (http/admin-writes.ts serves them): POST creates
 * at `path`, PUT edits and DELETE removes at `path/:id` (answering the id under `deletedKey`), each
 * with the record's `query` when it takes one.
 */
export function adminWriteEndpoints<
  P extends string,
  R extends z.ZodType,
  I extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType = never,
  K extends 'id' | '_id' = 'id',
>(path: P, record: { item: R; input: I; update: U; query?: Q; deletedKey?: K }) {
  const query = record.query ? { query: record.query } : {};
  return {
    [`POST ${path}`]: { ...query, body: record.input, response: record.item },
    [`PUT ${path}/:id`]: { ...query, body: record.update, response: record.item },
    [`DELETE ${path}/:id`]: { ...query, response: deletedSchema(record.deletedKey ?? ('id' as K)) },
  } as Record<`POST ${P}`, WithQuery<Q> & { body: I; response: R }> &
    Record<`PUT ${P}/:id`, WithQuery<Q> & { body: U; response: R }> &
    Record<`DELETE ${P}/:id`, WithQuery<Q> & { response: ReturnType<typeof deletedSchema<K>> }>;
}

/** An image address: our own uploads (/media/…) or an https URL. */
export const imageUrl = z
  .string()
  .max(500)
  .regex(/^(\/media\/|https:\/\/)[^\s"'<>]*$/, 'image');

/**
 * `owner` (or `brand`) that the original client sends on its calls. Optional: the deployment has one owner (OWNER_ID);
 * a different value answers 404 rather than data of another brand.
 */
export const ownerQuery = text(64).optional();

// query strings arrive as text; coerce, then bound
export const limitQuery = (fallback: number, max = 100) => z.coerce.number().int().min(1).max(max).default(fallback);
export const offsetQuery = z.coerce.number().int().min(0).max(1_000_000).default(0);
export const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);
export const searchQuery = text(100).optional();

/**
 * A badge the call just earned for the player, for the badge-earned modal. The server awards on
 * the event itself (signup, login, profile, join, check-in, faction, purchase, code): the answer of
 * each such call carries the ones it earned as `earnedBadges`, beside `data`.
 */
export const earnedBadgeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** credits the badge paid */
  credits: z.number().int(),
  /** name and description per language: the answer's flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string() }),
});
export type EarnedBadgeInfo = z.infer<typeof earnedBadgeSchema>;

/** Another sent picture of the same decoded pixels (db/picture-hashes.ts), by anyone, in a moderation queue. */
export const pictureDuplicateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** the sender's account username (a moderator compares accounts, not what each typed) */
  username: z.string(),
  createdAt: z.string(),
});

/** `?sort=` of a sortable list: one of `values` (see list-sort.ts), `newest` when left out. */
export const sortQuery = <V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values).default('newest' as V[number]);

/** The query of a brand's list paged by offset: `fallback` rows a page unless `limit` asks for more, up to `max`. */
export const ownerPageQuery = (fallback: number, max?: number) =>
  z.object({ owner: ownerQuery, limit: limitQuery(fallback, max), offset: offsetQuery });

/**
 * The query of a dashboard list paged by offset (wallets, giveaways, purchases): the brand, ten
 * rows a page by default, a free-text search (what it matches is the list's own) and the sort.
 */
export const adminListQuery = <V extends readonly [string, ...string[]]>(sorts: V) =>
  ownerPageQuery(10).extend({ search: searchQuery, sort: sortQuery(sorts) });
