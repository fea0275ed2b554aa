import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { toast } from 'sonner';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { phaseOf } from '../../rules.ts';
import type { Competition, Tournament } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import BroadcastForm from './BroadcastForm.tsx';
import PhaseBadge from './PhaseBadge.tsx';
import PlayersPanel from './PlayersPanel.tsx';
import QuickStatus from './QuickStatus.tsx';
import type { Registrations } from './registrations.ts';
import TournamentForm from './TournamentForm.tsx';
import { EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { TabList } from '../../../../platform/ui/admin/TabList.tsx';

type Tab = 'settings' | 'players' | 'email' | 'bracket';
const tabs: Tab[] = ['settings', 'players', 'email'];
// single-elimination and round-robin tournaments also have their bracket
const tabsOf = (t: Tournament, withBracket: boolean): Tab[] => (withBracket && t.format !== 'battle_royale' ? [...tabs, 'bracket'] : tabs);
const initialTab = (): Tab => {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return ([...tabs, 'bracket'] as string[]).includes(hash) ? (hash as Tab) : 'settings';
};

/** The brackets domain's panel, handed in by the dashboard's section table (a domain's UI reaches another's only through the shell). */
export type BracketPanelView = ComponentType<{ t: SectionProps['t']; locale: SectionProps['locale']; tournamentId: string }>;

/** /dashboard/tournaments/new and /dashboard/tournaments/edit?id=…: the form, and on edit the players and e-mail panels (and the bracket, for bracket formats). */
export default function TournamentEditor({ t, locale, section, ownerId, agencyName = '', bracketPanel }: SectionProps & { bracketPanel?: BracketPanelView }) {
  const editor = useEditorRecord<Tournament>(section === 'tournamentsEdit', (id) => `/tournaments/${encodeURIComponent(id)}`);
  const [competitions, setCompetitions] = useState<Competition[] | null>(null);

  useEffect(() => {
    let live = true;
    api<Competition[]>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`).then((res) => {
      if (!live) return;
      if (res.ok) setCompetitions(res.data);
      else toast.error(t('dashboard.tournaments.form.competitionsError'));
    });
    return () => {
      live = false;
    };
  }, [ownerId, t]);

  return (
    <EditorFrame
      t={t}
      editor={editor}
      name="tournament"
      back={{ href: localizePath(sectionPath('tournaments'), locale), label: t('dashboard.tournaments.form.backToList') }}
      loading={t('dashboard.tournaments.form.loading')}
      recordId={(x) => x.id}
    >
      {(tournament) =>
        tournament ? (
          <EditView t={t} locale={locale} agencyName={agencyName} competitions={competitions} tournament={tournament} setTournament={editor.setRecord} bracketPanel={bracketPanel} />
        ) : (
          <TournamentForm t={t} locale={locale} agencyName={agencyName} tournament={null} competitions={competitions} onSaved={editor.setRecord} />
        )
      }
    </EditorFrame>
  );
}

function EditView({
  t,
  locale,
  agencyName,
  competitions,
  tournament,
  setTournament,
  bracketPanel: BracketPanel,
}: Pick<SectionProps, 't' | 'locale'> & {
  agencyName: string;
  competitions: Competition[] | null;
  tournament: Tournament;
  setTournament: (t: Tournament) => void;
  bracketPanel?: BracketPanelView;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [registrations, setRegistrations] = useState<Registrations | null>(null);
  const [regFailure, setRegFailure] = useState<string | null>(null);
  const [regLoading, setRegLoading] = useState(false);

  const loadRegistrations = useCallback(async () => {
    setRegLoading(true);
    const res = await api<Registrations>(`/tournaments/${encodeURIComponent(tournament.id)}/registrations`);
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
    history.replaceState(history.state, '', `${location.pathname}${location.search}${next === 'settings' ? '' : `#${next}`}`);
  };

  const memberCount = registrations?.members.length ?? tournament.members.length;
  const waitlistCount = registrations?.waitlist.length ?? tournament.waitlistCount;

  return (
    <>
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-panel/80 p-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0 space-y-2">
          <p className="truncate text-xl font-bold text-white" data-testid="tournament-editor-name">
            {tournament.name}
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-400">
            <PhaseBadge phase={phaseOf(tournament)} t={t} testId="tournament-editor-phase" />
            <span data-testid="tournament-editor-players">{t('dashboard.tournaments.detail.playersSummary', { members: memberCount, max: tournament.maxPartecipants, waitlist: waitlistCount })}</span>
            <a href={localizePath(`/tournament/${encodeURIComponent(tournament.id)}`, locale)} target="_blank" rel="noopener" className={linkClass}>
              {t('dashboard.tournaments.detail.publicPage')}
            </a>
          </div>
        </div>
        <QuickStatus t={t} tournament={tournament} onChange={setTournament} />
      </div>

      <TabList tabs={tabsOf(tournament, !!BracketPanel)} tab={tab} onChange={select} idPrefix="tournament" label={t('dashboard.tournaments.detail.tabsLabel')} scrollable>
        {(name) => (
          <>
            {t(`dashboard.tournaments.detail.tabs.${name}`)}
            {name === 'players' && registrations && <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs">{memberCount}</span>}
          </>
        )}
      </TabList>

      {/* panels stay mounted, so unsaved form edits survive a look at the players */}
      <div role="tabpanel" id="tournament-panel-settings" aria-labelledby="tournament-tab-settings" hidden={tab !== 'settings'}>
        <TournamentForm t={t} locale={locale} agencyName={agencyName} tournament={tournament} competitions={competitions} onSaved={setTournament} />
      </div>
      <div role="tabpanel" id="tournament-panel-players" aria-labelledby="tournament-tab-players" hidden={tab !== 'players'} data-testid="tournament-panel-players">
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
        />
      </div>
      <div role="tabpanel" id="tournament-panel-email" aria-labelledby="tournament-tab-email" hidden={tab !== 'email'}>
        <BroadcastForm t={t} tournamentId={tournament.id} memberCount={memberCount} waitlistCount={waitlistCount} />
      </div>
      {BracketPanel && tournament.format !== 'battle_royale' && (
        <div role="tabpanel" id="tournament-panel-bracket" aria-labelledby="tournament-tab-bracket" hidden={tab !== 'bracket'} data-testid="tournament-panel-bracket">
          <BracketPanel t={t} locale={locale} tournamentId={tournament.id} />
        </div>
      )}
    </>
  );
}
