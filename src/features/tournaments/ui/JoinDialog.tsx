import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Tournament } from '../contract.ts';
import type { GameAccount, User } from '../../accounts/contract.ts';
import {
  eligibleAccounts,
  fortniteAccount,
  registrationBody,
  savedEpicId,
  teamRegistrationBody,
  withAccount,
  type Teammate,
} from '../join.ts';
import { isFortnite } from '../tournament-view.ts';
import { celebrateEarnedBadges, type EarnedBadge } from '../../../platform/ui/earned-badges/earned-badge.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { Answer, TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../../accounts/endpoints.ts';
import type { TournamentsApi } from '../endpoints.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { clearSession, updateStoredUser } from '../../../platform/browser/session.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { useForm } from '../../../platform/ui/use-form.ts';
import DialogActions from '../../../platform/ui/DialogActions.tsx';
import LineIcon from '../../../platform/ui/LineIcon.tsx';
import { controlProps } from '../../../platform/ui/FormField.tsx';
import {
  errorBoxClass,
  inputClass,
  labelClass,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  selectClass,
} from '../../../platform/ui/ui.ts';
import TitledModal from '../../../platform/ui/TitledModal.tsx';

const call: TypedCall<AccountsApi & TournamentsApi> = api;

/** What a join answers: a member, or a place on the waitlist. */
export type JoinResult = Answer<TournamentsApi, 'POST /tournaments/:id/register'>;

interface Props {
  t: Translator;
  locale: Locale;
  tournament: Pick<Tournament, 'id' | 'name' | 'game' | 'console' | 'open' | 'teamSize'>;
  /** every seat is taken: a sign-up on their own queues on the waitlist */
  full: boolean;
  user: User;
  communityUrl: string;
  settingsHref: string;
  onClose: () => void;
  onJoined: (result: JoinResult) => void;
}

type Help = 'discord' | 'epic' | null;

/**
 * The join dialog. Fortnite: chat-community username and Epic ID (prefilled from the profile's Epic ID or its saved
 * Fortnite account), saved on the profile first (the join aborts if that fails). Other games: one of the saved accounts
 * for the game, or a new one (kept on the profile by the join itself, only when it succeeds). A private tournament asks
 * for its password. A failed registration shows its translated error and the dialog stays open. In a duo, trio or squad
 * tournament the player registers a team as its captain: its name and each teammate's username and in-game name (an
 * earlier team of theirs fills them in); the teammates are invited.
 */
export default function JoinDialog({
  t,
  tournament,
  full,
  user: storedUser,
  communityUrl,
  settingsHref,
  onClose,
  onJoined,
}: Props) {
  const fortnite = isFortnite(tournament.game);
  const [user, setUser] = useState<User>(storedUser);
  const {
    register,
    setValue,
    handleSubmit,
    reset,
    values,
    isSubmitting: busy,
  } = useForm({
    defaultValues: {
      discordId: storedUser.discordId ?? '',
      // the Epic ID of the profile, or of the Fortnite account saved in Settings for an allowed platform
      epicId: savedEpicId(storedUser, tournament),
      /** the index of a saved account, or '' */
      saved: '',
      newUsername: '',
      newId: '',
      newPlatform: tournament.console.length === 1 ? tournament.console[0]! : '',
      password: '',
    },
  });
  const { discordId, epicId, saved, newUsername, newId, password } = values;
  const [failure, setFailure] = useState<string | null>(null);
  const teamSize = tournament.teamSize ?? 1;
  // a player may also sign up alone, for the organiser to put in a team
  const [alone, setAlone] = useState(false);
  const asTeam = teamSize >= 2 && !alone;
  const [teamName, setTeamName] = useState('');
  const [teammates, setTeammates] = useState<Teammate[]>(() =>
    Array.from({ length: Math.max(teamSize - 1, 0) }, () => ({ username: '', gameName: '' })),
  );
  const [pastTeams, setPastTeams] = useState<Answer<TournamentsApi, 'GET /teams/mine'>>([]);
  /** a team of this tournament that invited the player: answered here rather than registering another */
  const [invitation, setInvitation] = useState<{ id: string; name: string } | null>(null);
  const [help, setHelp] = useState<Help>(null);
  const running = useRef(false);

  // the stored profile may be stale (another device): read it, keeping anything already typed
  useEffect(() => {
    let live = true;
    call<'GET /users/me'>('/users/me').then((res) => {
      if (!live || !res.ok) return;
      updateStoredUser(res.data);
      setUser(res.data);
      // what the player already changed stays
      reset(
        { ...values, discordId: res.data.discordId ?? '', epicId: savedEpicId(res.data, tournament) },
        { keepDirtyValues: true },
      );
    });
    // a captain's earlier teams of the same size, to register one again
    if (teamSize >= 2) {
      call<'GET /teams/mine'>('/teams/mine').then((res) => {
        if (live && res.ok) setPastTeams(res.data.filter((p) => p.members.length === teamSize));
      });
      call<'GET /tournaments/:id/entry-teams'>(`/tournaments/${encodeURIComponent(tournament.id)}/entry-teams`).then(
        (res) => {
          if (!live || !res.ok) return;
          const mine = res.data.find((team) =>
            team.members.some((m) => m.userId === storedUser.id && m.state === 'invited'),
          );
          if (mine) setInvitation({ id: mine.id, name: mine.name });
        },
      );
    }
    return () => {
      live = false;
    };
    // once, when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const accounts = eligibleAccounts(user, tournament);
  const consoleName = (c: string) => t(`tournaments.consoles.${c}`);
  const newPlatform = values.newPlatform;
  const typingNew = newUsername.trim() !== '' || newId.trim() !== '';
  const teamReady =
    !asTeam || (teamName.trim() !== '' && teammates.every((m) => m.username.trim() !== '' && m.gameName.trim() !== ''));
  const ready =
    teamReady &&
    (fortnite
      ? discordId.trim() !== '' && epicId.trim() !== ''
      : saved !== '' || (newUsername.trim() !== '' && newPlatform !== ''));
  const setTeammate = (i: number, field: keyof Teammate, value: string) =>
    setTeammates((all) => all.map((m, j) => (j === i ? { ...m, [field]: value } : m)));
  const fillFromPastTeam = (index: string) => {
    const past = pastTeams[Number(index)];
    if (!past) return;
    setTeamName(past.name);
    const others = past.members.filter((m) => m.username !== user.username);
    // an in-game name is the game's: one the earlier team played another game under would be refused
    const sameGame = past.game === tournament.game;
    setTeammates((all) =>
      all.map((m, i) => {
        const earlier = others[i];
        return {
          username: earlier?.username ?? m.username,
          gameName: sameGame && earlier?.gameName ? earlier.gameName : m.gameName,
        };
      }),
    );
  };
  // a new account's name or id: typing one clears the saved account, the two choices exclude each other
  const newAccountInput = (field: 'newUsername' | 'newId', id: string) => (
    <input
      {...controlProps(id)}
      {...register(field)}
      onChange={(e) => {
        setValue(field, e.target.value);
        if (e.target.value) setValue('saved', '');
      }}
      autoComplete="off"
      maxLength={64}
      className={inputClass}
    />
  );

  /** A failed call: its code's text when there is one, else the generic registration error. */
  const failWith = (code: string, status: number, fallbackKey = 'tournaments.join.genericError') => {
    if (status === 401) clearSession();
    const key = `errors.${code}`;
    setFailure(t(key) !== key ? t(key) : t(fallbackKey));
  };

  const acceptInvitation = async () => {
    if (!invitation || running.current) return;
    running.current = true;
    setFailure(null);
    try {
      const res = await call<'POST /tournaments/:id/entry-teams/:teamId/accept'>(
        `/tournaments/${encodeURIComponent(tournament.id)}/entry-teams/${encodeURIComponent(invitation.id)}/accept`,
        { body: {} },
      );
      if (!res.ok) return failWith(res.code, res.status);
      // the banner, the counts and the teams all change: the page is read again
      location.reload();
    } finally {
      running.current = false;
    }
  };

  const submit = async () => {
    if (!ready || running.current) return; // double submits are ignored
    running.current = true;
    setFailure(null);
    try {
      let account: GameAccount;
      let isNew = false;
      // saving the ids may complete the profile, which pays its badge at once: shown whatever the join then says
      let profileBadges: EarnedBadge[] = [];
      if (fortnite) {
        // the profile is updated first, and a failure there stops the join
        const update = { discordId: discordId.trim(), epicId: epicId.trim() };
        const res = await call<'PUT /users/pp/:id'>(`/users/pp/${encodeURIComponent(user.id)}`, {
          method: 'PUT',
          body: update,
        });
        if (!res.ok) return failWith(res.code, res.status, 'tournaments.join.profileError');
        updateStoredUser(res.data.data);
        profileBadges = res.earnedBadges ?? [];
        account = fortniteAccount(res.data.data, tournament, update.epicId);
      } else if (saved !== '') {
        account = accounts[Number(saved)];
      } else {
        account = {
          username: newUsername.trim(),
          id: newId.trim(),
          game: tournament.game as GameAccount['game'],
          console: newPlatform as GameAccount['console'],
        };
        // a new account is kept on the profile, so check-in and the next join find it: the server
        // saves it with the join itself, so a refused join (a wrong password) saves nothing
        isNew = true;
      }
      const res = await call<'POST /tournaments/:id/register'>(
        `/tournaments/${encodeURIComponent(tournament.id)}/register?userID=${encodeURIComponent(user.id)}`,
        {
          body: asTeam
            ? teamRegistrationBody(user.id, account, teamName, teammates, tournament.open ? undefined : password, isNew)
            : registrationBody(user.id, account, tournament.open ? undefined : password, isNew),
        },
      );
      if (!res.ok) {
        celebrateEarnedBadges(profileBadges);
        return failWith(res.code, res.status);
      }
      if (isNew) {
        const kept = { ...user, gameAccounts: withAccount(user.gameAccounts ?? [], account) };
        updateStoredUser(kept);
        setUser(kept);
      }
      celebrateEarnedBadges([...profileBadges, ...(res.earnedBadges ?? [])]);
      onJoined(res.data);
    } finally {
      running.current = false;
    }
  };

  // the Discord and Epic ids a Fortnite tournament asks for, each with the help on where to find it
  const gameIdField = (name: 'discordId' | 'epicId', id: string, topic: 'discord' | 'epic', hint?: ReactNode) => (
    <Field
      id={id}
      label={t(`tournaments.join.${name}`)}
      helpLabel={t(`tournaments.join.${topic}Help`)}
      onHelp={() => setHelp(topic)}
    >
      <input
        {...controlProps(id, undefined, !!hint)}
        {...register(name)}
        autoComplete="off"
        required
        maxLength={64}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </Field>
  );

  return (
    <TitledModal
      title={t('tournaments.join.title', { name: tournament.name })}
      closeLabel={t('tournaments.dialog.close')}
      onClose={onClose}
      busy={busy}
      testId="join-dialog"
    >
      <form onSubmit={handleSubmit(submit)} noValidate className="relative" data-testid="join-form">
        {/* hidden, not removed, while the help shows: the form keeps its size and its values */}
        <div className={`space-y-5 ${help ? 'invisible' : ''}`}>
          {invitation && (
            <div
              className="space-y-2 rounded-xl border border-accent/40 p-4 text-sm text-slate-100"
              data-testid="join-invitation"
            >
              <p>{t('tournaments.teams.invited', { team: invitation.name })}</p>
              <button
                type="button"
                onClick={() => void acceptInvitation()}
                className={primaryButtonClass}
                data-testid="join-invitation-accept"
              >
                {t('tournaments.teams.accept')}
              </button>
            </div>
          )}
          {fortnite ? (
            <>
              <div
                className="rounded-xl border border-indigo-400/40 bg-indigo-950/60 p-4 text-sm text-indigo-100"
                data-testid="join-community"
              >
                <p>{t('tournaments.join.fortniteReminder')}</p>
                <a
                  href={communityUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} mt-2 inline-block`}
                  data-testid="join-community-link"
                >
                  {t('tournaments.join.communityLink')}
                </a>
              </div>
              {gameIdField('discordId', 'join-discord-id', 'discord')}
              {gameIdField(
                'epicId',
                'join-epic-id',
                'epic',
                <>
                  {t('tournaments.join.accountPage')}{' '}
                  <a href={settingsHref} className={linkClass} data-testid="join-settings-link">
                    {t('tournaments.join.accountPageLink')}
                  </a>
                </>,
              )}
            </>
          ) : (
            <>
              <div className="space-y-1.5">
                <label htmlFor="join-saved-account" className={labelClass}>
                  {t('tournaments.join.savedAccounts')}
                </label>
                {accounts.length ? (
                  <select
                    {...controlProps('join-saved-account')}
                    {...register('saved')}
                    onChange={(e) => {
                      setValue('saved', e.target.value);
                      // choosing a saved account clears the new one
                      if (e.target.value !== '') {
                        setValue('newUsername', '');
                        setValue('newId', '');
                      }
                    }}
                    className={selectClass}
                  >
                    <option value="">{t('tournaments.join.chooseAccount')}</option>
                    {accounts.map((a, i) => (
                      <option key={`${a.console}-${a.username}-${i}`} value={String(i)}>
                        {t('tournaments.join.savedAccountOption', {
                          username: a.username,
                          platform: consoleName(a.console),
                        })}
                      </option>
                    ))}
                  </select>
                ) : (
                  <p className="text-sm text-slate-400" data-testid="join-no-accounts">
                    {t('tournaments.join.noSavedAccounts')}
                  </p>
                )}
              </div>
              <fieldset className="space-y-4 rounded-xl border border-line p-4" data-testid="join-new-account">
                {/* floated into the box: a legend on the border would run its second line over the border
                    on a phone */}
                <legend
                  className="float-left w-full text-sm font-semibold text-slate-200"
                  data-testid="join-new-account-legend"
                >
                  {t('tournaments.join.newAccount')}
                </legend>
                <p className="clear-both pt-1 text-xs text-slate-400">{t('tournaments.join.newAccountHint')}</p>
                <Field id="join-new-username" label={t('tournaments.join.username')}>
                  {newAccountInput('newUsername', 'join-new-username')}
                </Field>
                <Field id="join-new-id" label={t('tournaments.join.accountId')}>
                  {newAccountInput('newId', 'join-new-id')}
                </Field>
                <div className="grid gap-4">
                  <Field id="join-new-game" label={t('tournaments.join.game')}>
                    <input
                      {...controlProps('join-new-game')}
                      value={t(`tournaments.games.${tournament.game}`)}
                      readOnly
                      disabled
                      className={inputClass}
                    />
                  </Field>
                  <Field id="join-new-platform" label={t('tournaments.join.platform')}>
                    <select
                      {...controlProps('join-new-platform')}
                      {...register('newPlatform')}
                      onChange={(e) => {
                        setValue('newPlatform', e.target.value);
                        if (typingNew) setValue('saved', '');
                      }}
                      className={selectClass}
                    >
                      <option value="">{t('tournaments.join.platformPlaceholder')}</option>
                      {tournament.console.map((c) => (
                        <option key={c} value={c}>
                          {consoleName(c)}
                        </option>
                      ))}
                    </select>
                  </Field>
                </div>
              </fieldset>
            </>
          )}

          {teamSize >= 2 && (
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={alone}
                onChange={(e) => setAlone(e.target.checked)}
                data-testid="join-alone"
              />
              {t('tournaments.join.alone')}
            </label>
          )}
          {asTeam && (
            <fieldset className="space-y-4 rounded-xl border border-line p-4" data-testid="join-team">
              <legend className="float-left w-full text-sm font-semibold text-slate-200">
                {t('tournaments.join.teamLegend', { size: teamSize })}
              </legend>
              <p className="clear-both pt-1 text-xs text-slate-400">{t('tournaments.join.teamHint')}</p>
              {pastTeams.length > 0 && (
                <Field id="join-past-team" label={t('tournaments.join.pastTeam')}>
                  <select
                    {...controlProps('join-past-team')}
                    defaultValue=""
                    onChange={(e) => fillFromPastTeam(e.target.value)}
                    className={selectClass}
                  >
                    <option value="">{t('tournaments.join.pastTeamNone')}</option>
                    {pastTeams.map((p, i) => (
                      <option key={`${p.name}-${i}`} value={String(i)}>
                        {`${p.name} (${p.members.map((m) => m.username).join(', ')})`}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              <Field id="join-team-name" label={t('tournaments.join.teamName')}>
                <input
                  {...controlProps('join-team-name')}
                  value={teamName}
                  onChange={(e) => setTeamName(e.target.value)}
                  autoComplete="off"
                  maxLength={40}
                  className={inputClass}
                />
              </Field>
              {teammates.map((m, i) => (
                // side by side, the two inputs line up even when one label takes two lines
                <div key={i} className="grid gap-3 sm:grid-cols-2 sm:items-end" data-testid="join-teammate">
                  {(
                    [
                      // numbered only when there are several to tell apart (a duo has one teammate)
                      [
                        'username',
                        `join-teammate-${i}`,
                        teammates.length > 1
                          ? t('tournaments.join.teammate', { n: i + 1 })
                          : t('tournaments.join.teammateOnly'),
                      ],
                      ['gameName', `join-teammate-game-${i}`, t('tournaments.join.teammateGameName')],
                    ] as const
                  ).map(([field, id, label]) => (
                    <Field key={field} id={id} label={label}>
                      <input
                        {...controlProps(id)}
                        value={m[field]}
                        onChange={(e) => setTeammate(i, field, e.target.value)}
                        autoComplete="off"
                        maxLength={64}
                        className={inputClass}
                      />
                    </Field>
                  ))}
                </div>
              ))}
            </fieldset>
          )}

          {!tournament.open && (
            <Field id="join-password" label={t('tournaments.join.password')}>
              <input
                {...controlProps('join-password', undefined, true)}
                type="password"
                {...register('password')}
                autoComplete="off"
                maxLength={128}
                className={inputClass}
              />
              <p id="join-password-hint" className="text-xs text-slate-400">
                {t('tournaments.join.passwordHint')}
              </p>
            </Field>
          )}

          {failure && (
            <p role="alert" className={errorBoxClass} data-testid="join-error">
              {failure}
            </p>
          )}

          {/* Join stays disabled until every field it needs is filled: say so, or the button looks broken */}
          <p id="join-incomplete" className="text-sm text-slate-400" data-testid="join-incomplete" hidden={ready}>
            {t('tournaments.join.incomplete')}
          </p>
          <DialogActions
            className="flex flex-wrap justify-end gap-3 pt-1"
            busy={busy}
            onCancel={onClose}
            cancelLabel={t('tournaments.join.cancel')}
            // a full field queues a solo sign-up; a captain's team takes a seat (or queues) only once whole
            confirmLabel={t(!asTeam && full ? 'tournaments.join.submitWaitlist' : 'tournaments.join.submit')}
            busyLabel={t('tournaments.join.submitting')}
            disabled={!ready}
            confirmProps={{ 'aria-describedby': ready ? undefined : 'join-incomplete' }}
            testIds={['join-cancel', 'join-submit']}
          />
        </div>

        {help && <HelpOverlay t={t} which={help} onClose={() => setHelp(null)} />}
      </form>
    </TitledModal>
  );
}

function Field({
  id,
  label,
  helpLabel,
  onHelp,
  children,
}: {
  id: string;
  label: string;
  helpLabel?: string;
  onHelp?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {onHelp && (
          <button
            type="button"
            onClick={onHelp}
            className="grid size-7 place-items-center rounded-full text-slate-400 hover:bg-white/5 hover:text-accent"
            aria-label={helpLabel}
            title={helpLabel}
            data-testid={`${id}-help`}
          >
            <LineIcon size={18}>
              <circle cx="12" cy="12" r="9" />
              <path d="M9.5 9.5a2.5 2.5 0 0 1 4.9.7c0 1.7-2.4 2.1-2.4 3.6M12 17h.01" />
            </LineIcon>
          </button>
        )}
      </div>
      {children}
    </div>
  );
}

/** The help overlay: an illustration of where to find the value, over the form; Escape or the button closes it. */
function HelpOverlay({ t, which, onClose }: { t: Translator; which: 'discord' | 'epic'; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);
  return (
    /* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions --
       Escape closes this help panel, which covers the form like a dialog */
    <div
      role="group"
      aria-labelledby="join-help-title"
      className="absolute inset-0 z-20 flex flex-col gap-3 overflow-y-auto"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
      data-testid="join-help"
    >
      <h3 id="join-help-title" className="font-semibold text-white">
        {t(which === 'discord' ? 'tournaments.join.discordHelp' : 'tournaments.join.epicHelp')}
      </h3>
      <img
        src={which === 'discord' ? '/help/discord-username.svg' : '/help/epic-id.svg'}
        alt={t('tournaments.join.helpImageAlt')}
        width={360}
        height={220}
        className="w-full rounded-lg border border-line"
        data-testid="join-help-image"
      />
      <p className="text-sm text-slate-300">
        {t(which === 'discord' ? 'tournaments.join.discordHelpText' : 'tournaments.join.epicHelpText')}
      </p>
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        className={`${secondaryButtonClass} self-end`}
        data-testid="join-help-close"
      >
        {t('tournaments.join.helpClose')}
      </button>
    </div>
  );
}
