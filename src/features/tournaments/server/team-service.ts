/**
 * Teams captains register for a duo, trio or squad tournament: the captain names the team and its
 * members, each member accepts or declines, and a team takes a slot only once it is whole. A whole
 * team's members are registered members like a solo player (check-in, roster, reminders); the team
 * is checked in once `teamCheckinMinimum` of them (all, by default) are.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { monotonicTimestamps, nowIso } from '../../../platform/db/database.ts';
import type { EarnedBadgeInfo } from '../../../platform/schemas.ts';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error.ts';
import { createT, isLocale, type Locale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import { pickText } from '../../../platform/i18n/content-translations.ts';
import type { GameAccount } from '../../accounts/contract.ts';
import type {
  EntryTeam,
  OpenTeam,
  PlayerEntryTeam,
  RegistrationInput,
  pastTeamSchema,
  teamInviteSchema,
} from '../contract.ts';
import { mayJoin } from '../rules.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as TournamentService from './service.ts';
import * as TeamRepository from './team-repository.ts';
import { standingsIn, type TournamentRow } from './repository.ts';

type MemberInput = z.output<typeof teamInviteSchema>;
type PastTeam = z.output<typeof pastTeamSchema>;

const teamNotFound = () => new AppError('notFound', 'TEAM_NOT_FOUND', 'No such team in this tournament');
const inTeamError = TournamentService.inTeamError;
const disqualifiedError = TournamentService.disqualifiedError;
// a team naming someone who may not enter again: said of "one of the players", as the captain may be naming another
const playerDisqualifiedError = () =>
  new AppError('conflict', 'PLAYER_DISQUALIFIED', 'A player named was disqualified from this tournament');
// said of "one of the players" too: the captain, or the player accepting, may be speaking of another
const registeredError = () =>
  new AppError('conflict', 'PLAYER_REGISTERED', 'A player named is already registered for this tournament');
const nameInUseError = () =>
  new AppError('conflict', 'TEAM_NAME_IN_USE', 'Another team of this tournament has this name');

/** The tournament, when it is played by teams a captain may register (two members or more). */
async function teamRow(ctx: ServiceContext, id: string): Promise<TournamentRow & { team_size: number }> {
  const row = await TournamentService.findRow(ctx, id);
  if (!row.team_size || row.team_size < 2)
    throw new AppError('conflict', 'SOLO_TOURNAMENT', 'This tournament is played alone');
  return row as TournamentRow & { team_size: number };
}

/** A member named by id, or by username (userId ''); 404 UNKNOWN_PLAYER when there is no such player. */
async function resolveMember(ctx: ServiceContext, m: MemberInput): Promise<string> {
  const owner = ctx.config.ownerId;
  if (m.userId) {
    if ((await Directory.existingPlayerIds(ctx, owner, [m.userId])).has(m.userId)) return m.userId;
  } else if (m.username) {
    const found = await Directory.playerNamed(ctx, owner, m.username);
    if (found) return found.id;
  }
  throw new AppError('notFound', 'UNKNOWN_PLAYER', `No player ${m.username || m.userId}`);
}

/**
 * Refuses a team naming a player who may not enter: disqualified from the tournament (said first, whether or not the
 * team that plays on still lists them), in a team already, or registered alone.
 */
async function assertFree(ctx: ServiceContext, id: string, userIds: string[]) {
  const { inTeam, registered, disqualified } = await TeamRepository.takenPlayers(ctx.db.kysely, id, userIds);
  if (disqualified.size) throw playerDisqualifiedError();
  if (inTeam.size) throw inTeamError();
  if (registered.size) throw registeredError();
}

/**
 * How team names are compared: ignoring case, as the results' CSV finds a team by its name, so two teams of a
 * tournament never answer to one name there.
 */
export const teamNameKey = (name: string) => name.normalize('NFC').toLocaleLowerCase('it');

/** The names of the teams captains registered for the tournament, whole or pending, as teamNameKey compares them. */
export async function captainTeamNameKeys(ctx: ServiceContext, id: string): Promise<Set<string>> {
  return new Set((await TeamRepository.teamNamesIn(ctx.db.kysely, id)).map(teamNameKey));
}

/**
 * Whether a team of the tournament has this name, in any case: one a captain registered, whole or pending, or one
 * the organiser formed from solo sign-ups (a feature above names those, asked as for the roster's export).
 */
async function nameTaken(ctx: ServiceContext, id: string, name: string): Promise<boolean> {
  const formed = await ctx.events.emit(ctx, 'tournaments.roster_teams', {
    ownerId: ctx.config.ownerId,
    tournamentId: id,
  });
  const key = teamNameKey(name);
  return (await captainTeamNameKeys(ctx, id)).has(key) || formed.some((f) => teamNameKey(f.team) === key);
}

// Teams list in the order they were registered, a tie left to a random id: two registered within one
// millisecond by this process are stamped a millisecond apart.
const teamStamp = monotonicTimestamps();

/**
 * POST /tournaments/{id}/register with `teamName`: the captain (the first game account's player)
 * registers the team; the others are invited and mailed. The team holds no slot until all accepted.
 */
export async function register(ctx: ServiceContext, id: string, captainId: string, input: RegistrationInput) {
  const row = await teamRow(ctx, id);
  await TournamentService.assertMayEnter(row, input.password);
  const entries = input.gameAccounts;
  if (entries.length !== row.team_size)
    throw new AppError('invalid', 'TEAM_SIZE_MISMATCH', `A team of this tournament has ${row.team_size} members`);
  if (entries[0].userId !== captainId)
    throw new AppError('invalid', 'USER_MISMATCH', 'The first game account is the captain’s');
  const ids: string[] = [];
  for (const e of entries) ids.push(await resolveMember(ctx, e));
  if (new Set(ids).size !== ids.length) throw new AppError('invalid', 'DUPLICATE_PLAYER', 'A player is named twice');
  for (const e of entries) TournamentService.checkGameAccount(row, e.gameAccount);
  for (const userId of ids) await TournamentService.assertOldEnough(ctx, row, userId);
  await assertFree(ctx, id, ids);
  const name = input.teamName!;
  if (await nameTaken(ctx, id, name)) throw nameInUseError();
  const teamId = randomUUID();
  const created = await TeamRepository.createTeam(ctx.db.kysely, {
    id: teamId,
    tournamentId: id,
    name,
    captainId,
    now: teamStamp(),
    nameTaken: (trx) => nameTaken(inTransaction(ctx, trx), id, name),
    members: ids.map((userId, i) => ({
      userId,
      state: i === 0 ? 'accepted' : 'invited',
      gameAccount: JSON.stringify(entries[i].gameAccount),
    })),
    alongside: (trx) => Directory.holdOpenAccounts(inTransaction(ctx, trx), ids),
  });
  // what another entry, made at the same moment, decided after the checks above
  if (created === 'disqualified') throw playerDisqualifiedError();
  if (created === 'inTeam') throw inTeamError();
  if (created === 'registered') throw registeredError();
  if (created === 'nameInUse') throw nameInUseError();
  if (created === 'gone') throw TournamentService.tournamentNotFound();
  // as a solo join does: the captain's new account is kept on their profile once the team is in
  if (input.saveGameAccount) await Directory.keepGameAccount(ctx.db.kysely, captainId, entries[0].gameAccount);
  await mailInvitations(ctx, row, name, ids.slice(1));
  return {
    state: 'teamPending' as const,
    waitlistPosition: null,
    team: await teamOf(ctx, row, teamId),
    tournament: await TournamentService.get(ctx, id, captainId),
  };
}

/** The captain invites a player in place of one who left, while registration is open. */
export async function invite(ctx: ServiceContext, id: string, teamId: string, callerId: string, m: MemberInput) {
  const row = await teamRow(ctx, id);
  assertRegistrationOpen(row);
  const team = await captainsTeam(ctx, id, teamId, callerId);
  const userId = await resolveMember(ctx, m);
  TournamentService.checkGameAccount(row, m.gameAccount);
  await TournamentService.assertOldEnough(ctx, row, userId);
  await assertFree(ctx, id, [userId]);
  const outcome = await TeamRepository.invite(ctx.db.kysely, {
    tournamentId: id,
    teamId,
    userId,
    teamSize: row.team_size,
    gameAccount: JSON.stringify(m.gameAccount),
    now: nowIso(),
    alongside: (trx) => Directory.holdOpenAccounts(inTransaction(ctx, trx), [userId]),
  });
  if (outcome === 'full') throw new AppError('conflict', 'TEAM_FULL', 'The team has all its members');
  if (outcome === 'disqualified') throw playerDisqualifiedError();
  if (outcome === 'inTeam') throw inTeamError();
  if (outcome === 'registered') throw registeredError();
  if (outcome === 'gone') throw teamNotFound();
  await mailInvitations(ctx, row, team.name, [userId]);
  return teamOf(ctx, row, teamId);
}

// a team's later steps need no password: the captain gave it when registering the team
function assertRegistrationOpen(row: TournamentRow) {
  if (!mayJoin(TournamentService.phaseOfRow(row)).ok)
    throw new AppError('conflict', 'REGISTRATION_CLOSED', 'Registration is not open');
}

async function captainsTeam(ctx: ServiceContext, id: string, teamId: string, callerId: string) {
  const team = await TeamRepository.findTeam(ctx.db.kysely, id, teamId);
  if (!team) throw teamNotFound();
  if (team.captain_id !== callerId) throw new AppError('forbidden', 'NOT_CAPTAIN', 'Only the captain may do this');
  return team;
}

async function openTeam(ctx: ServiceContext, id: string, teamId: string) {
  const row = await teamRow(ctx, id);
  assertRegistrationOpen(row);
  if (!(await TeamRepository.findTeam(ctx.db.kysely, id, teamId))) throw teamNotFound();
  return row;
}

/**
 * An invited member accepts (optionally with their own game account); the last one makes the team
 * whole, and then every member has joined the tournament (announced as a solo join is, in the same
 * transaction): the answer carries what the accepting player earned, the others' is paid alike.
 * A whole team finding the field full waits on the waitlist (its `waitlistPosition`) as a solo
 * player would, and takes the first slot that comes to it.
 */
export async function accept(
  ctx: ServiceContext,
  id: string,
  teamId: string,
  userId: string,
  gameAccount?: GameAccount,
): Promise<{ team: EntryTeam; badges: EarnedBadgeInfo[] }> {
  let badges: EarnedBadgeInfo[] = [];
  const row = await openTeam(ctx, id, teamId);
  if (gameAccount) TournamentService.checkGameAccount(row, gameAccount);
  const outcome = await TeamRepository.accept(ctx.db.kysely, {
    tournamentId: id,
    teamId,
    userId,
    teamSize: row.team_size,
    gameAccount: gameAccount ? JSON.stringify(gameAccount) : undefined,
    now: nowIso(),
    alongside: async (trx, memberIds) => {
      for (const member of memberIds) {
        const earned = await ctx.events.emit(inTransaction(ctx, trx), 'tournaments.joined', {
          ownerId: ctx.config.ownerId,
          userId: member,
          tournamentId: id,
        });
        if (member === userId) badges = earned;
      }
    },
  });
  if (outcome === 'notInvited') throw new AppError('conflict', 'NOT_INVITED', 'No invitation to answer');
  if (outcome === 'gone') throw TournamentService.tournamentNotFound();
  if (outcome === 'inTeam') throw registeredError();
  return { team: await teamOf(ctx, row, teamId), badges };
}

/** An invited member declines: they leave the team, which stays pending. */
export async function decline(ctx: ServiceContext, id: string, teamId: string, userId: string): Promise<EntryTeam> {
  const row = await openTeam(ctx, id, teamId);
  const result = await TeamRepository.removeMember(ctx.db.kysely, {
    tournamentId: id,
    teamId,
    userId,
    disband: false,
    onlyInvited: true,
    now: nowIso(),
  });
  if (!result.removed) throw new AppError('conflict', 'NOT_INVITED', 'No invitation to answer');
  return teamOf(ctx, row, teamId);
}

/**
 * A member leaves while registration is open: a whole team gives its slot back, to the first in line,
 * and is pending again (the captain may invite someone else); a team waiting for a slot leaves the
 * queue. The captain leaving disbands the team, and so does the team giving its slot back once its captain was
 * disqualified (the team could never be whole again with them). Null when disbanded.
 */
export async function leave(
  ctx: ServiceContext,
  id: string,
  teamId: string,
  userId: string,
): Promise<EntryTeam | null> {
  const row = await openTeam(ctx, id, teamId);
  const team = (await TeamRepository.findTeam(ctx.db.kysely, id, teamId))!;
  const result = await TeamRepository.removeMember(ctx.db.kysely, {
    tournamentId: id,
    teamId,
    userId,
    disband: team.captain_id === userId,
    now: nowIso(),
  });
  if (!result.removed) throw new AppError('conflict', 'NOT_REGISTERED', 'Not in this team');
  await TournamentService.mailPromoted(ctx, id, result.promoted);
  return result.disbanded ? null : teamOf(ctx, row, teamId);
}

/**
 * The solo leave route for a player of a captain's team leaves the team (its slot is the team's),
 * else leaves as a solo player.
 */
export async function leaveTournament(ctx: ServiceContext, id: string, userId: string, callerId: string) {
  const mine = await TeamRepository.membershipOf(ctx.db.kysely, id, userId);
  if (!mine) return TournamentService.leave(ctx, id, userId, callerId);
  await leave(ctx, id, mine.id, userId);
  return TournamentService.get(ctx, id, callerId);
}

/** The register route: a team when the body names one, else a solo join (refused to a player already in a team). */
export async function join(
  ctx: ServiceContext,
  id: string,
  userId: string,
  callerId: string,
  input: RegistrationInput,
) {
  if (input.teamName) return { ...(await register(ctx, id, userId, input)), badges: [] };
  // a disqualified player is told so, even while the team that plays on without them still lists them
  const { inTeam, disqualified } = await TeamRepository.takenPlayers(ctx.db.kysely, id, [userId]);
  if (disqualified.size) throw disqualifiedError();
  if (inTeam.size) throw inTeamError();
  return TournamentService.join(ctx, id, userId, callerId, input);
}

// ---------------------------------------------------------------------------------------------
// reading

const checkinMinimum = (row: TournamentRow & { team_size: number }) =>
  Math.min(row.team_checkin_minimum ?? row.team_size, row.team_size);

/** Where each waiting team stands in the queue, by its captain's waitlisted registration. */
async function queuedTeams(ctx: ServiceContext, tournamentId: string, teams: TeamRepository.EntryTeamRow[]) {
  const pending = teams.filter((t) => t.complete !== 1).map((t) => t.captain_id);
  const rows = await standingsIn(ctx.db.kysely, pending, [tournamentId]);
  return new Map(rows.filter((r) => r.state === 'waitlist').map((r) => [r.user_id, 1 + Number(r.ahead)]));
}

function toTeams(
  row: TournamentRow & { team_size: number },
  teams: TeamRepository.EntryTeamRow[],
  members: TeamRepository.EntryMemberRow[],
  names: Map<string, { username: string }>,
  queue: Map<string, number>,
): EntryTeam[] {
  return teams.map((t) => {
    const mine = members.filter((m) => m.team_id === t.id);
    const complete = t.complete === 1;
    // a member disqualified mid-event is no longer waited for, nor counted: the team plays on with the others
    const playing = mine.filter((m) => !m.disqualified);
    const checkedInCount = playing.filter((m) => complete && m.confirmed === 1).length;
    return {
      id: t.id,
      name: t.name,
      captainId: t.captain_id,
      complete,
      waitlistPosition: complete ? null : (queue.get(t.captain_id) ?? null),
      checkedIn: complete && playing.length > 0 && checkedInCount >= Math.min(checkinMinimum(row), playing.length),
      members: mine.map((m) => ({
        userId: m.user_id,
        username: names.get(m.user_id)?.username ?? '',
        state: m.state as 'invited' | 'accepted',
        checkedIn: complete && m.confirmed === 1,
      })),
    };
  });
}

async function teamOf(ctx: ServiceContext, row: TournamentRow & { team_size: number }, teamId: string) {
  const team = await TeamRepository.findTeam(ctx.db.kysely, row.id, teamId);
  if (!team) throw teamNotFound();
  const members = await TeamRepository.membersOf(ctx.db.kysely, row.id, teamId);
  const names = await Directory.contactsOf(
    ctx,
    members.map((m) => m.user_id),
  );
  return toTeams(row, [team], members, names, await queuedTeams(ctx, row.id, [team]))[0];
}

/** Every team a captain registered, whole or pending, and the rows of their members. */
async function teamsWithMembers(ctx: ServiceContext, id: string) {
  const row = await TournamentService.findRow(ctx, id);
  if (!row.team_size || row.team_size < 2) return { teams: [], members: [] };
  const [teamRows, members] = await Promise.all([
    TeamRepository.teamsOf(ctx.db.kysely, id),
    TeamRepository.membersOf(ctx.db.kysely, id),
  ]);
  const names = await Directory.contactsOf(
    ctx,
    members.map((m) => m.user_id),
  );
  const queue = await queuedTeams(ctx, id, teamRows);
  return { teams: toTeams(row as TournamentRow & { team_size: number }, teamRows, members, names, queue), members };
}

/** GET /tournaments/{id}/entry-teams: every team a captain registered, whole or pending, with its members. */
export async function teams(ctx: ServiceContext, id: string): Promise<EntryTeam[]> {
  return (await teamsWithMembers(ctx, id)).teams;
}

/**
 * The checked-in whole teams, as the results and brackets take entrants: id, name and the members who play (one
 * disqualified mid-event no longer does).
 */
export async function checkedInTeams(ctx: ServiceContext, id: string) {
  const { teams: all, members } = await teamsWithMembers(ctx, id);
  const out = new Set(members.filter((m) => m.disqualified).map((m) => m.user_id));
  return all
    .filter((t) => t.checkedIn)
    .map((t) => ({
      id: t.id,
      name: t.name,
      members: t.members.filter((m) => !out.has(m.userId)).map((m) => ({ id: m.userId, username: m.username })),
    }));
}

/** The players standing in a captain's team of this tournament (the organiser's own teams leave them out). */
export async function playersInTeams(ctx: ServiceContext, id: string): Promise<Set<string>> {
  return new Set((await TeamRepository.membersOf(ctx.db.kysely, id)).map((m) => m.user_id));
}

/**
 * GET /teams/mine: the caller's earlier whole teams, each set of members once (as its newest entry was: its name,
 * game and the members' in-game names). An in-game name is the one that team played under (the captain's naming, or
 * the member's own on accepting), so the captain can name the same team again; nothing else of a teammate's game
 * account (its id, its platform) is given.
 */
export async function mine(ctx: ServiceContext, userId: string): Promise<PastTeam[]> {
  const past = await TeamRepository.pastTeamsOf(ctx.db.kysely, ctx.config.ownerId, userId);
  const seen = new Set<string>();
  const unique = past.filter((t) => {
    const key = t.members
      .map((m) => m.id)
      .sort()
      .join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const names = await Directory.contactsOf(
    ctx,
    unique.flatMap((t) => t.members.map((m) => m.id)),
  );
  return unique.map((t) => ({
    name: t.name,
    game: t.game,
    members: t.members.map((m) => ({
      userId: m.id,
      username: names.get(m.id)?.username ?? '',
      gameName: (JSON.parse(m.gameAccount) as GameAccount).username,
    })),
  }));
}

/** The player's own line in each captain's team of this brand they are in or invited to, for their data export. */
export async function entriesFor(ctx: ServiceContext, userId: string): Promise<PlayerEntryTeam[]> {
  const rows = await TeamRepository.entriesOf(ctx.db.kysely, ctx.config.ownerId, userId);
  return rows.map((r) => ({
    tournamentId: r.tournament_id,
    team: r.name,
    captain: r.captain_id === userId,
    state: r.state === 'invited' ? 'invited' : 'accepted',
    gameAccount: JSON.parse(r.game_account) as GameAccount,
    since: r.created_at,
  }));
}

/**
 * GET /teams/mine/open: the caller's teams with no seat yet, an invitation to answer or a team still incomplete,
 * while their tournament takes registrations: once it closes, none of them can be answered or made whole.
 */
export async function open(ctx: ServiceContext, userId: string): Promise<OpenTeam[]> {
  const now = Date.now();
  const rows = await TeamRepository.openTeamsOf(ctx.db.kysely, ctx.config.ownerId, userId, new Date(now).toISOString());
  return rows
    .filter((r) => mayJoin(TournamentService.phaseOfRow(r, now)).ok)
    .map((r) => ({
      tournamentId: r.tournament_id,
      tournamentName: { it: r.name, en: pickText(r.name, r.name_en, 'en') },
      competitionId: r.competition_id,
      teamName: r.team_name,
      state: r.state === 'invited' ? 'invited' : 'pending',
    }));
}

// ---------------------------------------------------------------------------------------------
// mail

const localeOf = (language: string): Locale => (isLocale(language) ? language : 'it');

/** After the commit: each invited player hears of the team in their language, with the tournament's link. */
async function mailInvitations(ctx: ServiceContext, row: TournamentRow, team: string, userIds: string[]) {
  try {
    const people = await Directory.contactsOf(ctx, userIds);
    for (const p of people.values()) {
      const locale = localeOf(p.language);
      const t = createT(messages[locale].email);
      const vars = {
        name: p.nickname || p.username,
        team,
        tournament: pickText(row.name, row.name_en, locale),
        link: TournamentService.detailUrl(ctx, row.id, locale),
      };
      await ctx.mailQueue.send({
        to: p.email,
        subject: t('teamInvite.subject', vars),
        text: t('teamInvite.text', vars),
      });
    }
  } catch (err) {
    // the team is stored; the invitation also shows on the tournament page
    ctx.log.error({ err, tournament: row.id }, 'team invitation e-mail failed');
  }
}
