import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { audited, list as auditEntries, type Actor } from '../../audit/server/service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import {
  formatOf,
  prizeFor,
  type Entrant,
  type FinaliseProblem,
  type FinaliseResult,
  type Payout,
  type PrizeRange,
  type PrizesState,
  type StandingsRow,
} from '../contract.ts';
import type { PrizeTournament } from './prize-repository.ts';
import * as PrizeRepository from './prize-repository.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import type { Placement } from './prize-repository.ts';
import * as ReportRepository from './report-repository.ts';
import { entrants, matches, rosterMembers, standings } from './service.ts';

/**
 * Finalising a tournament and its prizes. The standings freeze, the status
 * becomes ended, and the prizes are paid once: the conditional UPDATE of the tournament row, the
 * placements (primary key tournament + player) and the ledger references (unique per tournament
 * and player) all commit in one transaction with the audit entry, so two clicks or two API
 * processes finalise, and pay, exactly once. A second finalise answers 409 TOURNAMENT_FINALIZED.
 */

/**
 * What finalising needs from the feature above results: the ranked rows of a tournament played as a
 * bracket (brackets ranks them by its matches). The composition root hands it in, so results does not
 * import brackets.
 */
export interface FinaliseLinks {
  bracketPlacements(ctx: ServiceContext, tournamentId: string): Promise<StandingsRow[]>;
  /** the entrants the bracket was drawn with, each with its members as they were then */
  bracketEntrants(ctx: ServiceContext, tournamentId: string): Promise<Entrant[]>;
  /** the bracket's matches whose sides' reports disagree and wait for an admin */
  bracketDisputes(ctx: ServiceContext, tournamentId: string): Promise<{ group: number; round: number; slot: number }[]>;
}

const notFound = () => new AppError('notFound', 'TOURNAMENT_NOT_FOUND', 'Tournament not found');
const finalised = () => new AppError('conflict', 'TOURNAMENT_FINALIZED', 'This tournament is already finalised');

async function tournamentOf(ctx: ServiceContext, id: string): Promise<PrizeTournament> {
  const row = await TournamentService.prizeRow(ctx, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    game: row.game,
    prizes: PrizeRepository.parsePrizes(row.prizes),
    finalizedAt: row.finalized_at,
  };
}

/**
 * What a finalised tournament's mails tell each player: the credits each one won (only those with some)
 * and the name of the admin who finalised it, as the audit log signed it (null when no entry names one).
 */
export async function finalOutcome(
  ctx: ServiceContext,
  id: string,
): Promise<{ credits: Map<string, number>; finalisedBy: string | null }> {
  const paid = await PrizeRepository.paidOf(ctx.db.kysely, id);
  const signed = await auditEntries(ctx, { action: 'tournament.finalise', tournament: id, limit: 1, offset: 0 });
  return {
    credits: new Map(paid.map((p) => [p.userId, p.credits])),
    finalisedBy: signed.rows[0]?.actor.name || null,
  };
}

/** What a finalised tournament paid, best rank first, by username (case aside) within a rank. */
async function paidOf(ctx: ServiceContext, id: string, finalRows: StandingsRow[]): Promise<Payout[]> {
  const paid = await PrizeRepository.paidOf(ctx.db.kysely, id);
  const people = await Directory.contactsOf(
    ctx,
    paid.map((p) => p.userId),
  );
  const names = new Map(finalRows.map((r) => [r.entrantId, r.name]));
  const key = (userId: string) => people.get(userId)?.username.toLowerCase() ?? '';
  return paid
    .filter((p) => people.has(p.userId))
    .sort((a, b) => a.rank - b.rank || (key(a.userId) < key(b.userId) ? -1 : key(a.userId) > key(b.userId) ? 1 : 0))
    .map((p) => {
      const username = people.get(p.userId)!.username;
      return { ...p, username, entrantName: names.get(p.entrantId) ?? username };
    });
}

/** The frozen standings of a finalised tournament. */
const finalRows = async (ctx: ServiceContext, id: string): Promise<StandingsRow[]> => {
  const json = await TournamentService.finalStandings(ctx, id);
  return json ? (JSON.parse(json) as StandingsRow[]) : [];
};

/**
 * Every player of every ranked entrant with the credits their rank earns. An entrant that played
 * no counted match has no rank to reward: it gets no placement (and so no prize or badge); nor
 * does a player no longer on the roster (`onRoster`), disqualified or removed, alone or in a team that plays on.
 */
function placementsOf(
  rows: StandingsRow[],
  all: Entrant[],
  prizes: PrizeRange[],
  onRoster: ReadonlySet<string>,
): (Placement & { username: string; entrantName: string })[] {
  const byId = new Map(all.map((e) => [e.id, e]));
  return rows
    .filter((r) => r.matchesCounted > 0 && !r.disqualified)
    .flatMap((r) =>
      (byId.get(r.entrantId)?.members ?? [])
        .filter((m) => onRoster.has(m.id))
        .map((m) => ({
          userId: m.id,
          username: m.username,
          entrantId: r.entrantId,
          entrantName: r.name,
          rank: r.rank,
          points: r.points,
          credits: prizeFor(prizes, r.rank),
        })),
    );
}

const payoutsOf = (placements: ReturnType<typeof placementsOf>): Payout[] =>
  placements
    .filter((p) => p.credits > 0)
    .map(({ userId, username, entrantId, entrantName, rank, credits }) => ({
      userId,
      username,
      entrantId,
      entrantName,
      rank,
      credits,
    }));

/** The ranked rows of a tournament as they stand: a battle royale's live standings, or a bracket's placements. */
const rowsOf = async (ctx: ServiceContext, links: FinaliseLinks, t: PrizeTournament): Promise<StandingsRow[]> =>
  formatOf(t) === 'battle_royale' ? (await standings(ctx, t.id)).rows : links.bracketPlacements(ctx, t.id);

/**
 * Who the ranked rows are: a battle royale's entrants, or those a bracket was drawn with, which it
 * keeps whatever the teams became later (teams formed again have new ids).
 */
const entrantsOf = (ctx: ServiceContext, links: FinaliseLinks, t: PrizeTournament): Promise<Entrant[]> =>
  formatOf(t) === 'battle_royale' ? entrants(ctx, t.id) : links.bracketEntrants(ctx, t.id);

/**
 * What is still open in a tournament's results, match by match: in a battle royale the player
 * reports not yet decided and the counted matches where fewer entrants than play now have a line;
 * in a bracket the disputed matches.
 */
async function problemsOf(ctx: ServiceContext, links: FinaliseLinks, t: PrizeTournament): Promise<FinaliseProblem[]> {
  if (formatOf(t) !== 'battle_royale')
    return (await links.bracketDisputes(ctx, t.id)).map((m) => ({ kind: 'bracketDisputed' as const, ...m }));
  const [all, played, reports] = await Promise.all([
    entrants(ctx, t.id),
    matches(ctx, t.id),
    ReportRepository.listAll(ctx.db.kysely, t.id),
  ]);
  const playing = new Set(all.map((e) => e.id));
  const pending = new Map<number, number>();
  for (const r of reports)
    if (r.status === 'pending') pending.set(r.matchNumber, (pending.get(r.matchNumber) ?? 0) + 1);
  const problems: FinaliseProblem[] = [];
  for (const m of played) {
    const lines = m.lines.filter((l) => playing.has(l.entrantId)).length;
    // each match is counted against the entrants of its own lobby
    if (!m.voided && lines < m.entrants)
      problems.push({ kind: 'linesMissing', matchNumber: m.number, lines, entrants: m.entrants });
  }
  for (const [matchNumber, count] of [...pending].sort((a, b) => a[0] - b[0]))
    problems.push({ kind: 'reportsPending', matchNumber, count });
  return problems.sort((a, b) => ('matchNumber' in a && 'matchNumber' in b ? a.matchNumber - b.matchNumber : 0));
}

/** A problem as an issue of the 409: where (`matches.N`, `bracket.G.R.S`) and what. */
const issueOf = (p: FinaliseProblem) =>
  p.kind === 'bracketDisputed'
    ? { path: `bracket.${p.group}.${p.round}.${p.slot}`, message: 'BRACKET_DISPUTED' }
    : { path: `matches.${p.matchNumber}`, message: p.kind === 'linesMissing' ? 'LINES_MISSING' : 'REPORTS_PENDING' };

/**
 * GET /tournaments/{id}/prizes: the table and who gets what, paid (finalised) or as the live standings would pay now.
 */
export async function prizes(ctx: ServiceContext, links: FinaliseLinks, id: string): Promise<PrizesState> {
  const t = await tournamentOf(ctx, id);
  if (t.finalizedAt) {
    const rows = await finalRows(ctx, id);
    return {
      prizes: t.prizes,
      finalizedAt: t.finalizedAt,
      payouts: await paidOf(ctx, id, rows),
      problems: [],
    };
  }
  const [rows, all, onRoster, problems] = await Promise.all([
    rowsOf(ctx, links, t),
    entrantsOf(ctx, links, t),
    rosterMembers(ctx, id),
    problemsOf(ctx, links, t),
  ]);
  return {
    prizes: t.prizes,
    finalizedAt: null,
    payouts: payoutsOf(placementsOf(rows, all, t.prizes, onRoster)),
    problems,
  };
}

/** PUT /tournaments/{id}/prizes (admin, audited): refused once the tournament is finalised (its prizes are paid). */
export function savePrizes(
  ctx: ServiceContext,
  links: FinaliseLinks,
  actor: Actor,
  id: string,
  table: PrizeRange[],
): Promise<PrizesState> {
  return audited(ctx, actor, async (tx, audit) => {
    // the table as it was is read under the tournament's lock: another save just before is its before
    await TournamentService.lockOpenForResults(tx, id);
    const before = await tournamentOf(tx, id);
    if (!(await TournamentService.setPrizes(tx, id, JSON.stringify(table), new Date().toISOString())))
      throw finalised();
    // the tournament's name labels the entry, so the audit log finds it by name
    await audit({
      action: 'tournament.prizes',
      entityType: 'tournament',
      entityId: id,
      before: { name: before.name, prizes: before.prizes },
      after: { name: before.name, prizes: table },
    });
    return prizes(tx, links, id);
  });
}

/**
 * POST /tournaments/{id}/finalise (admin, audited). Anything incomplete (problemsOf) refuses the
 * call with 409 RESULTS_INCOMPLETE and the problems as issues, unless the admin confirmed them
 * (`confirmIncomplete`); the audit entry keeps what was confirmed.
 */
export async function finalise(
  ctx: ServiceContext,
  links: FinaliseLinks,
  actor: Actor,
  id: string,
  { confirmIncomplete = false }: { confirmIncomplete?: boolean } = {},
): Promise<FinaliseResult> {
  const owner = ctx.config.ownerId;
  const admin = await Directory.findPlayer(ctx, owner, actor.id);
  const createdBy = { id: actor.id, name: admin?.username ?? actor.id };
  return audited(ctx, actor, async (tx, audit) => {
    const now = new Date().toISOString();
    // the one statement that decides: a concurrent finalise matches nothing here and is refused
    if (!(await TournamentService.claimFinalisation(tx, id, now))) {
      // nothing claimed: an unknown tournament is 404 (tournamentOf throws it), a finalised one 409
      await tournamentOf(tx, id);
      throw finalised();
    }
    // the prize table is read under the claim's lock: one saved just before is the one paid
    const t = await tournamentOf(tx, id);
    // read under the claim's row lock, before final_standings is set: the live rows are what freezes
    const rows = await rowsOf(tx, links, t);
    const all = await entrantsOf(tx, links, t);
    if (!rows.some((r) => r.matchesCounted > 0))
      throw new AppError('conflict', 'NO_STANDINGS', 'No results to finalise yet');
    const problems = await problemsOf(tx, links, t);
    if (problems.length && !confirmIncomplete)
      throw new AppError(
        'conflict',
        'RESULTS_INCOMPLETE',
        'Some results are incomplete: confirm them to finalise anyway',
        undefined,
        problems.map(issueOf),
      );
    await TournamentService.freezeStandings(tx, id, JSON.stringify(rows));
    const placements = placementsOf(rows, all, t.prizes, await rosterMembers(tx, id));
    await PrizeRepository.insertPlacements(tx.db.kysely, id, placements, now);
    const payouts = payoutsOf(placements);
    // the rewards pay the prizes and award the placement badges in this transaction: a refused payment
    // rolls the finalisation back, and the claim above makes both happen once
    const earned = await tx.events.emit(tx, 'results.finalised', {
      ownerId: owner,
      tournamentId: id,
      tournamentName: t.name,
      finalisedBy: createdBy,
      placements: placements.map(({ userId, rank }) => ({ userId, rank })),
      prizes: payouts.map(({ userId, rank, credits }) => ({ userId, rank, credits })),
    });
    await audit({
      action: 'tournament.finalise',
      entityType: 'tournament',
      entityId: id,
      before: { name: t.name, finalizedAt: null },
      after: {
        name: t.name,
        finalizedAt: now,
        entrants: rows.length,
        credits: payouts.reduce((sum, p) => sum + p.credits, 0),
        payouts: payouts.map((p) => ({ userId: p.userId, rank: p.rank, credits: p.credits })),
        ...(problems.length ? { confirmedIncomplete: problems } : {}),
      },
    });
    const names = new Map(placements.map((p) => [p.userId, p.username]));
    return {
      finalizedAt: now,
      format: formatOf(t),
      rows,
      payouts,
      badges: earned.map((e) => ({
        userId: e.userId,
        username: names.get(e.userId) ?? '',
        slug: e.badge.slug,
        name: e.badge.name,
      })),
    };
  });
}
