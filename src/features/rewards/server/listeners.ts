import type { ServiceContext } from '../../../platform/context.ts';
import type { EventBus } from '../../../platform/events.ts';
import * as BadgeService from './badge-service.ts';
import * as WalletService from './wallet-service.ts';

/**
 * The badges (and a finalised tournament's prizes) the rewards pay for what happens in the features below
 * them. Each listener runs in the announcer's transaction (a badge and its credits commit or roll back with
 * the event) and answers the badges earned, which the announcer hands back so the API shows them with the
 * answer that earned them. A badge that cannot be paid now (the balance ceiling) is skipped and logged; the
 * event stands.
 */
export function registerRewardListeners(events: EventBus<ServiceContext>): void {
  events.on('accounts.registered', (ctx, e) => BadgeService.awardOn(ctx, e.ownerId, e.userId, 'user_registered'));
  events.on('accounts.profile_completed', (ctx, e) =>
    BadgeService.awardOn(ctx, e.ownerId, e.userId, 'profile_completed'),
  );
  // what the player did before a badge existed is paid when they come back
  events.on('accounts.signed_in', (ctx, e) => BadgeService.awardAll(ctx, e.ownerId, e.userId));
  events.on('tournaments.joined', (ctx, e) =>
    BadgeService.awardOn(ctx, e.ownerId, e.userId, 'tournament_joined', { tournamentId: e.tournamentId }),
  );
  events.on('tournaments.checked_in', (ctx, e) =>
    BadgeService.awardOn(ctx, e.ownerId, e.userId, 'tournament_checked_in', { tournamentId: e.tournamentId }),
  );
  events.on('tournaments.faction_joined', (ctx, e) =>
    BadgeService.awardOn(ctx, e.ownerId, e.userId, 'faction_joined', { competitionId: e.competitionId }),
  );
  // The prizes are paid in the finalising transaction: a refused payment (the balance ceiling) throws and
  // takes the finalisation back with it, and the claim that lets only one finalise pays them once.
  events.on('results.finalised', async (ctx, e) => {
    for (const line of e.prizes)
      await WalletService.payPrize(ctx, e.ownerId, {
        userId: line.userId,
        tournamentId: e.tournamentId,
        amount: line.credits,
        description: `${e.tournamentName} · #${line.rank}`,
        createdBy: e.finalisedBy,
      });
    return BadgeService.awardForTournament(ctx, e.ownerId, e.placements, e.tournamentId);
  });
}
