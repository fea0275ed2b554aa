import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { passwordVerdict, type PasswordVerdict } from '../rules.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

// Both packages ship CommonJS as `main`: under Node the named exports sit on `default`, under a
// bundler on the namespace itself.
const zx = ('ZxcvbnFactory' in core ? core : (core as unknown as { default: typeof core }).default) as typeof core;
const dictionaries = (
  'dictionary' in common ? common : (common as unknown as { default: typeof common }).default
) as typeof common;

let estimator: InstanceType<typeof zx.ZxcvbnFactory> | undefined;
/** Built on first use (about 75 ms: it indexes the dictionary); all offline, nothing leaves the server. */
function score(password: string, userInputs: string[]): number {
  estimator ??= new zx.ZxcvbnFactory({ dictionary: dictionaries.dictionary, graphs: dictionaries.adjacencyGraphs });
  return estimator.check(password, userInputs).score;
}

/** What an account is known by, which its password must not be built from. */
export interface PasswordOwner {
  username?: string;
  email?: string;
  nickname?: string;
  displayName?: string;
}

/**
 * The owner's names as zxcvbn user inputs: a password made of them (`giulia2000` for the user
 * giulia) is guessed in a few tries by whoever sees the profile. The e-mail counts whole and by
 * its local part, which is how people reuse it.
 */
export function userInputsOf(owner: PasswordOwner): string[] {
  const local = owner.email?.split('@')[0];
  const names = [owner.username, owner.email, local, owner.nickname, owner.displayName];
  const whole = names.map((v) => v?.trim().toLowerCase() ?? '');
  // `giulia.rossi` is also `giulia` and `rossi`, each enough to start a guess
  const parts = whole.flatMap((v) => v.split(/[^\p{L}]+/u));
  return [...new Set([...whole, ...parts].filter((v) => [...v].length >= 3))];
}

export const checkPassword = (password: string, owner: PasswordOwner = {}): PasswordVerdict => {
  const inputs = userInputsOf(owner);
  return passwordVerdict(password, (p) => score(p, inputs));
};

/**
 * Signup, reset and change: a short or guessable password, or one built from the owner's names,
 * is 400 PASSWORD_WEAK.
 */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  const verdict = checkPassword(password, owner);
  if (verdict !== 'ok')
    throw new AppError(
      'invalid',
      'PASSWORD_WEAK',
      verdict === 'short' ? 'The password is too short' : 'The password is too easy to guess',
    );
}
