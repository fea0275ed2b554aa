import { errorCodes as platformErrors, type ErrorCode } from '../platform/errors/error-codes.ts';
import { accountErrors } from '../features/accounts/contract.ts';
import { tournamentErrors } from '../features/tournaments/contract.ts';
import { campaignErrors } from '../features/campaign/contract.ts';
import { resultErrors } from '../features/results/contract.ts';
import { bracketErrors } from '../features/brackets/contract.ts';
import { rewardErrors } from '../features/rewards/contract.ts';
import { newsErrors } from '../features/news/contract.ts';
import { playerErrors } from '../features/players/contract.ts';
import { privacyErrors } from '../features/privacy/contract.ts';

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
  ...playerErrors,
  ...privacyErrors,
];

/**
 * The codes the features' schemas raise as a refinement's message (a birth date too early, a tournament id
 * that is not one, a price range upside down, a schedule out of order,
 * a tournament list filter that is none of its values): a 400 then answers that code.
 */
export const schemaErrorCodes: readonly ErrorCode[] = [
  'BIRTH_DATE_TOO_EARLY',
  'INVALID_TOURNAMENT_ID',
  'PRICE_RANGE_INVERTED',
  'INVALID_SCHEDULE',
  'UNKNOWN_TOURNAMENT_FILTER',
];
