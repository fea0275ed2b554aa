/**
 * The backpack grid (/my-backpack): every badge, earned ones with their date.
 * Pure, for the <backpack-grid> element and its tests.
 */
import type { Badge, UserBadge } from './contract.ts';

export interface BackpackEntry {
  badge: Pick<Badge, '_id' | 'slug' | 'name' | 'description' | 'icon' | 'credits'>;
  /** first time earned; null when not earned */
  earnedAt: string | null;
  /** last time earned (a reusable badge may be earned more than once) */
  lastEarnedAt: string | null;
  count: number;
}

/**
 * The badges in the server's order, each with what the player earned of it. A badge the player
 * earned but that is no longer offered (deactivated, so not listed) is still theirs: it comes last.
 */
export function backpackEntries(
  badges: readonly BackpackEntry['badge'][],
  earned: readonly Pick<UserBadge, 'badge' | 'earnedAt'>[],
): BackpackEntry[] {
  const byBadge = new Map<string, string[]>();
  for (const e of earned) byBadge.set(e.badge._id, [...(byBadge.get(e.badge._id) ?? []), e.earnedAt]);
  const listed = new Set(badges.map((b) => b._id));
  const retired = new Map<string, BackpackEntry['badge']>();
  for (const e of earned) if (!listed.has(e.badge._id)) retired.set(e.badge._id, e.badge);
  return [...badges, ...retired.values()].map((badge) => {
    const dates = [...(byBadge.get(badge._id) ?? [])].sort();
    return { badge, earnedAt: dates[0] ?? null, lastEarnedAt: dates.at(-1) ?? null, count: dates.length };
  });
}

/** An icon address we may put in <img src> (our uploads or https), else the fallback is drawn. */
export const safeIcon = (icon: string) => (/^(\/media\/|https:\/\/)[^\s"'<>]*$/.test(icon) ? icon : '');
