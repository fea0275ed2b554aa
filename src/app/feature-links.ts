import type { CompetitionLinks } from '../features/tournaments/server/competition-service.ts';
import type { FinaliseLinks } from '../features/results/server/finalise-service.ts';
import { championshipPoints } from '../features/results/server/points-service.ts';
import { detachCompetition } from '../features/campaign/server/competition-link-service.ts';
import {
  drawnEntrants as bracketEntrants,
  findBracket,
  placements as bracketPlacements,
} from '../features/brackets/server/service.ts';
import { PLAYOFF_GROUP } from '../features/brackets/contract.ts';

/**
 * Where a lower feature needs an answer from a feature above it (features form a tree,
 * docs/architecture.md): the lower one declares what it needs, and here, above both, the upper one's
 * service answers it.
 */

/** The faction leaderboard's points come from the results; a deleted competition's campaigns are the campaign's. */
export const competitionLinks: CompetitionLinks = { championshipPoints, detachCompetition };

/** A bracket tournament's final ranking, the entrants it ranks and its disputed matches are the brackets'. */
export const finaliseLinks: FinaliseLinks = {
  bracketPlacements,
  bracketEntrants,
  bracketDisputes: async (ctx, tournamentId) => {
    const b = await findBracket(ctx, tournamentId);
    // a playoff's matches under the groups they are stored with, apart from the stage's
    const rounds = [
      ...(b?.rounds ?? []),
      ...(b?.playoff?.rounds ?? []).map((r) => ({ ...r, group: r.group + PLAYOFF_GROUP })),
    ];
    return rounds.flatMap((r) =>
      r.matches.filter((m) => m.state === 'disputed').map((m) => ({ group: r.group, round: m.round, slot: m.slot })),
    );
  },
};
