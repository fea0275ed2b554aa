import type { ErrorCode } from '../features/errors/error-codes.ts';

/** An expected failure: the error handler turns it into the envelope with this status and code. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  constructor(statusCode: number, code: ErrorCode, message: string = code) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'Not found');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You are not allowed to do this');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');
