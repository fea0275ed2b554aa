import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
// Astro's React renderer, the one every island of the site mounts with: importing react-dom/client
// here too would cut the renderer's chunk in two, and every page with an island would pay the seam
import mountWithAstro from '@astrojs/react/client.js';
import type { User } from '../../accounts/contract.ts';
import { checkInAccount, registrationBody } from '../join.ts';
import { celebrateEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../../accounts/endpoints.ts';
import type { TournamentsApi } from '../endpoints.ts';
import type { Locale, Messages } from '../../../platform/i18n/i18n.ts';
import { $user, clearSession, updateStoredUser } from '../../../platform/browser/session.ts';
import { useT } from '../../../platform/ui/use-t.ts';
import JoinDialog, { type JoinResult } from './JoinDialog.tsx';
import ConfirmDialog from '../../../platform/ui/ConfirmDialog.tsx';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { withoutFaction, type BannerHost, type BannerIntent } from './banner-model.ts';
import { ENTRY_TEAMS_CHANGED } from './entry-teams-event.ts';
import { isFull } from '../rules.ts';

/**
 * Tells the page's list of teams (<entry-teams>, on a team tournament's page) to read again: a member's join, leave
 * or check-in changes their team's state.
 */
const teamsChanged = () => document.dispatchEvent(new CustomEvent(ENTRY_TEAMS_CHANGED));

const call: TypedCall<AccountsApi & TournamentsApi> = api;

/**
 * The tournament page's dialogs and actions (join, faction, leave and check-out confirmations,
 * check-in, match report), loaded by <tournament-banner> on the first click that needs them: React
 * and the dialogs are not part of the page's JavaScript before interaction.
 * The element keeps the page's state; this module acts and tells it what changed (BannerHost).
 */
// the dialogs a click opens come with this chunk (one wait on the first click); the toasts, and the
// faction choice that follows a championship join, load on use, as on the island before: the
// badge-earned modal a join may raise loads its own code meanwhile and opens first, under the faction choice
const AppToaster = lazy(() => import('../../../platform/ui/AppToaster.tsx'));
const TeamDialog = lazy(() => import('./TeamDialog.tsx'));

/** The three namespaces the dialogs read, in the page's language: a chunk of their own each. */
async function loadMessages(locale: Locale): Promise<Messages> {
  const [tournaments, errors, results] = await Promise.all(
    locale === 'en'
      ? [
          import('../../../../locales/en/tournaments.json'),
          import('../../../../locales/en/errors.json'),
          import('../../../../locales/en/results.json'),
        ]
      : [
          import('../../../../locales/it/tournaments.json'),
          import('../../../../locales/it/errors.json'),
          import('../../../../locales/it/results.json'),
        ],
  );
  return { tournaments: tournaments.default, errors: errors.default, results: results.default };
}

export interface Actions {
  run(intent: BannerIntent): void;
  /** an API error code in the page's language (the banner's own reads fail too) */
  errorText(code: string): string;
}

/** A checked-in player's match report: the results domain's dialog, which the page joins in. */
export type ReportDialog = ComponentType<{ t: Translator; tournamentId: string; onClose: () => void }>;

/**
 * Mounts the dialogs' root into `container` once; `run` opens a dialog or starts an action. The page
 * composes it with the report dialog (tournaments do not import the results' UI).
 */
export async function mountActions(container: HTMLElement, host: BannerHost, Report: ReportDialog): Promise<Actions> {
  const messages = await loadMessages(host.locale);
  const queue: BannerIntent[] = [];
  let deliver: ((intent: BannerIntent) => void) | null = null;
  const props = {
    host,
    messages,
    Report,
    subscribe: (fn: (intent: BannerIntent) => void) => {
      deliver = fn;
      queue.splice(0).forEach(fn);
      return () => {
        deliver = null;
      };
    },
  };
  // the renderer mounts into a container marked as an island's (`ssr`); 'only': render, no hydration
  container.setAttribute('ssr', '');
  mountWithAstro(container)(TournamentActions, props, {}, { client: 'only' });
  const errors = messages.errors as Record<string, string>;
  return {
    run: (intent) => (deliver ? deliver(intent) : queue.push(intent)),
    errorText: (code) => errors[code] ?? errors.INTERNAL_ERROR ?? code,
  };
}

type Confirming = 'leave' | 'leaveWaitlist' | 'checkOut' | null;

function TournamentActions({
  host,
  messages,
  Report,
  subscribe,
}: {
  host: BannerHost;
  messages: Messages;
  Report: ReportDialog;
  subscribe: (fn: (intent: BannerIntent) => void) => () => void;
}) {
  const t = useT(messages);
  const { locale, links } = host;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [joining, setJoining] = useState<User | null>(null);
  const [teamFor, setTeamFor] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [toaster, setToaster] = useState(false);
  const [busy, setBusyState] = useState(false);
  // Where the focus goes once a dialog has closed and left it nowhere: the confirm dialog is removed with the focus
  // inside it, and "pick your faction" is hidden while its own dialog is open. Focus the player moved on is theirs.
  const [refocus, setRefocus] = useState<{ team: boolean } | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (refocus && (!active || active === document.body)) host.focusAction(refocus.team);
  }, [refocus, host]);

  const setBusy = (on: boolean) => {
    setBusyState(on);
    host.busy(on);
  };

  const notify = async (message: string) => {
    setToaster(true);
    const { toast } = await import('sonner');
    toast.success(message);
  };

  const openTeam = (competitionId: string) => {
    setTeamFor(competitionId);
    host.team(true);
  };

  const registerPath = <S extends '' | '/checkin'>(userId: string, suffix: S) => {
    const id = encodeURIComponent(host.current().id);
    return `/tournaments/${id}/register${suffix}?userID=${encodeURIComponent(userId)}` as const;
  };

  const afterFailure = (code: string, status: number) => {
    setConfirming(null); // the error shows on the page, not behind the dialog
    if (status === 401) clearSession();
    // a conflict means the page is behind the server (the window closed, a slot moved): catch up
    else if (status === 409) host.reload();
    host.fail({ text: t.error(code) });
  };

  /** Leave, leave the waitlist, check out (after their confirmation) and check in. */
  const run = async (kind: 'leave' | 'leaveWaitlist' | 'checkIn' | 'checkOut') => {
    const user = $user.get();
    if (!user) return;
    setBusy(true);
    host.fail(null);
    try {
      if (kind === 'checkIn') {
        const tournament = host.current();
        let account = checkInAccount(user, tournament);
        if (!account) {
          // the stored profile may be older than the one the player registered with
          const fresh = await call<'GET /users/me'>('/users/me');
          if (fresh.ok) {
            updateStoredUser(fresh.data);
            account = checkInAccount(fresh.data, tournament);
          }
        }
        if (!account) {
          host.fail({
            text: t('tournaments.action.noGameAccount'),
            link: { href: links.settings, text: t('tournaments.action.settingsLink') },
          });
          return;
        }
        const res = await call<'POST /tournaments/:id/register/checkin'>(registerPath(user.id, '/checkin'), {
          body: registrationBody(user.id, account),
        });
        if (!res.ok) return afterFailure(res.code, res.status);
        host.update(res.data);
        teamsChanged();
        void notify(t('tournaments.action.checkedIn'));
        celebrateEarnedBadges(res.earnedBadges);
        return;
      }
      const res = await call<'PUT /tournaments/:id/register' | 'PUT /tournaments/:id/register/checkin'>(
        registerPath(user.id, kind === 'checkOut' ? '/checkin' : ''),
        { method: 'PUT' },
      );
      if (!res.ok) return afterFailure(res.code, res.status);
      host.update(res.data);
      teamsChanged();
      setConfirming(null);
      void notify(
        t(
          kind === 'checkOut'
            ? 'tournaments.action.checkedOut'
            : kind === 'leave'
              ? 'tournaments.action.left'
              : 'tournaments.action.leftWaitlist',
        ),
      );
    } finally {
      setBusy(false);
      setRefocus({ team: false });
    }
  };

  const onJoined = async (result: JoinResult) => {
    setJoining(null);
    host.update(result.tournament);
    host.fail(null);
    void notify(
      result.state === 'waitlist'
        ? t('tournaments.action.waitlisted', { position: result.waitlistPosition ?? '' })
        : result.state === 'teamPending'
          ? t('tournaments.action.teamRegistered')
          : t('tournaments.action.joined'),
    );
    // the page's list of teams (<entry-teams>) shows the new one
    if (result.state === 'teamPending') teamsChanged();
    // after joining a tournament of the championship, a player without a faction picks one
    const joinedIn = result.tournament.competitionId;
    const user = $user.get();
    if (joinedIn && user && (await withoutFaction(joinedIn, user.id, host.championshipPath))) openTeam(joinedIn);
  };

  // the banner's clicks, the first one included (it arrived before this root existed)
  useEffect(
    () =>
      subscribe((intent) => {
        if (intent.kind === 'join') {
          const user = $user.get();
          if (user) setJoining(user);
        } else if (intent.kind === 'checkIn') void run('checkIn');
        else if (intent.kind === 'team') openTeam(intent.competitionId);
        else if (intent.kind === 'report') setReporting(true);
        else {
          host.fail(null);
          setConfirming(intent.kind);
        }
      }),
    // the host and the subscription are fixed for the root's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const tournament = host.current();
  return (
    <>
      {confirming && (
        <ConfirmDialog
          open
          title={t(`tournaments.confirm.${confirming}Title`)}
          message={t(`tournaments.confirm.${confirming}Message`)}
          confirmLabel={t(`tournaments.confirm.${confirming}Confirm`)}
          // "Annulla" beside "Annulla check-in" reads as the same action: check-out names both sides
          cancelLabel={t(
            confirming === 'checkOut' ? 'tournaments.confirm.checkOutCancel' : 'tournaments.confirm.cancel',
          )}
          busy={busy}
          danger
          onCancel={() => {
            setConfirming(null);
            setRefocus({ team: false });
          }}
          onConfirm={() => void run(confirming)}
          testId="tournament-confirm"
        />
      )}
      {joining && (
        <JoinDialog
          t={t}
          locale={locale}
          tournament={tournament}
          full={isFull(tournament.memberCount, tournament.maxPartecipants)}
          user={joining}
          communityUrl={host.communityUrl}
          settingsHref={links.settings}
          onClose={() => setJoining(null)}
          onJoined={onJoined}
        />
      )}
      {teamFor && (
        <Suspense fallback={null}>
          <TeamDialog
            t={t}
            competitionId={teamFor}
            onClose={() => {
              setTeamFor(null);
              host.team(false);
              setRefocus({ team: true });
            }}
            onChosen={(team) => {
              setTeamFor(null);
              host.team(false, true);
              setRefocus({ team: true });
              void notify(t('tournaments.team.chosen', { team: t(`tournaments.team.${team}`) }));
            }}
          />
        </Suspense>
      )}
      {reporting && <Report t={t} tournamentId={tournament.id} onClose={() => setReporting(false)} />}
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
