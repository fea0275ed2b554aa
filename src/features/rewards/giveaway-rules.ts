/**
 * When a giveaway's expiry may be saved, pure so the dashboard form and the server agree
 * (src/features/rewards/ui/admin/GiveawayEditor.tsx, server/giveaway-service.ts).
 */
// types only: the rule needs no schema library
import type { GiveawayType } from './contract.ts';

/** The one reason an expiry is refused; its text is errors.validation.dateInPast. */
export type ExpiryIssue = 'dateInPast';

const MINUTE = 60_000;
/** The dashboard's datetime input holds minutes: an expiry it sends back untouched is the stored one to the minute. */
const sameMinute = (a: number, b: number) => Math.floor(a / MINUTE) === Math.floor(b / MINUTE);

/**
 * Why a timed code's expiry cannot be saved, or null. A code must not be born expired: a new
 * expiry, or a changed one, must be later than `now`. An edit that keeps the stored expiry (`stored`,
 * the code's current one; undefined or null on create) saves even when that date has passed, so
 * an admin can still correct the credits or the description of an expired code. Codes of other
 * types have no expiry; an unreadable date is left to the schema's format check.
 */
export function expiryIssue(
  giveaway: { type: GiveawayType; expiresAt?: string | null },
  now: number,
  stored?: string | null,
): ExpiryIssue | null {
  if (giveaway.type !== 'timed' || !giveaway.expiresAt) return null;
  const at = Date.parse(giveaway.expiresAt);
  if (Number.isNaN(at)) return null;
  const before = stored ? Date.parse(stored) : NaN;
  if (!Number.isNaN(before) && sameMinute(at, before)) return null;
  return at > now ? null : 'dateInPast';
}
