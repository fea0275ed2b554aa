import { mountActions as mountTournamentActions } from '../../features/tournaments/ui/tournament-actions.tsx';
import ReportDialog from '../../features/results/ui/ReportDialog.tsx';
import type { BannerHost } from '../../features/tournaments/ui/banner-model.ts';

/**
 * The tournament page's dialogs, loaded on the first click that needs one: the tournaments' dialogs
 * with the results domain's match report joined in (domains do not import each other's UI).
 */
export const mountActions = (container: HTMLElement, host: BannerHost) =>
  mountTournamentActions(container, host, ReportDialog);
