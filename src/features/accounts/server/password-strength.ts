import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { passwordVerdict, type PasswordVerdict } from '../rules.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

// Both packages ship CommonJS as `main`: under Node the named exports sit on `default`, under a
// bundler on the namespace itself.
const zx = ('ZxcvbnFactory' in core ? core : (core as unknown as { default: typeof core }).default) as typeof core;
const dictionaries = ('dictionary' in common ? common : (common as unknown as { default: typeof common }).default) as typeof common;

let estimator: InstanceType<typeof zx.ZxcvbnFactory> | undefined;
/** Built on first use (about 75 ms: it indexes the dictionary); all offline, nothing leaves the server. */
function score(password: string): number {
  estimator ??= new zx.ZxcvbnFactory({ dictionary: dictionaries.dictionary, graphs: dictionaries.adjacencyGraphs });
  return estimator.check(password).score;
}

export const checkPassword = (password: string): PasswordVerdict => passwordVerdict(password, score);

/** Signup, reset and change: a short or guessable password is 400 PASSWORD_WEAK. */
export function assertStrongPassword(password: string): void {
  const verdict = checkPassword(password);
  if (verdict !== 'ok') throw new AppError('invalid', 'PASSWORD_WEAK', verdict === 'short' ? 'The password is too short' : 'The password is too easy to guess');
}
