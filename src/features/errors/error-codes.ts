/**
 * Stable error codes the API returns in `error.code`. The UI never shows server English: it looks
 * the code up under `errors.<code>` in the locale files (a test checks every code has both texts).
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
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ApiErrorBody {
  status: 'ERROR';
  error: { code: ErrorCode | string; message: string; issues?: { path: string; message: string }[] };
}
