import type { FastifyInstance } from 'fastify';
import { hasNoAccounts, seedAccounts, type DemoAccount } from '../features/accounts/server/seed.ts';
import { hasNoTournaments, seedTournaments } from '../features/tournaments/server/seed.ts';
import { seedNews } from '../features/news/server/seed.ts';
import { seedRewards } from '../features/rewards/server/seed.ts';
import { seedCampaign } from '../features/campaign/server/seed.ts';
import { prizeLadder, seedLobbyCode, seedResults } from '../features/results/server/seed.ts';
import { seedBracket, seedDoubleElimination, seedSwiss } from '../features/brackets/server/seed.ts';
import { finaliseLinks } from './feature-links.ts';

export type { DemoAccount } from '../features/accounts/server/seed.ts';
export { demoGamePicture, demoPrivateTournamentPassword } from '../features/tournaments/server/seed.ts';

/**
 * Demo content, written once into an empty database (SEED_DEMO): three accounts that can log in,
 * the championship with its four qualifiers, tournaments in every phase relative to now, and a
 * faction leaderboard, then rewards, news and the campaign. Each domain seeds its own tables
 * (src/features/<domain>/server/seed.ts); this only runs them in order and hands each the ids it
 * needs. The passwords are in the README, not in the log; a real deployment sets SEED_DEMO=false.
 */
export async function seedDemo(app: FastifyInstance, now = new Date()): Promise<DemoAccount[]> {
  if (!(await hasNoAccounts(app)) || !(await hasNoTournaments(app))) return [];
  const { created, adminId, giulia, alex, players } = await seedAccounts(app);
  if (!giulia || !alex) return created;
  const tournaments = await seedTournaments(app, { giulia, alex, players }, now);
  // badges, products, giveaway codes, starting credits and purchases
  await seedRewards(app, { adminId, players: [giulia.id, alex.id] });
  // match day: the two played qualifiers and the two-lobby battle royale have their matches, the
  // winter knockout, the double elimination and the Swiss their finished brackets, and all are
  // finalised, their prizes and podium badges paid (after the rewards, whose badges they pay)
  if (adminId) {
    // the demo admin (accounts' seed) signs the audit entries of what it does here
    const admin = { id: adminId, name: 'admin' };
    const q1 = tournaments.q1!;
    const q2 = tournaments.q2!;
    const knockout = tournaments.knockout!;
    const double = tournaments.double!;
    const swiss = tournaments.swiss!;
    const lobbies = tournaments.lobbies!;
    await seedBracket(app, { admin, tournamentId: knockout.id });
    // the newer formats, giulia and alex among the players: a grand final with its reset, three Swiss rounds
    await seedDoubleElimination(app, { admin, tournamentId: double.id });
    await seedSwiss(app, { admin, tournamentId: swiss.id });
    await seedResults(app, {
      admin,
      links: finaliseLinks,
      played: [
        { ...q1, matches: 4, seed: 1, prizes: prizeLadder([500, 300, 150], { to: 10, credits: 50 }) },
        { ...q2, matches: 3, seed: 2, prizes: prizeLadder([500, 300, 150]) },
        { ...knockout, matches: 0, seed: 3, prizes: prizeLadder([300, 150]) },
        { ...double, matches: 0, seed: 4, prizes: prizeLadder([300, 150, 75]) },
        { ...swiss, matches: 0, seed: 5, prizes: prizeLadder([250, 120], { to: 4, credits: 60 }) },
        // more checked-in players than a lobby holds: two lobbies, three matches each
        { ...lobbies, matches: 6, seed: 6, lobbySize: 12, prizes: prizeLadder([400, 200], { to: 5, credits: 80 }) },
      ],
    });
  }
  // the tournament in check-in has its lobby's key posted, shown to its checked-in players near the start
  if (adminId)
    await seedLobbyCode(app, {
      admin: { id: adminId, name: 'admin' },
      tournament: tournaments['checkin-open']!,
      code: 'ZB-SPRINT-7Q4K',
    });
  await seedNews(app, now);
  // the /cortina campaign with approved screenshots in its two closed phases
  await seedCampaign(
    app,
    {
      adminId,
      players: [
        { id: giulia.id, name: giulia.name, email: 'giulia@demo.arena' },
        { id: alex.id, name: alex.name, email: 'alex@demo.arena' },
        ...players.map((p) => ({ id: p.id, name: p.name, email: `${p.name.toLowerCase()}@players.demo.arena` })),
      ],
    },
    now,
  );
  return created;
}
