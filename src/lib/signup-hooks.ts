import { REGISTRATION_BADGE } from '../features/badges/badge-schemas.ts';
import type { User } from '../features/users/user-schemas.ts';
import { rememberEarnedBadge, triggerBadge } from './earned-badge.ts';

/**
 * Runs once after a successful signup, when the new user is already logged in (session saved)
 * and before the browser leaves for home (SPEC section 4, "Signup success"): awards the
 * registration badge, sets the header credits to the new balance and parks the badge for the
 * badge-earned modal of the page the user lands on. It never throws: a failed award never blocks
 * the signup.
 */
export async function afterSignup(session: { user: User; token: string }, timeoutMs = AWARD_TIMEOUT_MS): Promise<void> {
  const award = triggerBadge(REGISTRATION_BADGE, { token: session.token }).then((earned) => {
    if (earned) rememberEarnedBadge(earned);
  });
  // a slow award must not hold the new player on the signup page
  await Promise.race([award, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

const AWARD_TIMEOUT_MS = 5000;
