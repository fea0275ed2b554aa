import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Tournament } from '../contract.ts';
import type { User } from '../../accounts/contract.ts';
import { actionFor, phaseOf, type Action } from '../rules.ts';
import { countdownParts, differsFromRome, longDateTime, nextDeadline, sitePathOf } from '../tournament-view.ts';
import { phaseBadgeClass } from './phase-style.ts';
import { celebrateEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { Locale, IslandProps } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, $user, clearSession, loadSession, updateStoredUser } from '../../../platform/browser/session.ts';
import { useT, type Translator } from '../../../platform/ui/use-t.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import type { JoinResult } from './JoinDialog.tsx';

/** The tournament as the island holds it: the page renders description and rules itself. */
export type LiveTournament = Omit<Tournament, 'description' | 'rules' | 'translations'>;

interface Props extends IslandProps {
  tournament: LiveTournament;
  /** the server's clock when it rendered, so the first client render shows the same phase */
  serverNow: number;
  /** the banner's start text, formatted by the server (the fixed date text, or the start in Rome) */
  startText: string | null;
  links: { login: string; settings: string; go: { href: string; external: boolean } | null; calendar: string | null };
  /** /<brand>-bomber-championship: joining one of its tournaments offers the faction choice */
  championshipPath: string;
  communityUrl: string;
}

// the dialogs load on first use: the page's JavaScript before interaction stays small
const loadJoinDialog = () => import('./JoinDialog.tsx');
const JoinDialog = lazy(loadJoinDialog);
const TeamDialog = lazy(() => import('./TeamDialog.tsx'));
const AppToaster = lazy(() => import('../../../platform/ui/AppToaster.tsx'));
const ConfirmDialog = lazy(() => import('../../../platform/ui/ConfirmDialog.tsx'));
// a checked-in player's match report (issue 15, item 3): the results domain's dialog, its own chunk
const ReportDialog = lazy(() => import('../../results/ui/ReportDialog.tsx'));

type Confirming = 'leave' | 'leaveWaitlist' | 'checkOut' | null;
type MeState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The banner of /tournament/{id} (SPEC section 2): phase, private badge, start, countdown and the
 * action button with its dialogs. The badge and the button come from phaseOf/actionFor, the same
 * rules the server enforces. The page is rendered for a visitor; the visitor's own standing
 * (`me`) is read with their token once the island runs. The tabs and the sidebar are static
 * (TournamentTabs, TournamentFacts); the sidebar's counts follow the `tournament:change` event.
 */
export default function TournamentDetail(props: Props) {
  const { locale, messages, serverNow, links } = props;
  const t = useT(messages);
  const [tournament, setTournament] = useState<LiveTournament>(props.tournament);
  const [now, setNow] = useState(serverNow);
  const [hydrated, setHydrated] = useState(false);
  const [meState, setMeState] = useState<MeState>('idle');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReactNode>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [joining, setJoining] = useState(false);
  const [teamFor, setTeamFor] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [toaster, setToaster] = useState(false);
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  /** bumped to read the tournament again (after an action the server refused as out of date) */
  const [reload, setReload] = useState(0);
  const user = useStore($user);
  const token = useStore($token);
  const sessionLoading = useStore($sessionLoading);
  const actionRef = useRef<HTMLButtonElement>(null);
  const loggedIn = Boolean(user && token);
  const id = tournament.id;

  useEffect(() => {
    setHydrated(true);
    if ($sessionLoading.get()) loadSession();
    setNow(Date.now());
    setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // the visitor's standing needs their token: read the tournament again with it
  useEffect(() => {
    if (sessionLoading) return;
    if (!token) {
      setMeState('idle');
      setTournament((cur) => ({ ...cur, me: null }));
      return;
    }
    let live = true;
    setMeState('loading');
    api<Tournament>(`/tournaments/${encodeURIComponent(id)}`, { token }).then((res) => {
      if (!live) return;
      if (res.ok) {
        setTournament(strip(res.data));
        setMeState('ready');
      } else if (res.status === 401) {
        clearSession(); // an expired token: the visitor is anonymous again
      } else {
        setMeState('error');
        setFailure(t.error(res.code));
      }
    });
    return () => {
      live = false;
    };
  }, [token, sessionLoading, id, t, reload]);

  // the static sidebar shows the counts: tell it when they change
  useEffect(() => {
    const detail = { id: tournament.id, members: tournament.members.length, max: tournament.maxPartecipants, waitlist: tournament.waitlistCount };
    window.dispatchEvent(new CustomEvent('tournament:change', { detail }));
  }, [tournament.id, tournament.members.length, tournament.maxPartecipants, tournament.waitlistCount]);

  const notify = useCallback(async (message: string, kind: 'success' | 'error' = 'success') => {
    setToaster(true);
    const { toast } = await import('sonner');
    toast[kind](message);
  }, []);

  const phase = phaseOf(tournament, now);
  const me = tournament.me;

  // "Più tardi" only defers the faction (issue 12, item 12): a member without one is offered it here
  const [teamPending, setTeamPending] = useState<string | null>(null);
  const inRoster = Boolean(me?.member || me?.waitlistPosition != null);
  const competitionId = tournament.competitionId;
  useEffect(() => {
    if (!inRoster || !competitionId || !user) return setTeamPending(null);
    let live = true;
    void withoutFaction(competitionId, user.id, props.championshipPath).then((missing) => live && setTeamPending(missing ? competitionId : null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the user's id is what matters; a new object for the same user must not refetch
  }, [inRoster, competitionId, user?.id, props.championshipPath]);
  const pending = !hydrated || sessionLoading || (Boolean(token) && meState !== 'ready' && meState !== 'error');
  const action: Action | null = pending ? null : actionFor(phase, { loggedIn, member: Boolean(me?.member), confirmed: Boolean(me?.confirmed), waitlisted: me?.waitlistPosition != null, disqualified: me?.disqualified });

  const registerPath = (suffix = '') => `/tournaments/${encodeURIComponent(id)}/register${suffix}?userID=${encodeURIComponent(user?.id ?? '')}`;

  const afterFailure = (code: string, status: number) => {
    setConfirming(null); // the error shows on the page, not behind the dialog
    if (status === 401) clearSession();
    // a conflict means the page is behind the server (the window closed, a slot moved): catch up
    else if (status === 409) setReload((n) => n + 1);
    setFailure(t.error(code));
  };

  /** Leave, leave the waitlist, check out (after their confirmation) and check in. */
  const run = async (kind: 'leave' | 'leaveWaitlist' | 'checkIn' | 'checkOut') => {
    if (!user || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (kind === 'checkIn') {
        // loaded on use, like the dialogs: the page's JavaScript before interaction stays small
        const { checkInAccount, registrationBody } = await import('../join.ts');
        let account = checkInAccount(user, tournament);
        if (!account) {
          // the stored profile may be older than the one the player registered with
          const fresh = await api<User>('/users/me');
          if (fresh.ok) {
            updateStoredUser(fresh.data);
            account = checkInAccount(fresh.data, tournament);
          }
        }
        if (!account) {
          setFailure(
            <>
              {t('tournaments.action.noGameAccount')}{' '}
              <a href={links.settings} className="font-semibold underline underline-offset-4">
                {t('tournaments.action.settingsLink')}
              </a>
            </>,
          );
          return;
        }
        const res = await api<Tournament>(registerPath('/checkin'), { body: registrationBody(user.id, account) });
        if (!res.ok) return afterFailure(res.code, res.status);
        setTournament(strip(res.data));
        void notify(t('tournaments.action.checkedIn'));
        celebrateEarnedBadges(res.earnedBadges);
        return;
      }
      const res = await api<Tournament>(registerPath(kind === 'checkOut' ? '/checkin' : ''), { method: 'PUT' });
      if (!res.ok) return afterFailure(res.code, res.status);
      setTournament(strip(res.data));
      setConfirming(null);
      void notify(t(kind === 'checkOut' ? 'tournaments.action.checkedOut' : kind === 'leave' ? 'tournaments.action.left' : 'tournaments.action.leftWaitlist'));
    } finally {
      setBusy(false);
    }
  };

  const onJoined = async (result: JoinResult) => {
    setJoining(false);
    setTournament(strip(result.tournament));
    setFailure(null);
    void notify(result.state === 'waitlist' ? t('tournaments.action.waitlisted', { position: result.waitlistPosition ?? '' }) : t('tournaments.action.joined'));
    // SPEC section 4: after joining a tournament of the championship, a player without a faction picks one
    const joinedIn = result.tournament.competitionId;
    if (joinedIn && user && (await withoutFaction(joinedIn, user.id, props.championshipPath))) setTeamFor(joinedIn);
  };

  const deadline = hydrated ? nextDeadline(tournament, now) : null;
  const left = deadline ? deadline.at - now : 0;
  const otherZone = hydrated && differsFromRome(timeZone, [tournament.start_tournament]) ? timeZone : undefined;
  const localStart = otherZone && !tournament.dateText[locale]?.trim() ? longDateTime(tournament.start_tournament, locale, otherZone) : null;

  return (
    <>
      <section aria-labelledby="tournament-name" className="relative isolate overflow-hidden border-b border-line" data-testid="tournament-banner">
        {tournament.banner ? (
          <img src={tournament.banner} alt="" className="absolute inset-0 -z-20 size-full object-cover" data-testid="tournament-banner-image" />
        ) : (
          <img src="/tournaments/hero.svg" alt="" className="absolute inset-0 -z-20 size-full object-cover opacity-80" />
        )}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/80 to-ink/30 sm:bg-gradient-to-r sm:from-ink sm:via-ink/75 sm:to-ink/10" />
        <div className="mx-auto max-w-7xl px-4 pt-12 pb-10 sm:px-6 sm:pt-28 sm:pb-12">
          <div className="flex flex-wrap items-center gap-2">
            <span data-phase={phase} className={phaseBadgeClass} data-testid="tournament-phase">
              {t(`tournaments.phase.${phase}`)}
            </span>
            {!tournament.open && (
              <span
                className="inline-flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-200 ring-1 ring-amber-400/50"
                title={t('tournaments.detail.privateHint')}
                data-testid="tournament-private"
              >
                <LockIcon />
                {t('tournaments.detail.private')}
              </span>
            )}
          </div>
          <h1 id="tournament-name" className="mt-4 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl" data-testid="tournament-name">
            {tournament.name}
          </h1>
          {props.startText && (
            <div className="mt-4 space-y-1">
              <p className="flex items-center gap-2 text-lg font-medium text-slate-100" data-testid="tournament-start">
                <CalendarIcon />
                <time dateTime={tournament.start_tournament ?? undefined}>{props.startText}</time>
              </p>
              {localStart && (
                <p className="pl-7 text-sm text-slate-300" data-testid="tournament-start-local">
                  {t('tournaments.detail.yourTime', { date: localStart })}
                </p>
              )}
            </div>
          )}

          {deadline && left > 0 && <Countdown t={t} locale={locale} kind={deadline.kind} ms={left} />}

          <div className="mt-7 flex flex-wrap items-center gap-3">
            <ActionButton
              t={t}
              action={action}
              busy={busy}
              loginHref={links.login}
              buttonRef={actionRef}
              onJoin={() => setJoining(true)}
              onWarm={() => void loadJoinDialog()}
              onCheckIn={() => void run('checkIn')}
              onConfirm={(kind) => {
                setFailure(null);
                setConfirming(kind);
              }}
            />
            {teamPending && !teamFor && (
              <button
                type="button"
                onClick={() => setTeamFor(teamPending)}
                title={t('tournaments.team.pending')}
                className="inline-flex items-center gap-2 rounded-lg border border-accent/60 bg-accent/15 px-5 py-2.5 font-semibold text-white transition hover:border-accent"
                data-testid="tournament-pick-team"
              >
                {t('tournaments.team.pick')}
              </button>
            )}
            {loggedIn && mayReport(tournament) && (
              <button
                type="button"
                onClick={() => setReporting(true)}
                className="inline-flex items-center gap-2 rounded-lg border border-accent/60 bg-accent/15 px-5 py-2.5 font-semibold text-white transition hover:border-accent"
                data-testid="tournament-report"
              >
                {t('results.report.open')}
              </button>
            )}
            {links.go && (
              <a
                href={links.go.href}
                {...(links.go.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="inline-flex items-center gap-2 rounded-lg border border-white/25 bg-black/60 px-5 py-2.5 font-semibold text-white transition hover:border-accent"
                data-testid="tournament-go"
              >
                {t('tournaments.detail.goToTournament')}
                <ArrowIcon />
              </a>
            )}
            {links.calendar && (
              <a href={links.calendar} download className="inline-flex items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-accent underline-offset-4 hover:underline" data-testid="tournament-calendar">
                <CalendarIcon />
                {t('tournaments.detail.addToCalendar')}
              </a>
            )}
          </div>

          <div className="mt-4 space-y-2 text-sm" aria-live="polite">
            {action?.kind === 'signup' && <p className="text-slate-300">{t('tournaments.action.signupHint')}</p>}
            {loggedIn && me && <Standing t={t} me={me} />}
            {failure && (
              <p role="alert" className="max-w-2xl rounded-lg border border-rose-500/40 bg-rose-950/70 px-4 py-3 text-rose-100" data-testid="tournament-action-error">
                {failure}
              </p>
            )}
          </div>
        </div>
      </section>

      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t(`tournaments.confirm.${confirming}Title`)}
            message={t(`tournaments.confirm.${confirming}Message`)}
            confirmLabel={t(`tournaments.confirm.${confirming}Confirm`)}
            // "Annulla" beside "Annulla check-in" reads as the same action: check-out names both sides
            cancelLabel={t(confirming === 'checkOut' ? 'tournaments.confirm.checkOutCancel' : 'tournaments.confirm.cancel')}
            busy={busy}
            danger
            onCancel={() => {
              setConfirming(null);
              // back to the button that opened it
              requestAnimationFrame(() => actionRef.current?.focus());
            }}
            onConfirm={() => void run(confirming)}
            testId="tournament-confirm"
          />
        </Suspense>
      )}
      {joining && user && (
        <Suspense fallback={null}>
          <JoinDialog t={t} locale={locale} tournament={tournament} user={user} communityUrl={props.communityUrl} settingsHref={links.settings} onClose={() => setJoining(false)} onJoined={onJoined} />
        </Suspense>
      )}
      {teamFor && (
        <Suspense fallback={null}>
          <TeamDialog
            t={t}
            competitionId={teamFor}
            onClose={() => setTeamFor(null)}
            onChosen={(team) => {
              setTeamFor(null);
              setTeamPending(null);
              void notify(t('tournaments.team.chosen', { team: t(`tournaments.team.${team}`) }));
            }}
          />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog t={t} tournamentId={tournament.id} onClose={() => setReporting(false)} />
        </Suspense>
      )}
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}

/**
 * The banner's main button: the shared primary button (islands/shared/ui.ts), written out here so
 * the page does not load that module's chunk before interaction (85 KB budget).
 */
const actionClass =
  'inline-flex min-w-40 items-center justify-center gap-2 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-lg shadow-brand/20 ' +
  'transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50 outline-none focus-visible:ring-2 focus-visible:ring-accent ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

const strip = ({ description: _d, rules: _r, ...rest }: Tournament): LiveTournament => rest;

/**
 * "Report a match" shows to a checked-in player while a battle-royale tournament is live and not
 * finalised: the rules the server checks (src/features/results/server/report-service.ts), which
 * also refuses a player of a team tournament who is on no team yet.
 */
const mayReport = (t: LiveTournament) => t.status === 1 && t.format === 'battle_royale' && !t.finalized && Boolean(t.me?.confirmed);

/** True when `userId` has no faction in the championship `competitionId` (other competitions have none to pick). */
async function withoutFaction(competitionId: string, userId: string, championshipPath: string): Promise<boolean> {
  const res = await api<{ url: string; teams: { players: { playerId: string }[] }[] }>(`/tournaments/competitions/${encodeURIComponent(competitionId)}`);
  if (!res.ok || sitePathOf(res.data.url, location.origin) !== championshipPath) return false;
  return !res.data.teams.some((team) => team.players.some((p) => p.playerId === userId));
}

function ActionButton({
  t,
  action,
  busy,
  loginHref,
  buttonRef,
  onJoin,
  onWarm,
  onCheckIn,
  onConfirm,
}: {
  t: Translator;
  action: Action | null;
  busy: boolean;
  loginHref: string;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  onJoin: () => void;
  onWarm: () => void;
  onCheckIn: () => void;
  onConfirm: (kind: 'leave' | 'leaveWaitlist' | 'checkOut') => void;
}) {
  const base = actionClass;
  if (!action) {
    return (
      <button type="button" disabled className={base} data-testid="tournament-action" data-action="loading">
        {t('tournaments.action.loading')}
      </button>
    );
  }
  if (action.kind === 'signup') {
    return (
      <a href={loginHref} className={base} data-testid="tournament-action" data-action="signup">
        {t('tournaments.action.signup')}
      </a>
    );
  }
  if (action.kind === 'disabled') {
    return (
      <button type="button" disabled className={base} data-testid="tournament-action" data-action={action.label}>
        {t(`tournaments.action.${action.label}`)}
      </button>
    );
  }
  const danger = action.kind === 'leave' || action.kind === 'leaveWaitlist' || action.kind === 'checkOut';
  const onClick = () => {
    if (action.kind === 'join') onJoin();
    else if (action.kind === 'checkIn') onCheckIn();
    else onConfirm(action.kind);
  };
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      onPointerEnter={action.kind === 'join' ? onWarm : undefined}
      onFocus={action.kind === 'join' ? onWarm : undefined}
      disabled={busy}
      aria-busy={busy || undefined}
      className={danger ? `${base} bg-rose-600 shadow-rose-900/30 hover:bg-rose-700` : base}
      data-testid="tournament-action"
      data-action={action.kind}
    >
      {busy ? t('tournaments.action.busy') : t(`tournaments.action.${action.kind}`)}
    </button>
  );
}

function Standing({ t, me }: { t: Translator; me: NonNullable<LiveTournament['me']> }) {
  if (me.disqualified)
    return (
      <p className="inline-flex items-center gap-2 rounded-full bg-rose-950/70 px-3 py-1.5 font-medium text-rose-200 ring-1 ring-rose-500/40" data-testid="tournament-standing" data-standing="disqualified">
        {t('tournaments.action.disqualifiedStanding')}
      </p>
    );
  const text = me.member ? t(me.confirmed ? 'tournaments.action.confirmed' : 'tournaments.action.member') : me.waitlistPosition != null ? t('tournaments.action.waitlistPosition', { position: me.waitlistPosition }) : null;
  if (!text) return null;
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-emerald-950/70 px-3 py-1.5 font-medium text-emerald-200 ring-1 ring-emerald-500/40" data-testid="tournament-standing">
      {text}
    </p>
  );
}

function Countdown({ t, locale, kind, ms }: { t: Translator; locale: Locale; kind: string; ms: number }) {
  const parts = countdownParts(ms);
  const units = ['days', 'hours', 'minutes', 'seconds'] as const;
  return (
    <div className="mt-6" data-testid="tournament-countdown" data-kind={kind}>
      <p className="text-xs font-semibold tracking-wider text-slate-300 uppercase">{t(`tournaments.detail.countdown.${kind}`)}</p>
      {/* a timer, not a list: an <ol> given role=timer would leave its <li>s without a list (axe: listitem) */}
      <div className="mt-2 flex gap-2" role="timer" aria-live="off">
        {units.map((u) => (
          // no backdrop blur: it ticks every second, and a blur repaints the banner behind it each time
          <div key={u} className="flex min-w-16 flex-col items-center rounded-xl bg-black/60 px-3 py-2 ring-1 ring-white/10">
            <span className="text-2xl font-extrabold text-white tabular-nums" data-testid={`countdown-${u}`}>
              {String(parts[u]).padStart(2, '0')}
            </span>
            <span className="text-[0.7rem] tracking-wide text-slate-300 uppercase" data-testid={`countdown-${u}-label`}>
              {t(pluralKey(`tournaments.detail.countdown.${u}`, parts[u], locale))}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const CalendarIcon = () => (
  <svg {...iconProps}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </svg>
);
const LockIcon = () => (
  <svg {...iconProps} width={14} height={14}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);
const ArrowIcon = () => (
  <svg {...iconProps}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);
