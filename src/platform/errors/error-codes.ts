/**
 * Stable error codes the API returns in `error.code`. The UI never shows server English: it looks
 * the code up under `errors.<code>` in the locale files (a test checks every code has both texts, over
 * the list the composition root gathers: src/app/error-codes.ts).
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'RESET_TOKEN_INVALID',
  'INTERNAL_ERROR',
  'NETWORK_ERROR',
  // rewards: wallet, badges, giveaways, marketplace, media
  'NOT_ENOUGH_CREDITS',
  'WALLET_NOT_FOUND',
  'BADGE_NOT_FOUND',
  'BADGE_INACTIVE',
  'BADGE_NOT_EARNED',
  'GIVEAWAY_NOT_FOUND',
  'GIVEAWAY_USED_UP',
  'GIVEAWAY_EXPIRED',
  'GIVEAWAY_ALREADY_REDEEMED',
  'GIVEAWAY_CODE_TAKEN',
  'PRODUCT_NOT_FOUND',
  'OUT_OF_STOCK',
  'ALREADY_PURCHASED',
  'PURCHASE_NOT_FOUND',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  // an upload refused for what it is: damaged or carrying other data, or too many pixels to decode
  'IMAGE_DAMAGED',
  'IMAGE_TOO_MANY_PIXELS',
  'IDEMPOTENCY_CONFLICT',
  // tournaments and competitions
  'TOURNAMENT_NOT_FOUND',
  'COMPETITION_NOT_FOUND',
  'USER_NOT_FOUND',
  'REGISTRATION_CLOSED',
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'GAME_MISMATCH',
  'CONSOLE_NOT_ALLOWED',
  'USER_MISMATCH',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'CHECKIN_CLOSED',
  'NOT_A_MEMBER',
  'NOT_IN_COMPETITION',
  'MAX_BELOW_MEMBERS',
  'UNKNOWN_PLAYER',
  'DUPLICATE_PLAYER',
  'INVALID_SCHEDULE',
  'TOURNAMENT_NOT_SCHEDULED',
  // admin dashboard
  'NEWS_NOT_FOUND',
  'BADGE_SLUG_TAKEN',
  // winter campaign
  'CAMPAIGN_NOT_FOUND',
  'SUBMISSION_NOT_FOUND',
  'SUBMISSION_WINDOW_CLOSED',
  'PHASE_FROZEN',
  'INVALID_CAMPAIGN_SCHEDULE',
  // account security
  'CURRENT_PASSWORD_WRONG',
  'PASSWORD_WEAK',
  'USERNAME_MIXED_SCRIPT',
  'EMAIL_CHANGE_TOKEN_INVALID',
  'SITE_ADMIN_PROTECTED',
  // launch hardening: bounded work
  'SERVICE_UNAVAILABLE',
  // dependency faults and limits
  'BALANCE_LIMIT',
  'DATE_OUT_OF_RANGE',
  // join rules and birth dates
  'CHAMPIONSHIP_AGE',
  'BIRTH_DATE_TOO_EARLY',
  // promises the pages make
  'INVALID_TOURNAMENT_ID',
  'PRICE_RANGE_INVERTED',
  // calls kept for the original client, made safe (docs/product-rules.md)
  'PRICE_CHANGED',
  'SHIPPING_ADDRESS_MISSING',
  // the match-day roster
  'DISQUALIFIED',
  'ALREADY_DISQUALIFIED',
  'TOURNAMENT_FULL',
  'NOT_ON_WAITLIST',
  'TOURNAMENT_ENDED',
  // people: roles and blocked accounts
  'ACCOUNT_BLOCKED',
  'LAST_SITE_ADMIN',
  'ADMIN_PROTECTED',
  'ROLE_GRANT_FORBIDDEN',
  'UNKNOWN_ROLE',
  'CANNOT_BLOCK_SELF',
  'WALLET_SELF_ADJUST',
  // match day: results, teams and standings
  'NOT_BATTLE_ROYALE',
  'TOURNAMENT_FINALIZED',
  'PLACEMENT_TAKEN',
  'PLACEMENT_OVER_LOBBY',
  'ENTRANT_REPEATED',
  'ENTRANT_NOT_CHECKED_IN',
  'MATCH_NOT_FOUND',
  'PLAYER_IN_TWO_TEAMS',
  'TEAM_TOO_LARGE',
  'TEAM_NAME_TAKEN',
  'TEAMS_LOCKED',
  'NOT_A_TEAM_TOURNAMENT',
  'UNKNOWN_ENTRANT',
  'CSV_ROW_INVALID',
  // match day: a player's match report
  'TOURNAMENT_NOT_LIVE',
  'NOT_CHECKED_IN',
  'REPORT_NO_TEAM',
  'REPORT_EXISTS',
  'REPORT_NOT_FOUND',
  'REPORT_ALREADY_REVIEWED',
  'REPORT_CONFLICT',
  // finalising a tournament and its prizes
  'NO_STANDINGS',
] as const;

/**
 * The codes a service may throw, by who declares them. A feature that keeps its list in its contract adds
 * its entry here by declaration merging (as brackets does), so the platform names no feature.
 */
export interface ErrorCodeLists {
  platform: (typeof errorCodes)[number];
}
export type ErrorCode = ErrorCodeLists[keyof ErrorCodeLists];

export interface ApiErrorBody {
  status: 'ERROR';
  error: { code: ErrorCode | string; message: string; issues?: { path: string; message: string }[] };
}
