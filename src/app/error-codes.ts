import { errorCodes as platformErrors, type ErrorCode } from '../platform/errors/error-codes.ts';
import { bracketErrors } from '../features/brackets/contract.ts';

/**
 * Every code the API may answer in `error.code`: the platform's list and the lists the features keep in
 * their contracts. The locale check reads this, so a feature's new code without a text fails it.
 */
export const errorCodes: readonly ErrorCode[] = [...platformErrors, ...bracketErrors];
