import { describe, expect, test } from 'vitest';
import {
  checkInAccount,
  eligibleAccounts,
  fortniteAccount,
  fortnitePlatform,
  registrationBody,
  savedEpicId,
  teamRegistrationBody,
  withAccount,
} from '../../../src/features/tournaments/join.ts';
import { rankPlayers, visiblePlayers } from '../../../src/features/tournaments/leaderboard.ts';
import type { GameAccount } from '../../../src/features/accounts/contract.ts';

const acc = (game: string, console: string, username = 'me'): GameAccount =>
  ({ username, id: `${username}-id`, game, console }) as GameAccount;

describe('join payloads', () => {
  const fortnite = { game: 'Fortnite', console: ['PC', 'PS5'] };

  // allowed: on a platform the tournament allows; without such an account, the tournament's first console is sent
  test('a Fortnite join sends the platform of the first saved account allowed, else the first console', () => {
    expect(fortnitePlatform({ id: 'u', gameAccounts: [acc('Valorant', 'PS5')] }, fortnite)).toBe('PS5');
    expect(
      fortnitePlatform({ id: 'u', gameAccounts: [acc('EAFC25', 'SWITCH'), acc('Valorant', 'PC')] }, fortnite),
    ).toBe('PC');
    expect(fortnitePlatform({ id: 'u', gameAccounts: [] }, fortnite)).toBe('PC');
  });

  test('the Fortnite account is the trimmed Epic ID', () => {
    expect(fortniteAccount({ id: 'u' }, fortnite, '  Epic42 ')).toEqual({
      username: 'Epic42',
      id: 'Epic42',
      game: 'Fortnite',
      console: 'PC',
    });
  });

  test('other games offer the saved accounts of that game on an allowed platform', () => {
    const user = {
      id: 'u',
      gameAccounts: [acc('EAFC25', 'PS5', 'a'), acc('EAFC25', 'PC', 'b'), acc('Valorant', 'PS5', 'c')],
    };
    expect(eligibleAccounts(user, { game: 'EAFC25', console: ['PS5', 'XBOX'] }).map((a) => a.username)).toEqual(['a']);
  });

  test('the password goes along only when one was typed', () => {
    const a = acc('EAFC25', 'PS5');
    expect(registrationBody('u', a, '')).toEqual({ gameAccounts: [{ userId: 'u', gameAccount: a }] });
    expect(registrationBody('u', a, 'secret')).toEqual({
      gameAccounts: [{ userId: 'u', gameAccount: a }],
      password: 'secret',
    });
  });

  test('a new account asks the server to keep it with the join (saveGameAccount), a saved one does not', () => {
    const a = acc('EAFC25', 'PS5');
    expect(registrationBody('u', a, undefined, true)).toEqual({
      gameAccounts: [{ userId: 'u', gameAccount: a }],
      saveGameAccount: true,
    });
    expect(registrationBody('u', a, 'secret', false)).toEqual({
      gameAccounts: [{ userId: 'u', gameAccount: a }],
      password: 'secret',
    });
  });

  test('check-in sends the real account: the Epic ID for Fortnite, the saved one otherwise, none when missing', () => {
    expect(checkInAccount({ id: 'u', epicId: 'Epic42' }, { game: 'Fortnite', console: ['PS5'] })).toEqual({
      username: 'Epic42',
      id: 'Epic42',
      game: 'Fortnite',
      console: 'PS5',
    });
    expect(checkInAccount({ id: 'u', epicId: ' ' }, { game: 'Fortnite', console: ['PS5'] })).toBeNull();
    expect(
      checkInAccount({ id: 'u', gameAccounts: [acc('EAFC25', 'PS5')] }, { game: 'EAFC25', console: ['PS5'] }),
    ).toEqual(acc('EAFC25', 'PS5'));
    expect(
      checkInAccount({ id: 'u', gameAccounts: [acc('EAFC25', 'PS4')] }, { game: 'EAFC25', console: ['PS5'] }),
    ).toBeNull();
  });

  test("the Epic ID starts from the profile's, else from the saved Fortnite account on an allowed platform", () => {
    const fortnite = { game: 'Fortnite', console: ['PS5', 'PC'] };
    const onPs5 = { username: 'NinjaName', id: 'epic-123', game: 'Fortnite', console: 'PS5' } as GameAccount;
    expect(savedEpicId({ id: 'u', epicId: ' Own ', gameAccounts: [onPs5] }, fortnite)).toBe('Own');
    expect(savedEpicId({ id: 'u', epicId: '', gameAccounts: [acc('Valorant', 'PC'), onPs5] }, fortnite)).toBe(
      'epic-123',
    );
    expect(savedEpicId({ id: 'u', gameAccounts: [{ ...onPs5, id: '' }] }, fortnite)).toBe('NinjaName');
    // a Fortnite account on a platform the tournament does not allow is not offered
    expect(savedEpicId({ id: 'u', gameAccounts: [{ ...onPs5, console: 'SWITCH' } as GameAccount] }, fortnite)).toBe('');
    expect(savedEpicId({ id: 'u' }, fortnite)).toBe('');
  });

  test('a Fortnite join and check-in use the saved Fortnite account as it is, on its platform', () => {
    const fortnite = { game: 'Fortnite', console: ['PC', 'PS5'] };
    const onPs5 = { username: 'NinjaName', id: 'epic-123', game: 'Fortnite', console: 'PS5' } as GameAccount;
    const user = { id: 'u', gameAccounts: [acc('Valorant', 'PC'), onPs5] };
    expect(fortnitePlatform(user, fortnite)).toBe('PS5');
    expect(fortniteAccount(user, fortnite, ' epic-123 ')).toEqual(onPs5);
    expect(checkInAccount(user, fortnite)).toEqual(onPs5);
    // another Epic ID typed: that one, on the saved account's platform
    expect(fortniteAccount(user, fortnite, 'Other')).toEqual({
      username: 'Other',
      id: 'Other',
      game: 'Fortnite',
      console: 'PS5',
    });
  });

  test('a new account is added once', () => {
    const a = acc('EAFC25', 'PS5');
    expect(withAccount([a], { ...a })).toEqual([a]);
    expect(withAccount([a], acc('EAFC25', 'XBOX'))).toHaveLength(2);
  });
});

describe('faction leaderboard', () => {
  const p = (playerName: string, score: number, playerId = playerName) => ({ playerId, playerName, score });

  test('by score descending, then by name', () => {
    expect(rankPlayers([p('bea', 10), p('Carlo', 30), p('anna', 10), p('Ábel', 10)]).map((x) => x.playerName)).toEqual([
      'Carlo',
      'Ábel',
      'anna',
      'bea',
    ]);
  });

  test('the top ten until "show all"', () => {
    const many = Array.from({ length: 13 }, (_, i) => p(`p${i}`, 100 - i));
    expect(visiblePlayers(many, false)).toHaveLength(10);
    expect(visiblePlayers(many, true)).toHaveLength(13);
    expect(visiblePlayers([], false)).toEqual([]);
  });
});

describe('team registration payload', () => {
  test("the captain's account first, each teammate by username, in-game name on the captain's platform", () => {
    const captain = acc('Valorant', 'PC', 'cap');
    expect(teamRegistrationBody('c1', captain, ' Owls ', [{ username: ' mate ', gameName: ' MateAim ' }])).toEqual({
      teamName: 'Owls',
      gameAccounts: [
        { userId: 'c1', gameAccount: captain },
        {
          userId: '',
          username: 'mate',
          gameAccount: { username: 'MateAim', id: 'MateAim', game: 'Valorant', console: 'PC' },
        },
      ],
    });
  });

  test('the password and the new account are sent only when there are some', () => {
    const body = teamRegistrationBody('c1', acc('Valorant', 'PC'), 'Owls', [], 'secret', true);
    expect(body).toMatchObject({ password: 'secret', saveGameAccount: true });
    expect(teamRegistrationBody('c1', acc('Valorant', 'PC'), 'Owls', [], '')).not.toHaveProperty('password');
  });
});
