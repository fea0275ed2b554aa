import type { ErrorCode } from './error-codes.ts';

/**
 * What kind of refusal an error is. Services and repositories say what went wrong in these words
 * and a stable code; the HTTP layer alone turns a kind into a status (src/platform/http/errors.ts).
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupported'
  | 'rateLimited'
  | 'unavailable';

/** An expected failure: the error handler turns it into the envelope with its kind's status and the code. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  /** seconds: when trying again later can succeed (rate limits, a busy service) */
  readonly retryAfter?: number;
  /** the fields at fault, in the same shape as a schema's validation issues */
  readonly issues?: { path: string; message: string }[];
  constructor(
    kind: ErrorKind,
    code: ErrorCode,
    message: string = code,
    retryAfter?: number,
    issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.retryAfter = retryAfter;
    this.issues = issues;
  }
}

export const notFound = () => new AppError('notFound', 'NOT_FOUND', 'Not found');
export const forbidden = () => new AppError('forbidden', 'FORBIDDEN', 'You are not allowed to do this');
/**
 * A refusal the client may try again after some seconds: Retry-After carries whole seconds, and at least
 * one, so a wait that is nearly over still asks for a pause rather than an immediate retry.
 */
const retryLater = (kind: ErrorKind, code: ErrorCode, message: string) => (seconds: number) =>
  new AppError(kind, code, message, Math.max(1, Math.ceil(seconds)));

export const rateLimited = retryLater('rateLimited', 'RATE_LIMITED', 'Too many requests, try again later');
export const unauthorized = () => new AppError('unauthenticated', 'UNAUTHORIZED', 'Authentication required');
/** Too busy to take this request now: the client may retry after that many seconds. */
export const serviceUnavailable = retryLater(
  'unavailable',
  'SERVICE_UNAVAILABLE',
  'The service is busy right now. Please try again in a few seconds.',
);
