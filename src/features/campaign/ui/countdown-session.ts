import type { CampaignPhase } from '../contract.ts';

/**
 * The session whose deadline the countdown counts down to: the one whose upload window holds the
 * deadline (its close included, where the deadline usually sits). A deadline outside every window
 * names no session, and the countdown is titled as the campaign's.
 */
export function deadlineSession(phases: Pick<CampaignPhase, 'phase' | 'opensAt' | 'closesAt'>[], deadline: string) {
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return null;
  const holding = phases.find((p) => Date.parse(p.opensAt) <= at && at <= Date.parse(p.closesAt));
  return holding?.phase ?? null;
}
