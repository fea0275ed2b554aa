import type { ServiceContext } from '../../../platform/context.ts';
import * as CampaignRepository from './repository.ts';

/**
 * What the tournaments domain tells the campaign when a competition is deleted, in the deleting
 * transaction (`ctx` is bound to that transaction): a campaign that listed that competition's
 * tournaments lists the brand's next tournaments instead (competition id null). Answers the slugs
 * of the campaigns it changed. A file of its own, so the competitions need not import the campaign
 * service, which imports them.
 */
export function detachCompetition(ctx: ServiceContext, owner: string, competitionId: string): Promise<string[]> {
  return CampaignRepository.detachCompetition(ctx.db.kysely, owner, competitionId);
}
