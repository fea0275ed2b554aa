import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { whenLive } from '../../../../platform/ui/admin/when-live.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { toast } from 'sonner';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { phaseOf, type Phase } from '../../rules.ts';
import type { Competition, Tournament } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import BroadcastForm from './BroadcastForm.tsx';
import PhaseBadge from './PhaseBadge.tsx';
import PlayersPanel from './PlayersPanel.tsx';
import QuickStatus from './QuickStatus.tsx';
import type { Registrations } from './registrations.ts';
import TournamentForm from './TournamentForm.tsx';
import { listHref } from './list-place.ts';
import { EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { TabList, TabPanel } from '../../../../platform/ui/admin/TabList.tsx';
import PublicPageLink from '../../../../platform/ui/admin/PublicPageLink.tsx';

type Tab = 'settings' | 'players' | 'results' | 'bracket' | 'prizes' | 'email';
const call: TypedCall<TournamentsApi> = api;

const allTabs: Tab[] = ['settings', 'players', 'results', 'bracket', 'prizes', 'email'];
/**
 * The Results tab is a battle royale's (matches with placements and a scoring table), the Bracket
 * tab a single elimination's or round robin's. Every format has prizes.
 */
const tabsOf = (tournament: Tournament, has: Record<'results' | 'bracket' | 'prizes', boolean>): Tab[] =>
  allTabs.filter(
    (tab) =>
      (tab !== 'results' || (has.results && tournament.format === 'battle_royale')) &&
      (tab !== 'bracket' || (has.bracket && tournament.format !== 'battle_royale')) &&
      (tab !== 'prizes' || has.prizes),
  );
/** The phases before check-in closes. */
const checkInStillOpen = new Set<Phase>(['waiting', 'registration', 'registrationClosed', 'checkinOpen']);
const initialTab = (tabs: Tab[]) => (): Tab => {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return (tabs as string[]).includes(hash) ? (hash as Tab) : 'settings';
};

/**
 * What each tab panel of another domain is given at least; the dashboard shell (src/layouts/dashboard)
 * joins each panel to its tab. The Bracket tab's (the brackets domain's) is given no more.
 */
interface TabPanelProps {
  t: Translator;
  locale: Locale;
  tournamentId: string;
}
/** Who plays: what the teams of a duo, trio or squad tournament are formed from, in the Results or Bracket tab. */
interface FieldProps extends TabPanelProps {
  teamSize: number | null;
  finalized: boolean;
  /** the checked-in players, in check-in order (from the roster this editor already reads) */
  players: { id: string; username: string }[];
}
export interface BracketTabProps extends FieldProps {
  /** check-in has not closed yet: a player who checks in after a bracket is generated is not in it */
  checkInOpen: boolean;
}

/** What the Results tab's panel is given: it is the results domain's. */
export type ResultsTabProps = FieldProps;

/** What the Prizes tab's panel is given (the results domain's too). */
export interface PrizesTabProps extends TabPanelProps {
  format: Tournament['format'];
  /** the panel finalised the tournament: the editor reads it again (status, locked results) */
  onFinalised: () => void;
}

/**
 * /dashboard/tournaments/new and /dashboard/tournaments/edit?id=…: the form, and on edit the players, results (battle
 * royale) or bracket, prizes and e-mail panels.
 */
export default function TournamentEditor({
  t,
  locale,
  section,
  ownerId,
  agencyName = '',
  resultsTab,
  bracketTab,
  prizesTab,
}: SectionProps & {
  resultsTab?: (props: ResultsTabProps) => ReactNode;
  bracketTab?: (props: BracketTabProps) => ReactNode;
  prizesTab?: (props: PrizesTabProps) => ReactNode;
}) {
  const editor = useEditorRecord(section === 'tournamentsEdit', (id) =>
    call<'GET /tournaments/:id'>(`/tournaments/${encodeURIComponent(id)}`),
  );
  const [competitions, setCompetitions] = useState<Competition[] | null>(null);

  useEffect(
    () =>
      whenLive(
        call<'GET /tournaments/competitions'>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`),
        (res) => {
          if (res.ok) setCompetitions(res.data);
          else toast.error(t('dashboard.tournaments.form.competitionsError'));
        },
      ),
    [ownerId, t],
  );

  return (
    <EditorFrame
      t={t}
      editor={editor}
      name="tournament"
      back={{
        // the list at the page, search and filters the editor was opened from
        href: listHref(locale, window.location.search),
        label: t('dashboard.tournaments.form.backToList'),
      }}
      loading={t('dashboard.tournaments.form.loading')}
      recordId={(x) => x.id}
    >
      {(tournament) => {
        // the whole page of a new tournament; the settings tab of an existing one
        const form = (
          <TournamentForm
            t={t}
            locale={locale}
            agencyName={agencyName}
            tournament={tournament}
            competitions={competitions}
            onSaved={editor.setRecord}
          />
        );
        return tournament ? (
          <EditView
            t={t}
            locale={locale}
            settings={form}
            tournament={tournament}
            setTournament={editor.setRecord}
            resultsTab={resultsTab}
            bracketTab={bracketTab}
            prizesTab={prizesTab}
          />
        ) : (
          form
        );
      }}
    </EditorFrame>
  );
}

function EditView({
  t,
  locale,
  settings,
  tournament,
  setTournament,
  resultsTab,
  bracketTab,
  prizesTab,
}: Pick<SectionProps, 't' | 'locale'> & {
  resultsTab?: (props: ResultsTabProps) => ReactNode;
  bracketTab?: (props: BracketTabProps) => ReactNode;
  prizesTab?: (props: PrizesTabProps) => ReactNode;
  /** the tournament's form, the panel of the settings tab */
  settings: ReactNode;
  tournament: Tournament;
  setTournament: (t: Tournament) => void;
}) {
  const tabs = tabsOf(tournament, {
    results: resultsTab !== undefined,
    bracket: bracketTab !== undefined,
    prizes: prizesTab !== undefined,
  });
  const [tab, setTab] = useState<Tab>(initialTab(tabs));
  // the results are read when their tab is first opened, not with every edit page
  const [resultsOpened, setResultsOpened] = useState(tab === 'results');
  const [prizesOpened, setPrizesOpened] = useState(tab === 'prizes');
  const [registrations, setRegistrations] = useState<Registrations | null>(null);
  const [regFailure, setRegFailure] = useState<string | null>(null);
  const [regLoading, setRegLoading] = useState(false);

  const loadRegistrations = useCallback(async () => {
    setRegLoading(true);
    const res = await call<'GET /tournaments/:id/registrations'>(
      `/tournaments/${encodeURIComponent(tournament.id)}/registrations`,
    );
    setRegLoading(false);
    if (res.ok) {
      setRegistrations(res.data);
      setRegFailure(null);
    } else {
      setRegFailure(res.code);
      toast.error(t.error(res.code));
    }
  }, [tournament.id, t]);

  useEffect(() => {
    loadRegistrations();
  }, [loadRegistrations]);

  const select = (next: Tab) => {
    setTab(next);
    if (next === 'results') setResultsOpened(true);
    if (next === 'prizes') setPrizesOpened(true);
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${location.search}${next === 'settings' ? '' : `#${next}`}`,
    );
  };

  const memberCount = registrations?.members.length ?? tournament.members.length;
  // the header counts seats, as the limit does (a whole team takes one); the tab and the mail count people
  const seatsTaken = registrations?.seatsTaken ?? tournament.slotsTaken;
  const waitlistCount = registrations?.waitlist.length ?? tournament.waitlistCount;
  const panel = { idPrefix: 'tournament', tab };
  // what every tab of another domain is given (the shell puts them in)
  const tabProps: TabPanelProps = { t, locale, tournamentId: tournament.id };
  const fieldProps: FieldProps = {
    ...tabProps,
    teamSize: tournament.teamSize,
    finalized: tournament.finalized,
    players: (registrations?.members ?? [])
      .filter((m) => m.confirmed)
      .map((m) => ({ id: m.userId, username: m.username })),
  };

  return (
    <>
      <div
        className={
          'flex flex-col gap-4 rounded-2xl border border-line ' +
          'bg-panel/80 p-5 lg:flex-row lg:items-center lg:justify-between'
        }
      >
        <div className="min-w-0 space-y-2">
          <p className="truncate text-xl font-bold text-white" data-testid="tournament-editor-name">
            {tournament.name}
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-400">
            <PhaseBadge phase={phaseOf(tournament)} t={t} testId="tournament-editor-phase" />
            <span data-testid="tournament-editor-players">
              {t('dashboard.tournaments.detail.playersSummary', {
                members: seatsTaken,
                max: tournament.maxPartecipants,
                waitlist: waitlistCount,
              })}
            </span>
            <PublicPageLink path={`/tournament/${encodeURIComponent(tournament.id)}`} locale={locale}>
              {t('dashboard.tournaments.detail.publicPage')}
            </PublicPageLink>
            {tournament.format === 'battle_royale' && (
              <a
                href={localizePath(sectionPath('tournamentsReports', { id: tournament.id }), locale)}
                className={linkClass}
                data-testid="tournament-editor-reports"
              >
                {t('dashboard.sections.tournamentsReports')}
              </a>
            )}
            {/* who changed it: the audit log of this tournament, its results, reports, bracket and prizes */}
            <a
              href={localizePath(sectionPath('audit', { tournament: tournament.id }), locale)}
              className={linkClass}
              data-testid="tournament-editor-history"
            >
              {t('dashboard.tournaments.detail.history')}
            </a>
          </div>
        </div>
        <QuickStatus t={t} tournament={tournament} onChange={setTournament} />
      </div>

      <TabList
        tabs={tabs}
        tab={tab}
        onChange={select}
        idPrefix="tournament"
        label={t('dashboard.tournaments.detail.tabsLabel')}
        scrollable
      >
        {(name) => (
          <>
            {t(`dashboard.tournaments.detail.tabs.${name}`)}
            {name === 'players' && registrations && (
              <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs">{memberCount}</span>
            )}
          </>
        )}
      </TabList>

      {/* panels stay mounted, so unsaved form edits survive a look at the players */}
      <TabPanel {...panel} name="settings">
        {settings}
      </TabPanel>
      <TabPanel {...panel} name="players" data-testid="tournament-panel-players">
        <PlayersPanel
          t={t}
          locale={locale}
          tournamentId={tournament.id}
          phase={phaseOf(tournament)}
          registrations={registrations}
          failure={regFailure}
          loading={regLoading}
          onReload={loadRegistrations}
          onChange={setRegistrations}
          maxPartecipants={tournament.maxPartecipants}
          finalized={tournament.finalized}
        />
      </TabPanel>
      {resultsTab && tabs.includes('results') && resultsOpened && (
        <TabPanel {...panel} name="results" data-testid="tournament-panel-results">
          {resultsTab(fieldProps)}
        </TabPanel>
      )}
      {bracketTab && tabs.includes('bracket') && (
        <TabPanel {...panel} name="bracket" data-testid="tournament-panel-bracket">
          {bracketTab({ ...fieldProps, checkInOpen: checkInStillOpen.has(phaseOf(tournament)) })}
        </TabPanel>
      )}
      {prizesTab && tabs.includes('prizes') && prizesOpened && (
        <TabPanel {...panel} name="prizes" data-testid="tournament-panel-prizes">
          {prizesTab({
            ...tabProps,
            format: tournament.format,
            onFinalised: () =>
              void call<'GET /tournaments/:id'>(`/tournaments/${encodeURIComponent(tournament.id)}`).then(
                (res) => res.ok && setTournament(res.data),
              ),
          })}
        </TabPanel>
      )}
      <TabPanel {...panel} name="email">
        <BroadcastForm t={t} tournamentId={tournament.id} memberCount={memberCount} waitlistCount={waitlistCount} />
      </TabPanel>
    </>
  );
}
