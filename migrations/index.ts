import type { MigrationList } from '../src/platform/db/migrate.ts';
import * as accounts from './0001-accounts.ts';
import * as tournaments from './0002-tournaments.ts';
import * as rewards from './0010-rewards.ts';
import * as admin from './0011-admin.ts';
import * as usernameCase from './0012-username-case.ts';
import * as campaign from './0013-campaign.ts';
import * as rateLimits from './0014-rate-limits.ts';
import * as registrationOrder from './0015-registration-order.ts';
import * as accountSecurity from './0020-account-security.ts';
import * as mailOutbox from './0040-mail-outbox.ts';
import * as ledgerSequence from './0050-ledger-sequence.ts';
import * as contentEnglish from './0060-content-english.ts';
import * as tournamentExternalUrl from './0061-tournament-external-url.ts';
import * as championshipDates from './0065-championship-dates.ts';
import * as accountBlocks from './0070-account-blocks.ts';
import * as auditEntityLabel from './0075-audit-entity-label.ts';
import * as matchResults from './0080-match-results.ts';
import * as matchReports from './0082-match-reports.ts';
import * as prizes from './0083-prizes.ts';
import * as brackets from './0084-brackets.ts';
import * as reminders from './0085-reminders.ts';
import * as mailOwner from './0090-mail-owner.ts';
import * as usernameSkeleton from './0091-username-skeleton.ts';
import * as tournamentArchive from './0092-tournament-archive.ts';
import * as orderPhoneEnglishName from './0093-order-phone-english-name.ts';
import * as publicProfile from './0094-public-profile.ts';
import * as lobbies from './0095-lobbies.ts';
import * as swissRounds from './0096-swiss-rounds.ts';
import * as searchFolding from './0097-search-folding.ts';
import * as entryTeams from './0098-entry-teams.ts';
import * as bracketPlayoff from './0099-bracket-playoff.ts';
import * as teamMemberOrder from './0100-team-member-order.ts';
import * as giveawayCreator from './0101-giveaway-creator.ts';
import * as finalsCityEnglish from './0102-finals-city-english.ts';
import * as bracketForfeits from './0103-bracket-forfeits.ts';

/**
 * This release's migrations, in the order they run. Listed rather than read from disk so the server, the scripts,
 * the tests and both engines see the same ordered set; the entry points hand the list to the migrator
 * (src/platform/db/migrate.ts), which knows no migration itself. A new file is added here under its own name.
 */
export const releaseMigrations: MigrationList = {
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
  '0092-tournament-archive': tournamentArchive,
  '0093-order-phone-english-name': orderPhoneEnglishName,
  '0094-public-profile': publicProfile,
  '0095-lobbies': lobbies,
  '0096-swiss-rounds': swissRounds,
  '0097-search-folding': searchFolding,
  '0098-entry-teams': entryTeams,
  '0099-bracket-playoff': bracketPlayoff,
  '0100-team-member-order': teamMemberOrder,
  '0101-giveaway-creator': giveawayCreator,
  '0102-finals-city-english': finalsCityEnglish,
  '0103-bracket-forfeits': bracketForfeits,
};
