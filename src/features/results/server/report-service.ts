import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/caller.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { parseFields, type MultipartBody } from '../../../platform/http/multipart.ts';
import { createT, isLocale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import { pickText } from '../../../platform/i18n/content-translations.ts';
import { pixelHash } from '../../../platform/storage/pixel-hash.ts';
import * as MediaService from '../../../platform/storage/media-service.ts';
import { audited, auditLabel, type Actor } from '../../audit/server/service.ts';
import * as CampaignService from '../../campaign/server/service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import {
  entrantSize,
  formatOf,
  reportFieldsSchema,
  type AdminReport,
  type Entrant,
  type Report,
  type ReportConflict,
  type ReportFilter,
  type ReportReview,
} from '../contract.ts';
import { duplicatesOf } from '../../../platform/db/picture-hashes.ts';
import * as ReportRepository from './report-repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as ResultsService from './service.ts';
import * as ResultsRepository from './repository.ts';

/**
 * Player self-reports of battle-royale matches: a checked-in player sends a
 * match's placement and eliminations with a screenshot; an admin approves (the line is recorded
 * through ResultsService.recordLine and counts in the standings) or rejects with a reason. One
 * report per player per match: a second one is refused (REPORT_EXISTS) rather than replacing the
 * first, so what an admin may already be looking at never changes under them.
 */

const reportNotFound = () => new AppError('notFound', 'REPORT_NOT_FOUND', 'Report not found');
const noTeamYet = () => new AppError('forbidden', 'REPORT_NO_TEAM', 'You are not on a team of this tournament yet');
/**
 * A field split into lobbies scores an entrant only within its own lobby: one the organiser has put in none has no
 * match of its own to report yet, as its line would be refused when entered by hand.
 */
const inNoLobby = () => new AppError('invalid', 'ENTRANT_IN_NO_LOBBY', 'You are in no lobby of this tournament yet');
/** The queue shows at most this many other sendings of the same picture per report. */
const DUPLICATES_SHOWN = 5;

/** Reports with their reporters' usernames (the accounts' to read); a report whose account is gone drops out. */
async function named(
  ctx: ServiceContext,
  rows: ReportRepository.ReportRow[],
): Promise<ReportRepository.ReportRecord[]> {
  const people = await Directory.contactsOf(
    ctx,
    rows.map((r) => r.userId),
  );
  return rows.flatMap((r) => {
    const u = people.get(r.userId);
    return u ? [{ ...r, username: u.username }] : [];
  });
}

async function findNamed(ctx: ServiceContext, tournamentId: string, id: string) {
  const row = await ReportRepository.find(ctx.db.kysely, tournamentId, id);
  return row ? (await named(ctx, [row]))[0] : undefined;
}

type LobbyOf = (r: Pick<ReportRepository.ReportRecord, 'matchNumber' | 'entrantId'>) => number | null;

/**
 * Which lobby a report is of: its match's once recorded, else the reporter's own; null while the
 * tournament plays in one lobby, so nothing about lobbies shows then.
 */
async function lobbyReader(ctx: ServiceContext, tournamentId: string): Promise<LobbyOf> {
  const [plan, { matches }] = await Promise.all([
    ResultsService.lobbyPlan(ctx, tournamentId),
    ResultsRepository.matchesOf(ctx.db.kysely, tournamentId),
  ]);
  if (plan.count === 1) return () => null;
  const byNumber = new Map(matches.map((m) => [m.number, Number(m.lobby)]));
  return (r) => byNumber.get(r.matchNumber) ?? plan.of(r.entrantId);
}

function toReport(r: ReportRepository.ReportRow, lobbyOf: LobbyOf): Report {
  return {
    id: r.id,
    tournamentId: r.tournamentId,
    matchNumber: r.matchNumber,
    lobby: lobbyOf(r),
    placement: r.placement,
    eliminations: r.eliminations,
    imageUrl: r.imageUrl,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt,
    reviewedAt: r.reviewedAt,
  };
}

/**
 * May this caller report in this tournament now? Answers their entrant (themselves or their team),
 * or refuses with the first rule broken: a battle-royale tournament (409 NOT_BATTLE_ROYALE), not
 * finalised (409 TOURNAMENT_FINALIZED), live (409 TOURNAMENT_NOT_LIVE), the caller checked in
 * (403 NOT_CHECKED_IN) and, in a team tournament, on a team (403 REPORT_NO_TEAM).
 */
async function reporterEntrant(ctx: ServiceContext, tournamentId: string, userId: string) {
  const tournament = await TournamentService.get(ctx, tournamentId, userId);
  const matchDay = await TournamentService.matchDayOf(ctx, tournamentId);
  if (formatOf(matchDay) !== 'battle_royale')
    throw new AppError('conflict', 'NOT_BATTLE_ROYALE', 'Only battle-royale matches are reported');
  if (matchDay.finalizedAt) throw new AppError('conflict', 'TOURNAMENT_FINALIZED', 'The results are final');
  if (tournament.status !== 1)
    throw new AppError('conflict', 'TOURNAMENT_NOT_LIVE', 'Matches are reported while the tournament is live');
  if (!tournament.me?.confirmed)
    throw new AppError('forbidden', 'NOT_CHECKED_IN', 'Only checked-in players report matches');
  const entrant = await ResultsService.entrantOf(ctx, tournamentId, userId);
  if (!entrant) throw noTeamYet();
  return {
    entrant,
    teams: entrantSize(matchDay.teamSize) > 1,
    scoring: await ResultsService.scoring(ctx, tournamentId),
  };
}

/**
 * POST /tournaments/{id}/reports: the fields, then the rules (in a field split into lobbies, the reporter's entrant
 * in one: else 400 ENTRANT_IN_NO_LOBBY), then the picture exactly as every
 * upload (MediaService.store: images only by content, 2 MB by the multipart limit), then the row.
 * The unique key decides "one per player per match"; the earlier read only spares storing an image
 * that would be refused.
 */
export async function submit(
  ctx: ServiceContext,
  caller: Caller,
  tournamentId: string,
  body: MultipartBody,
): Promise<Report> {
  const fields = parseFields(
    reportFieldsSchema,
    body.fields,
    body.file ? [] : [{ path: ['file'], message: 'requiredField' }],
  );
  const file = body.file!;
  const { entrant, teams, scoring } = await reporterEntrant(ctx, tournamentId, caller.id);
  if (fields.placement > scoring.lobbySize)
    throw new AppError('invalid', 'PLACEMENT_OVER_LOBBY', 'No such placement in this lobby');
  // a match already recorded in another lobby is not the reporter's to report
  const [plan, playedIn] = await Promise.all([
    ResultsService.lobbyPlan(ctx, tournamentId),
    ResultsService.lobbyOfMatch(ctx, tournamentId, fields.matchNumber),
  ]);
  const lobby = plan.of(entrant.id);
  if (lobby === null) throw inNoLobby();
  if (playedIn !== null && playedIn !== lobby)
    throw new AppError('conflict', 'MATCH_IN_OTHER_LOBBY', 'This match was played in another lobby');
  const db = ctx.db.kysely;
  const taken = () => new AppError('conflict', 'REPORT_EXISTS', 'You already reported this match');
  if (await ReportRepository.exists(db, tournamentId, fields.matchNumber, caller.id)) throw taken();
  const stored = await MediaService.store(ctx, ctx.config.agencyName, file);
  const imageHash = await pixelHash(ctx, file);
  // the insert waits for a finalisation under way and is refused after it, as every results write
  const id = await withTransaction(ctx, async (tx) => {
    await TournamentService.lockOpenForResults(tx, tournamentId);
    // the team once more under the lock: teams re-formed while the picture was stored are the ones that count
    const current = teams ? await ResultsService.entrantOf(tx, tournamentId, caller.id) : entrant;
    if (!current) throw noTeamYet();
    // and the lobbies under the same lock: the organiser may have moved the entrant out of its lobby meanwhile
    if ((await ResultsService.lobbyPlan(tx, tournamentId)).of(current.id) === null) throw inNoLobby();
    return ReportRepository.insert(tx.db.kysely, {
      owner: ctx.config.ownerId,
      tournamentId,
      matchNumber: fields.matchNumber,
      userId: caller.id,
      entrantId: current.id,
      placement: fields.placement,
      eliminations: fields.eliminations,
      imageUrl: stored.url,
      imageHash,
    });
  });
  if (!id) throw taken();
  return toReport((await findNamed(ctx, tournamentId, id))!, await lobbyReader(ctx, tournamentId));
}

/** GET /tournaments/{id}/reports/mine: the caller's reports in this tournament, by match. */
export async function listMine(ctx: ServiceContext, caller: Caller, tournamentId: string): Promise<Report[]> {
  await TournamentService.get(ctx, tournamentId, null);
  const lobbyOf = await lobbyReader(ctx, tournamentId);
  const rows = await named(ctx, await ReportRepository.listMine(ctx.db.kysely, tournamentId, caller.id));
  return rows.map((r) => toReport(r, lobbyOf));
}

/** Every report the player sent, in every tournament, oldest first (their data export). */
export async function listAllMine(ctx: ServiceContext, userId: string): Promise<Report[]> {
  const rows = await ReportRepository.listByPlayer(ctx.db.kysely, ctx.config.ownerId, userId);
  const lobbies = new Map<string, LobbyOf>();
  for (const id of new Set(rows.map((r) => r.tournamentId))) lobbies.set(id, await lobbyReader(ctx, id));
  return rows.map((r) => toReport(r, lobbies.get(r.tournamentId)!));
}

interface RecordedLine {
  entrantId: string;
  placement: number;
  eliminations: number;
}

/**
 * What a pending report disagrees with in its match: a teammate's pending report with other
 * numbers, another entrant's pending report of the same placement, and the recorded lines (an
 * approved report is a recorded line, so it is compared once, as a line).
 */
export function conflictsOf(
  report: ReportRepository.ReportRecord,
  pending: ReportRepository.ReportRecord[],
  lines: RecordedLine[],
  nameOf: (entrantId: string) => string,
): ReportConflict[] {
  const differs = (a: RecordedLine, b: RecordedLine) =>
    a.placement !== b.placement || a.eliminations !== b.eliminations;
  const conflicts: ReportConflict[] = [];
  for (const other of pending) {
    if (other.id === report.id || other.matchNumber !== report.matchNumber) continue;
    const kind =
      other.entrantId === report.entrantId
        ? differs(other, report)
          ? 'teammate'
          : null
        : other.placement === report.placement
          ? 'placement'
          : null;
    if (kind)
      conflicts.push({
        kind,
        reportId: other.id,
        username: other.username,
        entrantName: nameOf(other.entrantId),
        placement: other.placement,
        eliminations: other.eliminations,
      });
  }
  for (const line of lines) {
    const clash = line.entrantId === report.entrantId ? differs(line, report) : line.placement === report.placement;
    if (clash)
      conflicts.push({
        kind: 'recorded',
        reportId: null,
        username: null,
        entrantName: nameOf(line.entrantId),
        placement: line.placement,
        eliminations: line.eliminations,
      });
  }
  return conflicts;
}

/**
 * Which reports count for no team: pending, in a team tournament, sent for a team that no longer plays (the
 * organiser re-formed the teams) by a player on none of those that do. Re-forming the teams takes every other
 * pending report to its sender's new team, so these wait until their sender is on a team again or an admin
 * rejects them; approving one is refused.
 */
function teamless({ teams, entrants }: { teams: boolean; entrants: Entrant[] }) {
  const playing = new Set(entrants.map((e) => e.id));
  const onTeams = new Set(entrants.flatMap((e) => e.members.map((m) => m.id)));
  return (r: Pick<ReportRepository.ReportRow, 'status' | 'entrantId' | 'userId'>) =>
    teams && r.status === 'pending' && !playing.has(r.entrantId) && !onTeams.has(r.userId);
}

/** The recorded lines of a tournament by match number. */
async function recordedLines(ctx: ServiceContext, tournamentId: string): Promise<Map<number, RecordedLine[]>> {
  const matches = await ResultsService.matches(ctx, tournamentId);
  return new Map(matches.map((m) => [m.number, m.lines]));
}

/**
 * GET /tournaments/{id}/reports (admin): the tournament's reports, oldest first, each with the
 * other sendings of its picture (match reports and campaign screenshots alike, by pixel hash) and,
 * while pending, what it disagrees with. `flagged`: pending with a duplicate or a conflict.
 */
export async function listQueue(
  ctx: ServiceContext,
  tournamentId: string,
  q: { status: ReportFilter; matchNumber?: number },
): Promise<AdminReport[]> {
  await TournamentService.get(ctx, tournamentId, null);
  const db = ctx.db.kysely;
  const owner = ctx.config.ownerId;
  const all = await named(ctx, await ReportRepository.listAll(db, tournamentId));
  const lineUp = await ResultsService.lineUp(ctx, tournamentId);
  const names = new Map(lineUp.entrants.map((e) => [e.id, e.name]));
  const usernames = new Map(all.map((r) => [r.entrantId, r.username]));
  // a team no longer playing (the teams were re-formed) is still named by who reported for it
  const nameOf = (entrantId: string) => names.get(entrantId) ?? usernames.get(entrantId) ?? entrantId;
  const withoutTeam = teamless(lineUp);
  const lines = await recordedLines(ctx, tournamentId);
  const lobbyOf = await lobbyReader(ctx, tournamentId);
  const pending = all.filter((r) => r.status === 'pending');
  const shown = all.filter((r) => q.matchNumber === undefined || r.matchNumber === q.matchNumber);
  const hashes = shown.map((r) => r.imageHash);
  // one more than shown: the report itself may be among the oldest of its hash
  const sameReports = await ReportRepository.reportsWithHashes(db, owner, hashes, DUPLICATES_SHOWN + 1);
  const sameSubmissions = await CampaignService.submissionsWithHashes(ctx, owner, hashes, DUPLICATES_SHOWN);
  const rows = shown.map((r): AdminReport => {
    const duplicates = [
      ...duplicatesOf(sameReports.rows, r.imageHash, r.id).map((d) => ({ ...d, source: 'report' as const })),
      ...duplicatesOf(sameSubmissions.rows, r.imageHash).map((d) => ({ ...d, source: 'submission' as const })),
    ].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    const duplicateCount =
      (sameReports.counts.get(r.imageHash) ?? 1) - 1 + (sameSubmissions.counts.get(r.imageHash) ?? 0);
    const conflicts = r.status === 'pending' ? conflictsOf(r, pending, lines.get(r.matchNumber) ?? [], nameOf) : [];
    const senderHasNoTeam = withoutTeam(r);
    return {
      ...toReport(r, lobbyOf),
      userId: r.userId,
      username: r.username,
      entrantId: r.entrantId,
      // its sender plays for nobody now: the report is theirs alone
      entrantName: senderHasNoTeam ? r.username : nameOf(r.entrantId),
      reviewedBy: r.reviewedBy,
      duplicates: duplicates.slice(0, DUPLICATES_SHOWN),
      duplicateCount,
      conflicts,
      senderHasNoTeam,
      flagged: r.status === 'pending' && (duplicateCount > 0 || conflicts.length > 0 || senderHasNoTeam),
      matchRecorded: lines.has(r.matchNumber),
    };
  });
  if (q.status === 'all') return rows;
  if (q.status === 'flagged') return rows.filter((r) => r.flagged);
  return rows.filter((r) => r.status === q.status);
}

/**
 * POST /tournaments/{id}/reports/{reportId}/review (admin). Only a pending report is decided, by
 * one conditional update (a second click or a second admin gets REPORT_ALREADY_REVIEWED). Approving
 * first locks the tournament's results (as every results write does), so two approvals in one
 * match, or an approval and a re-forming of the teams, are decided one after the other; a report
 * whose sender the teams left out is refused (REPORT_SENDER_NO_TEAM); then a report that disagrees
 * with the line already recorded for its entrant is refused (REPORT_CONFLICT) unless the admin
 * chose `overwrite`, and a placement another entrant holds is refused (PLACEMENT_TAKEN) whatever
 * the admin chose. A report of a match with no results yet is refused (MATCH_NOT_RECORDED) unless
 * the admin chose `createMatch`: one report never creates a match by itself. The line, the decision
 * and the audit entry commit together.
 */
export async function review(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  id: string,
  input: ReportReview,
  now = new Date(),
): Promise<Report> {
  const reviewedAt = now.toISOString();
  return audited(ctx, actor, async (tx, audit) => {
    const trx = tx.db.kysely;
    // a rejection decides a result too: once final, no report changes state
    await TournamentService.lockOpenForResults(tx, tournamentId);
    const before = await findNamed(tx, tournamentId, id);
    // another brand's report is not found, whatever the decision: nothing decided, nothing audited
    if (!before || before.owner !== ctx.config.ownerId) throw reportNotFound();
    const decision: ReportRepository.Decision =
      input.decision === 'approve'
        ? { status: 'approved', reviewedBy: actor.id, reviewedAt }
        : { status: 'rejected', reason: input.reason, reviewedBy: actor.id, reviewedAt };
    if (!(await ReportRepository.decide(trx, tournamentId, id, decision)))
      throw new AppError('conflict', 'REPORT_ALREADY_REVIEWED', 'This report was already decided');
    if (input.decision === 'approve') {
      // read under the lock, after any re-forming of the teams that came first: a report it left without a team
      // has no line to record
      if (teamless(await ResultsService.lineUp(tx, tournamentId))(before))
        throw new AppError('conflict', 'REPORT_SENDER_NO_TEAM', 'The player who sent this report is on no team now');
      const lines = (await recordedLines(tx, tournamentId)).get(before.matchNumber) ?? [];
      const own = lines.find((l) => l.entrantId === before.entrantId);
      if (own && (own.placement !== before.placement || own.eliminations !== before.eliminations) && !input.overwrite) {
        throw new AppError(
          'conflict',
          'REPORT_CONFLICT',
          'A different line is already recorded for this entrant in this match',
        );
      }
      // overwriting replaces the entrant's own line, never another entrant's placement
      if (lines.some((l) => l.entrantId !== before.entrantId && l.placement === before.placement))
        throw new AppError('conflict', 'PLACEMENT_TAKEN', 'Another entrant holds this placement in this match');
      await ResultsService.recordLine(
        tx,
        actor,
        tournamentId,
        before.matchNumber,
        {
          entrantId: before.entrantId,
          placement: before.placement,
          eliminations: before.eliminations,
          submittedAt: before.createdAt,
        },
        { createMatch: input.createMatch },
      );
    }
    const lobbyOf = await lobbyReader(tx, tournamentId);
    const after = toReport((await findNamed(tx, tournamentId, id))!, lobbyOf);
    if (input.decision === 'reject') await queueRejectionMail(tx, tournamentId, before, input.reason);
    await audit({
      action: input.decision === 'approve' ? 'report.approve' : 'report.reject',
      entityType: 'report',
      entityId: id,
      // the tournament, the match and (from the records) the player who reported
      label: auditLabel((await TournamentService.get(tx, tournamentId, null)).name, `#${before.matchNumber}`),
      before: { ...toReport(before, lobbyOf), username: before.username },
      after: { ...after, username: before.username },
    });
    return after;
  }).then((report) => {
    // the rejection mail was queued with the decision: send it now rather than on the worker's next round
    if (report.status === 'rejected') ctx.mailQueue.wake();
    return report;
  });
}

/**
 * A player whose report is rejected hears it by e-mail, in their language, with the admin's reason and
 * the tournament's page; queued in the decision's transaction, so the mail exists exactly when the decision does.
 */
async function queueRejectionMail(
  ctx: ServiceContext,
  tournamentId: string,
  report: ReportRepository.ReportRecord,
  reason: string,
) {
  const player = (await Directory.contactsOf(ctx, [report.userId])).get(report.userId);
  if (!player) return;
  const locale = isLocale(player.language) ? player.language : 'it';
  const tournament = await TournamentService.get(ctx, tournamentId, null);
  const t = createT(messages[locale].email);
  const vars = {
    name: player.nickname || player.username,
    tournament: pickText(tournament.name, tournament.translations.en.name, locale),
    match: report.matchNumber,
    reason,
    link: TournamentService.detailUrl(ctx, tournamentId, locale),
  };
  await ctx.mailQueue.send(
    { to: player.email, subject: t('reportRejected.subject', vars), text: t('reportRejected.text', vars) },
    ctx.db.kysely,
  );
}
