import type { ErrorKind } from '../errors/app-error.ts';

// the HTTP layer's view of the errors: the same class and helpers, plus the status of each kind
export * from '../errors/app-error.ts';

const statuses: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupported: 415,
  rateLimited: 429,
  unavailable: 503,
};

/** The HTTP status of an error's kind. */
export const statusOf = (kind: ErrorKind): number => statuses[kind];
