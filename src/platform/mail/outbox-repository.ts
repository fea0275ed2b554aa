import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mail } from './mailer.ts';

type Db = Kysely<Database>;

export interface QueuedMail extends Mail {
  id: string;
  attempts: number;
}

/**
 * Writes the messages of brand `owner` (one statement for all of them), due now; answers their ids.
 * Only that brand's processes send them: brands may share the database, and a mail sent by another
 * brand's process goes out with its From address and through its operator's mail server.
 */
export async function enqueue(db: Db, owner: string, mails: readonly Mail[], now = new Date()): Promise<string[]> {
  if (!mails.length) return [];
  const rows = mails.map((mail) => ({
    id: randomUUID(),
    owner,
    recipient: mail.to,
    subject: mail.subject,
    body_text: mail.text,
    body_html: mail.html ?? null,
    next_attempt_at: now.toISOString(),
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  }));
  await db.insertInto('mail_outbox').values(rows).execute();
  return rows.map((r) => r.id);
}

/** The brand's pending messages whose time has come, oldest first. */
export async function due(db: Db, owner: string, now: Date, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'next_attempt_at'])
    .where('owner', '=', owner)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes the messages among `ids` that are still due at `now` until `until`, in one statement: a
 * row another process took meanwhile has its next attempt moved past `now` and is left out, so of
 * several API processes exactly one sends each. A process that dies while sending leaves the lease
 * to run out, and the message is sent again then (at least once). Another brand's message is never
 * taken, whatever the ids say.
 */
export async function claim(db: Db, owner: string, ids: string[], now: Date, until: Date): Promise<QueuedMail[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: until.toISOString() })
    .where('id', 'in', ids)
    .where('owner', '=', owner)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .returningAll()
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html ?? undefined,
    attempts: row.attempts,
  }));
}

/** Sent: the body goes, the envelope stays for the record. */
export async function markSent(db: Kysely<Database>, ids: string[], now = new Date()) {
  if (!ids.length) return;
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), body_text: '', body_html: null })
    .where('id', 'in', ids)
    .execute();
}

export async function markFailed(
  db: Kysely<Database>,
  id: string,
  attempts: number,
  error: string,
  retryAt: Date | null,
) {
  await db
    .updateTable('mail_outbox')
    .set(
      retryAt
        ? { attempts, last_error: error.slice(0, 500), next_attempt_at: retryAt.toISOString() }
        : { attempts, last_error: error.slice(0, 500), status: 'failed', body_text: '', body_html: null },
    )
    .where('id', '=', id)
    .execute();
}

/** When the brand's next pending message is due (null when none is pending). */
export async function nextDue(db: Db, owner: string): Promise<string | null> {
  const pending = db
    .selectFrom('mail_outbox')
    .select('next_attempt_at')
    .where('owner', '=', owner)
    .where('status', '=', 'pending');
  const row = await pending.orderBy('next_attempt_at').limit(1).executeTakeFirst();
  return row?.next_attempt_at ?? null;
}

/** Deletes every message of brand `owner` to `recipient`, whatever its state (an address its holder closed). */
export async function deleteFor(db: Db, owner: string, recipient: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('owner', '=', owner).where('recipient', '=', recipient).execute();
}

/** Deletes the records of messages delivered or given up on before `before`: who was written to, and about what. */
export async function deleteDoneBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
