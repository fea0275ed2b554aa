import type { ErrorCode } from '../features/errors/error-codes.ts';

/** An expected failure: the error handler turns it into the envelope with this status and code. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Seconds, sent as Retry-After (429 and 503 answers). */
  readonly retryAfter?: number;
  constructor(statusCode: number, code: ErrorCode, message: string = code, retryAfter?: number) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'Not found');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not allowed to do this');
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', 'Too many requests, try again later', Math.max(1, Math.ceil(retryAfterSeconds)));
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The service is busy right now, try again in a few seconds', Math.max(1, Math.ceil(retryAfterSeconds)));
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');
