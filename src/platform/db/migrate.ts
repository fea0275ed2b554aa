import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './database.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as tournaments from './migrations/0002-tournaments.ts';
import * as rewards from './migrations/0010-rewards.ts';
import * as admin from './migrations/0011-admin.ts';
import * as usernameCase from './migrations/0012-username-case.ts';
import * as campaign from './migrations/0013-campaign.ts';
import * as rateLimits from './migrations/0014-rate-limits.ts';
import * as registrationOrder from './migrations/0015-registration-order.ts';
import * as accountSecurity from './migrations/0020-account-security.ts';
import * as mailOutbox from './migrations/0040-mail-outbox.ts';
import * as ledgerSequence from './migrations/0050-ledger-sequence.ts';
import * as contentEnglish from './migrations/0060-content-english.ts';
import * as tournamentExternalUrl from './migrations/0061-tournament-external-url.ts';
import * as championshipDates from './migrations/0065-championship-dates.ts';
import * as accountBlocks from './migrations/0070-account-blocks.ts';
import * as auditEntityLabel from './migrations/0075-audit-entity-label.ts';
import * as matchResults from './migrations/0080-match-results.ts';
import * as matchReports from './migrations/0082-match-reports.ts';
import * as prizes from './migrations/0083-prizes.ts';
import * as brackets from './migrations/0084-brackets.ts';
import * as reminders from './migrations/0085-reminders.ts';
import * as mailOwner from './migrations/0090-mail-owner.ts';
import * as usernameSkeleton from './migrations/0091-username-skeleton.ts';

/**
 * Migrations are listed here rather than read from disk so the bundle, the tests and both engines
 * see the same ordered set. Each receives the dialect for the rare statement that differs.
 */
const all: Record<string, { up: (db: any, dialect: Db['dialect']) => Promise<void> }> = {
  '0001-accounts': accounts,
  '0002-tournaments': tournaments,
  '0010-rewards': rewards,
  '0011-admin': admin,
  '0012-username-case': usernameCase,
  '0013-campaign': campaign,
  '0014-rate-limits': rateLimits,
  '0015-registration-order': registrationOrder,
  '0020-account-security': accountSecurity,
  '0040-mail-outbox': mailOutbox,
  '0050-ledger-sequence': ledgerSequence,
  '0060-content-english': contentEnglish,
  '0061-tournament-external-url': tournamentExternalUrl,
  '0065-championship-dates': championshipDates,
  '0070-account-blocks': accountBlocks,
  '0075-audit-entity-label': auditEntityLabel,
  '0080-match-results': matchResults,
  '0082-match-reports': matchReports,
  '0083-prizes': prizes,
  '0084-brackets': brackets,
  '0085-reminders': reminders,
  '0090-mail-owner': mailOwner,
  '0091-username-skeleton': usernameSkeleton,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(all)) migrations[name] = { up: (k) => m.up(k, db.dialect) };
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
