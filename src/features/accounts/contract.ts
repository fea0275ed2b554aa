import { z } from 'zod';
import { consoles, games } from '../games/contract.ts';
import { normalizeUsername, PASSWORD_MAX_LENGTH } from './rules.ts';
import { genders, languages } from './user-options.ts';

export { genders, languages, type Language } from './user-options.ts';

// PostgreSQL text cannot hold U+0000 (the insert fails), so it is refused here, the same on both engines
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'nul');
const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
// The strength rule (length and estimator, account-rules.ts) runs in the service, which answers
// PASSWORD_WEAK; the forms add the length to their own schema (account-form-schemas.ts).
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
/** NFKC first, so full-width and other compatibility letters are stored as the plain ones. */
const username = z
  .string()
  .trim()
  .transform(normalizeUsername)
  .pipe(
    text(32)
      .min(3)
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'username'),
  );
/** The earliest birth date accepted: an earlier one is a typo (0202, 1800), not a player. */
export const BIRTH_DATE_MIN = '1900-01-01';
/**
 * yyyy-MM-dd, a real calendar day, not in the future ('future', a field message of the forms) and
 * not before BIRTH_DATE_MIN (the stable code BIRTH_DATE_TOO_EARLY, src/platform/http/plugins/error-handler.ts).
 */
export const birthDateSchema = z.iso
  .date()
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'future')
  // only a well-formed date is compared: a malformed one stays a plain format error
  .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || d >= BIRTH_DATE_MIN, 'BIRTH_DATE_TOO_EARLY');

export const gameAccountSchema = z.object({
  username: text(64).min(1),
  id: text(64).default(''),
  game: z.enum(games),
  console: z.enum(consoles),
});
export type GameAccount = z.infer<typeof gameAccountSchema>;
/** The most game accounts a profile keeps (settings and the join dialog both add to them). */
export const GAME_ACCOUNTS_MAX = 20;

export const signupInputSchema = z.object({
  username,
  email,
  password,
  birth_date: birthDateSchema.optional(),
  nickname: text(32).min(1),
  gender: z.enum(genders),
  /** The account's language; absent, the request's (Accept-Language, as the site's pages send their own). */
  language: z.enum(languages).optional(),
  country: text(64).default('Italy'),
  brand: text(64).optional(),
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const loginInputSchema = z.object({ email, password: z.string().min(1).max(128) });
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Fields a user may change on their own account; anything else in the body (roles, id) is dropped. */
export const userUpdateSchema = z
  .object({
    username,
    email,
    displayName: text(64),
    nickname: text(32).min(1),
    gender: z.enum(genders),
    birth_date: birthDateSchema.nullable(),
    discordId: text(64),
    epicId: text(64),
    language: z.enum(languages),
    first_name: text(64),
    last_name: text(64),
    street_name: text(128),
    additional_address_info: text(128),
    zip_code: text(16),
    city: text(64),
    country: text(64),
    phone_number: text(32),
    gameAccounts: z.array(gameAccountSchema).max(GAME_ACCOUNTS_MAX),
    /** false hides the player's public page from everyone else */
    publicProfile: z.boolean(),
    /** Required (and checked) when the owner changes their own e-mail. */
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const passwordChangeSchema = z.object({ currentPassword: z.string().max(PASSWORD_MAX_LENGTH), password });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export const emailChangeSchema = z.object({ currentPassword: z.string().max(PASSWORD_MAX_LENGTH), email });
export type EmailChange = z.infer<typeof emailChangeSchema>;
export const emailConfirmSchema = z.object({ token: z.string().min(10).max(200) });

export const resetRequestSchema = z.object({ email, language: z.enum(languages).optional() });
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password });
/** Whether a mailed reset link still works (unused, unexpired), asked by the page before showing its form. */
export const resetStatusQuerySchema = resetPasswordSchema.pick({ token: true });

/** The user as the API returns it to its owner or an admin (field names as the original client reads them). */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  nickname: z.string(),
  gender: z.string(),
  birth_date: z.string().nullable(),
  discordId: z.string(),
  epicId: z.string(),
  language: z.enum(languages),
  roles: z.array(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  street_name: z.string(),
  additional_address_info: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  phone_number: z.string(),
  gameAccounts: z.array(gameAccountSchema),
  /** whether the player's public page shows them */
  publicProfile: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

// the browser's session store (a platform module) keeps the whole signed-in user
declare module '../../platform/browser/session.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are User's, merged in
  interface SessionUser extends User {}
}

/**
 * What happens to an account that features above may act on (rewards pays badges for them). Each is
 * announced inside the transaction of the change it reports; the listeners' badges come back with it.
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A player signed up. */
    'accounts.registered': { ownerId: string; userId: string };
    /** A profile was saved holding everything a complete profile needs. */
    'accounts.profile_completed': { ownerId: string; userId: string };
    /** A player logged in: what they did before a rule existed, or could be seen, is judged again now. */
    'accounts.signed_in': { ownerId: string; userId: string };
  }
}

/** What anyone may see of another player. */
export const publicUserSchema = userSchema.pick({ id: true, username: true, nickname: true, displayName: true });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The answers (`data`) of the account routes, shared by the routes and their typed calls (endpoints.ts). */
export const sessionSchema = z.object({ user: userSchema, token: z.string() });
export type Session = z.infer<typeof sessionSchema>;
export const signupResultSchema = z.object({ message: z.string(), user: userSchema });
export const profileSavedSchema = z.object({ data: userSchema, pendingEmail: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });
export const sessionsRevokedSchema = z.object({ message: z.string(), revokedSessions: z.number() });
export const emailPendingSchema = z.object({ message: z.string(), pendingEmail: z.string() });
export const emailConfirmedSchema = z.object({ message: z.string(), email: z.string() });
/** Only whether the link works: nothing about its account. */
export const resetStatusSchema = z.object({ valid: z.boolean() });

/**
 * Error codes of accounts: sign-up, sign-in, password and e-mail changes, roles and blocked accounts
 * (each has a text in errors.<CODE>).
 */
export const accountErrors = [
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'USERNAME_MIXED_SCRIPT',
  'PASSWORD_WEAK',
  'BIRTH_DATE_TOO_EARLY',
  'RESET_TOKEN_INVALID',
  'CURRENT_PASSWORD_WRONG',
  'EMAIL_CHANGE_TOKEN_INVALID',
  'USER_NOT_FOUND',
  'ACCOUNT_BLOCKED',
  'SITE_ADMIN_PROTECTED',
  'LAST_SITE_ADMIN',
  'ADMIN_PROTECTED',
  'ROLE_GRANT_FORBIDDEN',
  'UNKNOWN_ROLE',
  'CANNOT_BLOCK_SELF',
  'STAFF_ACCOUNT',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    accounts: (typeof accountErrors)[number];
  }
}
