import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DashboardSectionKey } from '../../features/dashboard/sections.ts';
import type { SectionProps } from './section-props.ts';

type View = LazyExoticComponent<ComponentType<SectionProps>>;

/**
 * Each section's content is its own chunk, fetched only when that page opens: the dashboard index
 * never downloads the forms. New and edit pages of one kind share a module (the editor reads the
 * page's key to know which it is).
 */
const tournamentsList = lazy(() => import('./tournaments/TournamentsList.tsx'));
const tournamentEditor = lazy(() => import('./tournaments/TournamentEditor.tsx'));
const competitionsList = lazy(() => import('./competitions/CompetitionsList.tsx'));
const competitionEditor = lazy(() => import('./competitions/CompetitionEditor.tsx'));
const productsList = lazy(() => import('./catalog/ProductsList.tsx'));
const productEditor = lazy(() => import('./catalog/ProductEditor.tsx'));
const giveawaysList = lazy(() => import('./catalog/GiveawaysList.tsx'));
const giveawayEditor = lazy(() => import('./catalog/GiveawayEditor.tsx'));
const economyIndex = lazy(() => import('./economy/DashboardIndex.tsx'));
const badgesList = lazy(() => import('./economy/BadgesList.tsx'));
const badgeEditor = lazy(() => import('./economy/BadgeEditor.tsx'));
const walletsList = lazy(() => import('./economy/WalletsList.tsx'));
const purchasesList = lazy(() => import('./economy/PurchasesList.tsx'));
const newsList = lazy(() => import('./news/NewsList.tsx'));
const newsEditor = lazy(() => import('./news/NewsEditor.tsx'));
const auditLog = lazy(() => import('./audit/AuditLog.tsx'));
const campaignQueue = lazy(() => import('./campaign/CampaignQueue.tsx'));
const campaignSchedule = lazy(() => import('./campaign/CampaignSchedule.tsx'));

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
  purchases: purchasesList,
  news: newsList,
  newsNew: newsEditor,
  newsEdit: newsEditor,
  audit: auditLog,
  campaign: campaignQueue,
  campaignSchedule: campaignSchedule,
};
