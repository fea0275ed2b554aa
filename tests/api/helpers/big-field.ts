import { randomBytes, randomUUID } from 'node:crypto';
import { insertRows } from '../../../src/platform/db/bulk-insert.ts';
import { foldForSearch } from '../../../src/platform/db/search.ts';
import { usernameSkeleton } from '../../../src/platform/username-skeleton.ts';
import * as TournamentRepository from '../../../src/features/tournaments/server/repository.ts';
import type { TestApp } from './test-app.ts';

/**
 * Fields at the size limits (thousands of players), stored behind the API: quickPlayers makes its players one at a
 * time with a session each, which at ten thousand would take the test most of a minute for nothing it looks at.
 */

/** `n` players (ids, in the order made) with no session: rows of the users table, a slice per statement. */
export async function bulkPlayers(t: TestApp, n: number): Promise<string[]> {
  const batch = randomBytes(3).toString('hex');
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => {
    const username = `b${batch}_${i}`;
    return {
      id: randomUUID(),
      owner: t.config.ownerId,
      username,
      username_skeleton: usernameSkeleton(username),
      username_search: foldForSearch(username),
      email: `${username}@example.com`,
      password_hash: 'not-a-hash',
      display_name: username,
      birth_date: '2000-05-17',
      created_at: now,
      updated_at: now,
    };
  });
  await insertRows(t.db.kysely, 'users', rows);
  return rows.map((r) => r.id);
}

/**
 * Seats the players in a tournament and checks them in, in the order given, one millisecond apart so the check-in
 * order is that order; the tournament's member count follows.
 */
export async function seatCheckedIn(t: TestApp, tournamentId: string, userIds: string[], game: string): Promise<void> {
  const now = Date.now();
  const account = JSON.stringify({ username: 'ninja', id: 'riot-ninja', game, console: 'PC' });
  await TournamentRepository.insertRegistrations(
    t.db.kysely,
    userIds.map((userId, i) => ({
      tournament_id: tournamentId,
      user_id: userId,
      state: 'member',
      confirmed: 1,
      game_account: account,
      created_at: new Date(now + i).toISOString(),
      updated_at: new Date(now + i).toISOString(),
    })),
  );
  await t.db.kysely
    .updateTable('tournaments')
    .set({ member_count: userIds.length })
    .where('id', '=', tournamentId)
    .execute();
}
