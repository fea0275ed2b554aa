import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { accountRows } from '../../accounts/server/directory-service.ts';
import { byText, containsFolded } from '../../../platform/db/search.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The site's players an admin may add to a tournament's roster: accounts of `owner` whose username
 * contains `search` (accents and case aside), not registered in the tournament in any state, by username.
 */
export async function candidates(
  db: Db,
  p: { owner: string; tournamentId: string; search: string; limit: number },
): Promise<{ id: string; username: string }[]> {
  return db
    .selectFrom(accountRows(db).as('u'))
    .select(['u.id', 'u.username'])
    .where('u.owner', '=', p.owner)
    .where(containsFolded('u.username_search', p.search))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tournament_registrations as r')
            .select('r.user_id')
            .where('r.tournament_id', '=', p.tournamentId)
            .whereRef('r.user_id', '=', 'u.id'),
        ),
      ),
    )
    .orderBy(byText('u.username'))
    .orderBy('u.id')
    .limit(p.limit)
    .execute();
}
