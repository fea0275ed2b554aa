import { showEarnedBadges, type EarnedBadge } from './earned-badge-queue.ts';

// the queue lives apart, so the modal on every page can watch it without loading the credits store
export * from './earned-badge-queue.ts';

/**
 * After a call of the player's on this page (join, check-in, faction, profile, purchase, code):
 * shows the badge-earned modal for each badge its answer says it earned (the server awards them on
 * the event itself). The header's balance listens to the same event and re-reads itself.
 */
export function celebrateEarnedBadges(badges: EarnedBadge[] | undefined): void {
  showEarnedBadges(badges);
}
