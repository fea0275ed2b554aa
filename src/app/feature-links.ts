import type { CompetitionLinks } from '../features/tournaments/server/competition-service.ts';
import type { FinaliseLinks } from '../features/results/server/finalise-service.ts';
import { championshipPoints } from '../features/results/server/points-service.ts';
import { detachCompetition } from '../features/campaign/server/competition-link-service.ts';
import {
  disputes as bracketDisputes,
  drawnEntrants as bracketEntrants,
  placements as bracketPlacements,
} from '../features/brackets/server/service.ts';

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
  bracketDisputes,
};
