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

export const sectionViews: Partial<Record<DashboardSectionKey, View>> = {
  tournaments: tournamentsList,
  tournamentsNew: tournamentEditor,
  tournamentsEdit: tournamentEditor,
  competitions: competitionsList,
  competitionsNew: competitionEditor,
  competitionsEdit: competitionEditor,
};
