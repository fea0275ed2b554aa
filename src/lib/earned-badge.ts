import type { Badge, BadgeTrigger, BadgeTriggerInput, BadgeTriggerResult } from '../features/badges/badge-schemas.ts';
import { api, marketplaceApiBase } from './api-client.ts';
import { setCredits } from './credits.ts';
import { announceEarnedBadge, type EarnedBadge } from './earned-badge-queue.ts';

// the queue lives apart, so the modal on every page can watch it without loading the award calls
export * from './earned-badge-queue.ts';

/**
 * Asks the server to award a badge (it checks the rule itself, DESIGN deviation 3). The balance it
 * answers becomes the header's; the badge comes back only when this call earned it. Never throws:
 * a brand without that badge (404), an inactive one (409) or a network failure simply award nothing.
 */
export async function triggerBadge(
  slug: string,
  options: { payload?: BadgeTriggerInput['payload']; token?: string } = {},
): Promise<EarnedBadge | null> {
  try {
    const res = await api<BadgeTriggerResult>(`/marketplace/badges/trigger/${encodeURIComponent(slug)}`, {
      base: marketplaceApiBase,
      body: options.payload ? { payload: options.payload } : {},
      token: options.token,
    });
    if (!res.ok) return null;
    setCredits(res.data.balance);
    if (!res.data.awarded) return null;
    const { name, description, icon } = res.data.badge;
    return { name, description, icon, credits: res.data.credits };
  } catch (e) {
    console.error(`badge ${slug} could not be triggered`, e);
    return null;
  }
}

/**
 * Awards, after an event of the player's (a purchase, a redeemed code), every active badge of the
 * brand whose rule is `trigger`, and announces each one earned. A brand names its badges freely
 * (the slug is the brand's), so they are found by their trigger. Never throws.
 */
export async function awardBadgesFor(trigger: BadgeTrigger, payload?: BadgeTriggerInput['payload']): Promise<EarnedBadge[]> {
  const list = await api<Badge[]>('/marketplace/badges', { base: marketplaceApiBase });
  if (!list.ok) return [];
  const earned: EarnedBadge[] = [];
  for (const badge of list.data.filter((b) => b.active && b.trigger === trigger)) {
    const got = await triggerBadge(badge.slug, { payload });
    if (got) {
      earned.push(got);
      announceEarnedBadge(got);
    }
  }
  return earned;
}
