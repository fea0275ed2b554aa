import type { User } from '../features/users/user-schemas.ts';

/**
 * Runs once after a successful signup, when the new user is already logged in (session saved)
 * and before the browser leaves for home.
 *
 * HOOK POINT for the registration badge (SPEC section 4, "Signup success"): the badges issue
 * fills this in with POST /marketplace/badges/trigger/user_registered and whatever the home page
 * needs to show the badge-earned modal. Until then it deliberately does nothing. It must not
 * throw: a failed award never blocks the signup.
 */
export async function afterSignup(_session: { user: User; token: string }): Promise<void> {}
