import { z } from 'zod';
import { earnedBadgeSchema, type EarnedBadgeInfo } from '../schemas.ts';

/** `{status:"SUCCESS", data}`: the shape of every success response of the API. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('SUCCESS'), data });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('SUCCESS'), data: z.array(item), total: z.number().int() });

export const ok = <T>(data: T) => ({ status: 'SUCCESS' as const, data });

/** The envelope of a call that may earn badges: `earnedBadges` beside `data` (absent when none). */
export const envelopeWithBadges = <T extends z.ZodType>(data: T) =>
  envelope(data).extend({ earnedBadges: z.array(earnedBadgeSchema).optional() });
export const okWithBadges = <T>(data: T, earned: EarnedBadgeInfo[]) => ({
  ...ok(data),
  ...(earned.length ? { earnedBadges: earned } : {}),
});
export const okList = <T>(data: T[], total: number) => ({ status: 'SUCCESS' as const, data, total });
/** The list envelope of one page a service read: its rows as `data`, and the `total` of the whole list. */
export const okPage = <T>(page: { rows: T[]; total: number }) => okList(page.rows, page.total);

export const errorResponseSchema = z.object({
  status: z.literal('ERROR'),
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
/** The error statuses a route may answer, for its OpenAPI entry. */
export const errorResponses = (...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 503)[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorResponseSchema]));
