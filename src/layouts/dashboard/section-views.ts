import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DashboardSectionKey } from '../../platform/ui/admin/sections.ts';
import type { SectionProps } from '../../platform/ui/admin/section-props.ts';

type View = LazyExoticComponent<ComponentType<SectionProps>>;

/**
 * Each section's content is its own chunk, fetched only when that page opens: the dashboard index
 * never downloads the forms. New and edit pages of one kind share a module (the editor reads the
 * page's key to know which it is).
 */
const tournamentsList = lazy(() => import('../../features/tournaments/ui/admin/TournamentsList.tsx'));
// the tournament editor with the results domain's tab joined in (a domain reaches another's UI only here)
const tournamentEditor = lazy(() => import('./TournamentEditorView.tsx'));
const competitionsList = lazy(() => import('../../features/tournaments/ui/admin/CompetitionsList.tsx'));
const competitionEditor = lazy(() => import('../../features/tournaments/ui/admin/CompetitionEditor.tsx'));
const productsList = lazy(() => import('../../features/rewards/ui/admin/ProductsList.tsx'));
const productEditor = lazy(() => import('../../features/rewards/ui/admin/ProductEditor.tsx'));
const giveawaysList = lazy(() => import('../../features/rewards/ui/admin/GiveawaysList.tsx'));
const giveawayEditor = lazy(() => import('../../features/rewards/ui/admin/GiveawayEditor.tsx'));
const economyIndex = lazy(() => import('../../features/dashboard/ui/DashboardIndex.tsx'));
const badgesList = lazy(() => import('../../features/rewards/ui/admin/BadgesList.tsx'));
const badgeEditor = lazy(() => import('../../features/rewards/ui/admin/BadgeEditor.tsx'));
const walletsList = lazy(() => import('../../features/rewards/ui/admin/WalletsList.tsx'));
// the dashboard's user page with the accounts' view of the account joined in
const userPage = lazy(() => import('./UserPageView.tsx'));
const purchasesList = lazy(() => import('../../features/rewards/ui/admin/PurchasesList.tsx'));
const newsList = lazy(() => import('../../features/news/ui/admin/NewsList.tsx'));
const newsEditor = lazy(() => import('../../features/news/ui/admin/NewsEditor.tsx'));
const auditLog = lazy(() => import('../../features/audit/ui/AuditLog.tsx'));
const campaignQueue = lazy(() => import('../../features/campaign/ui/admin/CampaignQueue.tsx'));
const campaignSchedule = lazy(() => import('../../features/campaign/ui/admin/CampaignSchedule.tsx'));
const matchReports = lazy(() => import('../../features/results/ui/admin/MatchReports.tsx'));

export const sectionViews: Partial<Record<DashboardSectionKey, View>> = {
  tournaments: tournamentsList,
  tournamentsNew: tournamentEditor,
  tournamentsEdit: tournamentEditor,
  competitions: competitionsList,
  competitionsNew: competitionEditor,
  competitionsEdit: competitionEditor,
  products: productsList,
  productsNew: productEditor,
  productsEdit: productEditor,
  giveaway: giveawaysList,
  giveawayNew: giveawayEditor,
  giveawayEdit: giveawayEditor,
  index: economyIndex,
  badges: badgesList,
  badgesNew: badgeEditor,
  badgesEdit: badgeEditor,
  users: walletsList,
  usersView: userPage,
  purchases: purchasesList,
  news: newsList,
  newsNew: newsEditor,
  newsEdit: newsEditor,
  audit: auditLog,
  campaign: campaignQueue,
  campaignSchedule: campaignSchedule,
  tournamentsReports: matchReports,
};
