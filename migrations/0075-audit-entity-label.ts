import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * The audit log names the object of each entry (`entity_label`): the product's, badge's,
 * tournament's or competition's name, the news title, the giveaway code, the player's username.
 * Stored when the entry is written, so "who changed X" is found by X's name even after X was
 * renamed (the label keeps the old and the new name) or deleted, which a search resolving today's
 * names to ids could not do. Entries written before this migration are labelled here from the
 * record they kept and, for players and wallets, from the username the account has now.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('entity_label', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  const rows: {
    id: string;
    owner: string;
    entity_type: string;
    entity_id: string;
    before: string | null;
    after: string | null;
  }[] = await db
    .selectFrom('audit_log')
    .select(['id', 'owner', 'entity_type', 'entity_id', 'before', 'after'])
    .execute();
  const userIds = [
    ...new Set(rows.filter((r) => r.entity_type === 'user' || r.entity_type === 'wallet').map((r) => r.entity_id)),
  ];
  const usernames = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    const users: { id: string; username: string }[] = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', userIds.slice(i, i + 500))
      .execute();
    for (const u of users) usernames.set(u.id, u.username);
  }
  for (const r of rows) {
    const names = [...namesIn(parse(r.after)), ...namesIn(parse(r.before))];
    const username = usernames.get(r.entity_id);
    if (username && (r.entity_type === 'user' || r.entity_type === 'wallet')) names.unshift(username);
    const label = [...new Set(names)].join(' · ').slice(0, 300);
    if (label) await db.updateTable('audit_log').set({ entity_label: label }).where('id', '=', r.id).execute();
  }
  await db.schema.createIndex('audit_log_owner_entity').on('audit_log').columns(['owner', 'entity_id']).execute();
}

function parse(text: string | null): Record<string, unknown> {
  try {
    const v = text === null ? null : JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

// the fields that named a record in the entries written so far (frozen here: later code may change)
function namesIn(r: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) out.push(v.trim());
  };
  add(r.name);
  add(r.username);
  add(r.productName);
  add(r.token);
  if (typeof r.title === 'string') add(r.title);
  else if (r.title && typeof r.title === 'object') for (const v of Object.values(r.title)) add(v);
  return out;
}
