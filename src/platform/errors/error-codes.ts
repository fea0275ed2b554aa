/**
 * Stable error codes the API returns in `error.code`. The UI never shows server English: it looks
 * the code up under `errors.<code>` in the locale files (a test checks every code has both texts, over
 * the list the composition root gathers: src/app/error-codes.ts). These are the generic ones any
 * route may answer; each feature keeps its own list in its contract.
 */
export const errorCodes = [
  // the request itself: its shape, body and size
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  // a date refused by the admin range every date field shares (src/platform/date-range.ts)
  'DATE_OUT_OF_RANGE',
  // who is asking
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'NOT_FOUND',
  // the server or the network failing, or busy (bounded work)
  'INTERNAL_ERROR',
  'NETWORK_ERROR',
  'SERVICE_UNAVAILABLE',
  // an uploaded image (src/platform/storage): not an image, damaged or carrying other data, too large
  // in bytes or in pixels to decode
  'INVALID_IMAGE',
  'IMAGE_DAMAGED',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
] as const;

/**
 * The codes a service may throw, by who declares them. Each feature adds the entry of the list its contract
 * keeps here by declaration merging, so the platform names no feature.
 */
export interface ErrorCodeLists {
  platform: (typeof errorCodes)[number];
}
export type ErrorCode = ErrorCodeLists[keyof ErrorCodeLists];

export interface ApiErrorBody {
  status: 'ERROR';
  error: { code: ErrorCode | string; message: string; issues?: { path: string; message: string }[] };
}
