import { errorCodes as platformErrors, type ErrorCode } from '../platform/errors/error-codes.ts';
import { accountErrors } from '../features/accounts/contract.ts';
import { tournamentErrors } from '../features/tournaments/contract.ts';
import { campaignErrors } from '../features/campaign/contract.ts';
import { resultErrors } from '../features/results/contract.ts';
import { bracketErrors } from '../features/brackets/contract.ts';
import { rewardErrors } from '../features/rewards/contract.ts';
import { newsErrors } from '../features/news/contract.ts';

/**
 * Every code the API may answer in `error.code`: the platform's list and the lists the features keep in
 * their contracts. The locale check reads this, so a feature's new code without a text fails it.
 */
export const errorCodes: readonly ErrorCode[] = [
  ...platformErrors,
  ...accountErrors,
  ...tournamentErrors,
  ...campaignErrors,
  ...resultErrors,
  ...bracketErrors,
  ...rewardErrors,
  ...newsErrors,
];
