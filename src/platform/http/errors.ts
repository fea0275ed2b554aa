import type { ErrorCode } from '../errors/error-codes.ts';

/** An expected failure: the error handler turns it into the envelope with this status and code. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** seconds, sent as Retry-After: when trying again later can succeed (429, 503) */
  readonly retryAfter?: number;
  /** the fields at fault, in the same shape as a schema's validation issues */
  readonly issues?: { path: string; message: string }[];
  constructor(statusCode: number, code: ErrorCode, message: string = code, retryAfter?: number, issues?: { path: string; message: string }[]) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfter = retryAfter;
    this.issues = issues;
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'Not found');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not allowed to do this');
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', 'Too many requests, try again later', Math.max(1, Math.ceil(retryAfterSeconds)));
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');
/** Too busy to take this request now: the client may retry after `retryAfter` seconds. */
export const serviceUnavailable = (retryAfter: number) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The service is busy right now. Please try again in a few seconds.', retryAfter);
