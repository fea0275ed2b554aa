import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { NotificationPreferences, ReminderKind } from '../contract.ts';
import { idsWithRows } from '../../../platform/db/matching-rows.ts';
import { inSlices } from '../../../platform/db/bulk-insert.ts';

type Db = Kysely<Database>;

/** Of these players, those already reminded of this kind for this tournament. */
export function alreadySent(db: Db, tournamentId: string, kind: ReminderKind, userIds: string[]): Promise<Set<string>> {
  return idsWithRows(db, 'reminders_sent', 'user_id', userIds, { tournament_id: tournamentId, kind });
}

/**
 * Records the reminder for these players, and answers those it was recorded for now: a row that
 * already exists (another process, an earlier tick) is left alone and its player is not returned.
 * On PostgreSQL a concurrent insert of the same key waits for the other transaction and then does
 * nothing, so of two processes exactly one gets each player back.
 */
export async function record(
  db: Db,
  tournamentId: string,
  kind: ReminderKind,
  userIds: string[],
  now: string,
): Promise<string[]> {
  // a whole field of players is more parameters than one statement may bind on SQLite
  const rows = await inSlices(userIds, (slice) =>
    db
      .insertInto('reminders_sent')
      .values(slice.map((userId) => ({ tournament_id: tournamentId, user_id: userId, kind, created_at: now })))
      .onConflict((oc) => oc.columns(['tournament_id', 'kind', 'user_id']).doNothing())
      .returning('user_id')
      .execute(),
  );
  return rows.map((r) => r.user_id);
}

const columnOf = {
  checkinOpen: 'checkin_open',
  checkinClosing: 'checkin_closing',
  resultsFinal: 'results_final',
} as const;

/** Of these players, those who turned this reminder off. */
export function optedOut(db: Db, preference: keyof NotificationPreferences, userIds: string[]): Promise<Set<string>> {
  return idsWithRows(db, 'notification_preferences', 'user_id', userIds, { [columnOf[preference]]: 0 });
}

export async function preferences(db: Db, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['checkin_open', 'checkin_closing', 'results_final'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One statement, insert or update: two saves at once leave one of them whole. */
export async function savePreferences(db: Db, userId: string, p: NotificationPreferences, now: string): Promise<void> {
  const values = {
    checkin_open: p.checkinOpen ? 1 : 0,
    checkin_closing: p.checkinClosing ? 1 : 0,
    results_final: p.resultsFinal ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Drops the player's choices and the record of the reminders they were sent (a closed account's). */
export async function forget(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await db.deleteFrom('reminders_sent').where('user_id', '=', userId).execute();
}
