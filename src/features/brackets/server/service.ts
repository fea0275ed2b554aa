import { randomInt } from 'node:crypto';
import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { audited, auditLabel, type Actor } from '../../audit/server/service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import { entrants as entrantsOf, rosterMembers } from '../../results/server/service.ts';
import { rankingPoints } from '../../results/server/points-service.ts';
import type { Entrant, StandingsRow } from '../../results/contract.ts';
import type {
  Bracket,
  BracketFormat,
  BracketGenerate,
  BracketGenerateInput,
  BracketMatch,
  BracketScore,
  BracketSide,
  Forfeit,
  MatchState,
  MyMatch,
  PlayerBracketReport,
  PlayoffCreateInput,
  PlayoffFormat,
  SwissClose,
  TableRow,
} from '../contract.ts';
import { bracketFormats, stageFormats } from '../contract.ts';
import {
  blankRow,
  eliminationPlaces,
  firstPlayoffGroup,
  forfeitOf,
  groupsOf,
  groupTable,
  nextOf,
  roundRobin,
  sameScore,
  shuffled,
  singleElimination,
  tallyGame,
  thirdPlaceMatch,
  winnerSide,
  type PlannedMatch,
  type PlayedMatch,
} from '../rules.ts';
import {
  championOf,
  doubleEliminationPlaces,
  doubleEliminationShape,
  flow,
  GRAND_FINAL,
  keyOf,
} from '../double-elimination.ts';
import { defaultSwissRounds, maxSwissRounds, swissPairing, swissTable, type SwissGame } from '../swiss.ts';
import { manualOrder, playoffSeeds, rankingOrder, stageOrder } from '../seeding.ts';
import * as BracketRepository from './repository.ts';
import type { EntrantRow, MatchRow, ReportRow } from './repository.ts';

const notGenerated = () => new AppError('notFound', 'BRACKET_NOT_GENERATED', 'This tournament has no bracket yet');
const matchNotFound = () => new AppError('notFound', 'BRACKET_MATCH_NOT_FOUND', 'No such match in this bracket');
const drawNotAllowed = () => new AppError('invalid', 'DRAW_NOT_ALLOWED', 'A single-elimination match needs a winner');
const playoffExists = () =>
  new AppError('conflict', 'PLAYOFF_EXISTS', "The playoff is already made from the stage's results");
const laterConfirmed = () => new AppError('conflict', 'LATER_MATCH_CONFIRMED', 'A later match already has its result');
/** The formats where every match needs a winner. */
const isElimination = (format: BracketFormat) => format === 'single_elimination' || format === 'double_elimination';

/** The tournament's bracket format, or 409 for a battle-royale tournament (its results are standings). */
async function formatFor(ctx: ServiceContext, tournamentId: string): Promise<BracketFormat> {
  const t = await TournamentService.get(ctx, tournamentId, null);
  if (!(bracketFormats as readonly string[]).includes(t.format))
    throw new AppError('conflict', 'NOT_BRACKET_FORMAT', 'This tournament is not played in a bracket');
  return t.format as BracketFormat;
}

// ---------------------------------------------------------------------------------------------
// reading a bracket

interface Loaded {
  format: BracketFormat;
  seeding: BracketGenerate['seeding'];
  generatedAt: string;
  /** Swiss: the rounds it plays (0 otherwise) */
  rounds: number;
  entrants: EntrantRow[];
  /** the stage's matches (the whole bracket's without a playoff) */
  matches: MatchRow[];
  /** every match, the playoff's too */
  all: MatchRow[];
  reports: ReportRow[];
  /** the group the playoff's matches are stored from (rules.ts firstPlayoffGroup), with or without one */
  playoffFrom: number;
  playoff: PlayoffPart | null;
}

/**
 * A playoff as a bracket of its own: its entrants with their playoff seeds, seed 1 first, and its
 * matches with the groups its format uses alone (their stored groups less the bracket's first playoff group).
 */
interface PlayoffPart {
  format: PlayoffFormat;
  entrants: EntrantRow[];
  matches: MatchRow[];
}

/** The group a bracket's playoff is stored from: past its stage's groups, which its entrants are in. */
const playoffFromOf = async (ctx: ServiceContext, tournamentId: string) =>
  firstPlayoffGroup(await BracketRepository.lastGroup(ctx.db.kysely, tournamentId));

const isPlayoffMatch = (m: { group_no: number }, playoffFrom: number) => m.group_no >= playoffFrom;

function playoffPart(
  row: { playoff_format: string | null; playoff_seeds: string | null },
  entrants: EntrantRow[],
  all: MatchRow[],
  playoffFrom: number,
): PlayoffPart | null {
  if (!row.playoff_format || !row.playoff_seeds) return null;
  const byId = new Map(entrants.map((e) => [e.entrant_id, e]));
  const seeds = JSON.parse(row.playoff_seeds) as string[];
  return {
    format: row.playoff_format as PlayoffFormat,
    entrants: seeds.map((id, i) => ({ ...byId.get(id)!, seed: i + 1, group_no: 0 })),
    matches: all
      .filter((m) => isPlayoffMatch(m, playoffFrom))
      .map((m) => ({ ...m, group_no: m.group_no - playoffFrom })),
  };
}

async function load(ctx: ServiceContext, tournamentId: string): Promise<Loaded | null> {
  const db = ctx.db.kysely;
  const row = await BracketRepository.findBracket(db, tournamentId);
  if (!row) return null;
  const [entrants, all, reports, playoffFrom] = await Promise.all([
    BracketRepository.entrantsOf(db, tournamentId),
    BracketRepository.matchesOf(db, tournamentId),
    BracketRepository.reportsOf(db, tournamentId),
    playoffFromOf(ctx, tournamentId),
  ]);
  return {
    format: row.format as BracketFormat,
    seeding: row.seeding as BracketGenerate['seeding'],
    generatedAt: row.generated_at,
    rounds: row.rounds,
    entrants,
    matches: all.filter((m) => !isPlayoffMatch(m, playoffFrom)),
    all,
    reports,
    playoffFrom,
    playoff: playoffPart(row, entrants, all, playoffFrom),
  };
}

const membersOf = (e: EntrantRow): { id: string; username: string }[] =>
  JSON.parse(e.members) as { id: string; username: string }[];

/** The entrants out of the bracket (disqualified): every match of theirs without a result is a forfeit. */
const outOf = (entrants: EntrantRow[]) =>
  new Set(entrants.filter((e) => e.disqualified_at !== null).map((e) => e.entrant_id));

function sideOf(entrants: Map<string, EntrantRow>, id: string | null): BracketSide | null {
  const e = id === null ? undefined : entrants.get(id);
  if (!e) return null;
  const side = { id: e.entrant_id, name: e.name, seed: e.seed, members: membersOf(e).map((m) => m.username) };
  return e.disqualified_at === null ? side : { ...side, disqualified: true };
}

/** A match as the API shows it, given its own reports. */
function toMatch(m: MatchRow, entrants: Map<string, EntrantRow>, mine: readonly ReportRow[]): BracketMatch {
  const report = (side: 'a' | 'b') => {
    const r = mine.find((x) => x.side === side);
    return r ? { scoreA: r.score_a, scoreB: r.score_b } : null;
  };
  return {
    id: m.id,
    group: m.group_no,
    round: m.round,
    slot: m.slot,
    sideA: sideOf(entrants, m.side_a),
    sideB: sideOf(entrants, m.side_b),
    scoreA: m.score_a,
    scoreB: m.score_b,
    state: m.state as MatchState,
    winner: m.winner,
    reported: { a: mine.some((r) => r.side === 'a'), b: mine.some((r) => r.side === 'b') },
    // the scores a side reported stay private until they disagree, so nobody copies the other's
    reports: m.state === 'disputed' ? { a: report('a'), b: report('b') } : null,
    decidedBy: m.decided_by as BracketMatch['decidedBy'],
    forfeit: m.forfeit as Forfeit | null,
  };
}

/** The decided matches between two entrants: played on a score, or forfeits (whose scores count for nobody). */
const played = (matches: MatchRow[]): PlayedMatch[] =>
  matches
    .filter(
      (m) =>
        m.state === 'confirmed' &&
        m.side_a &&
        m.side_b &&
        (m.forfeit !== null || (m.score_a !== null && m.score_b !== null)),
    )
    .map((m) => ({
      sideA: m.side_a!,
      sideB: m.side_b!,
      scoreA: m.score_a ?? 0,
      scoreB: m.score_b ?? 0,
      forfeit: m.forfeit as Forfeit | null,
    }));

/** A Swiss bracket's results so far: its decided matches (forfeits too) and its byes (each a win). */
function swissGames(matches: MatchRow[]): SwissGame[] {
  const byes = matches.filter((m) => m.state === 'bye' && m.side_a && !m.side_b);
  return [
    ...played(matches).map((m) => ({ a: m.sideA, b: m.sideB, scoreA: m.scoreA, scoreB: m.scoreB, forfeit: m.forfeit })),
    ...byes.map((m) => ({ a: m.side_a!, b: null, scoreA: 0, scoreB: 0 })),
  ];
}

const swissEntrants = (entrants: EntrantRow[]) =>
  entrants.map((e) => ({ id: e.entrant_id, name: e.name, seed: e.seed }));

/**
 * A table with its disqualified entrants moved to the bottom and marked, as a battle royale's standings list them:
 * their results still count for their opponents, but they take no place among those still playing.
 */
function disqualifiedLast<R extends TableRow>(rows: R[], out: ReadonlySet<string>): R[] {
  const ordered = [
    ...rows.filter((r) => !out.has(r.entrantId)),
    ...rows.filter((r) => out.has(r.entrantId)).map((r) => ({ ...r, disqualified: true as const })),
  ];
  return ordered.map((r, i) => ({ ...r, rank: i + 1 }));
}

function tablesOf(b: Loaded): { group: number; rows: TableRow[] }[] {
  const out = outOf(b.entrants);
  if (b.format === 'swiss') {
    const rows = swissTable(swissEntrants(b.entrants), swissGames(b.matches));
    return [{ group: 0, rows: disqualifiedLast(rows, out) }];
  }
  if (b.format !== 'round_robin') return [];
  // grouped once: a field at the roster limit has over a thousand groups and tens of thousands of matches
  const entrants = Map.groupBy(b.entrants, (e) => e.group_no);
  const matches = Map.groupBy(b.matches, (m) => m.group_no);
  return [...entrants.keys()]
    .sort((x, y) => x - y)
    .map((group) => ({
      group,
      rows: disqualifiedLast(
        groupTable(
          entrants.get(group)!.map((e) => ({ id: e.entrant_id, name: e.name })),
          played(matches.get(group) ?? []),
        ),
        out,
      ),
    }));
}

function view(tournamentId: string, format: BracketFormat, b: Loaded | null): Bracket {
  if (!b)
    return {
      tournamentId,
      format,
      seeding: null,
      generatedAt: null,
      rounds: [],
      tables: [],
      complete: false,
      champion: null,
    };
  const entrants = new Map(b.entrants.map((e) => [e.entrant_id, e]));
  const reports = Map.groupBy(b.reports, (r) => r.match_id);
  const rounds: Bracket['rounds'] = [];
  for (const m of b.matches) {
    let round = rounds.at(-1);
    if (!round || round.group !== m.group_no || round.round !== m.round)
      rounds.push((round = { group: m.group_no, round: m.round, matches: [] }));
    round.matches.push(toMatch(m, entrants, reports.get(m.id) ?? []));
  }
  const current = Math.max(0, ...b.matches.map((m) => m.round));
  const roundsDone = b.matches.every((m) => m.state === 'confirmed' || m.state === 'bye');
  // a Swiss bracket is complete only once its last round is
  const complete = roundsDone && (b.format !== 'swiss' || current >= b.rounds);
  // the final is the last round's first match (a third-place match comes after it)
  const last = b.format === 'single_elimination' ? b.matches.filter((m) => m.slot === 0).at(-1) : undefined;
  const won =
    b.format === 'double_elimination'
      ? championOf(doubleFlow(b).flowed)
      : last?.state === 'confirmed'
        ? last.winner
        : null;
  // both finalists disqualified: the one sent on by the forfeit is no champion
  const champion = won !== null && outOf(b.entrants).has(won) ? null : won;
  const playoff = b.playoff ? playoffView(tournamentId, b.playoff, b) : null;
  return {
    tournamentId,
    format: b.format,
    seeding: b.seeding,
    generatedAt: b.generatedAt,
    rounds,
    tables: tablesOf(b),
    complete,
    champion: playoff ? playoff.champion : sideOf(entrants, champion),
    swiss: b.format === 'swiss' ? { rounds: b.rounds, current, canClose: !complete } : null,
    playoff,
  };
}

/** A playoff drawn as a bracket of its own format (its rounds, whether complete, its champion). */
function playoffView(tournamentId: string, p: PlayoffPart, b: Loaded): NonNullable<Bracket['playoff']> {
  const part = { ...b, format: p.format, rounds: 0, entrants: p.entrants, matches: p.matches, all: p.matches };
  const inner = view(tournamentId, p.format, { ...part, playoff: null });
  return {
    format: p.format,
    size: p.entrants.length,
    rounds: inner.rounds,
    complete: inner.complete,
    champion: inner.champion,
  };
}

/** GET /tournaments/{id}/bracket: rounds, matches and (round robin) the group tables; empty before generation. */
export async function bracket(ctx: ServiceContext, tournamentId: string): Promise<Bracket> {
  const format = await formatFor(ctx, tournamentId);
  return view(tournamentId, format, await load(ctx, tournamentId));
}

/** For the on-demand bracket page: the bracket, or null when the tournament is missing or not a bracket. */
export async function findBracket(ctx: ServiceContext, tournamentId: string): Promise<Bracket | null> {
  try {
    return await bracket(ctx, tournamentId);
  } catch (e) {
    if (e instanceof AppError && (e.code === 'TOURNAMENT_NOT_FOUND' || e.code === 'NOT_BRACKET_FORMAT')) return null;
    throw e;
  }
}

/** The caller's matches that take a report now (awaiting or disputed) and their own report; none if disqualified. */
export async function mine(ctx: ServiceContext, userId: string, tournamentId: string): Promise<MyMatch[]> {
  await formatFor(ctx, tournamentId);
  const b = await load(ctx, tournamentId);
  if (!b || !(await TournamentService.standingOf(ctx, tournamentId, userId)).confirmed) return [];
  const mySides = new Set(b.entrants.filter((e) => membersOf(e).some((m) => m.id === userId)).map((e) => e.entrant_id));
  const out: MyMatch[] = [];
  for (const m of b.all) {
    if (m.state !== 'awaiting' && m.state !== 'disputed') continue;
    const side = m.side_a && mySides.has(m.side_a) ? 'a' : m.side_b && mySides.has(m.side_b) ? 'b' : null;
    if (!side) continue;
    const r = b.reports.find((x) => x.match_id === m.id && x.side === side);
    out.push({ matchId: m.id, side, report: r ? { scoreA: r.score_a, scoreB: r.score_b } : null });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// generating

function plan(
  format: BracketFormat,
  seeded: Entrant[],
  input: BracketGenerateInput,
): { matches: PlannedMatch[]; groupOf: Map<string, number> } {
  const groupOf = new Map<string, number>();
  if (format === 'single_elimination' || format === 'double_elimination') {
    seeded.forEach((e) => groupOf.set(e.id, 0));
    return {
      matches: eliminationPlan(
        format,
        seeded.map((e) => e.id),
        input,
      ),
      groupOf,
    };
  }
  if (format === 'swiss') {
    seeded.forEach((e) => groupOf.set(e.id, 0));
    const entrants = seeded.map((e, i) => ({ id: e.id, name: e.name, seed: i + 1 }));
    return { matches: swissMatches(1, swissPairing(entrants, [])), groupOf };
  }
  const matches = groupsOf(seeded).flatMap((group, i) => {
    group.forEach((e) => groupOf.set(e.id, i + 1));
    return roundRobin(
      group.map((e) => e.id),
      i + 1,
    );
  });
  return { matches, groupOf };
}

/** The matches of a single- or double-elimination bracket (or playoff) for entrant ids in seed order. */
function eliminationPlan(
  format: PlayoffFormat,
  seeds: string[],
  options: { thirdPlace?: boolean; grandFinalReset?: boolean },
): PlannedMatch[] {
  if (format === 'single_elimination') {
    const third = (options.thirdPlace ?? false) ? thirdPlaceMatch(seeds.length) : null;
    return [...singleElimination(seeds), ...(third ? [third] : [])];
  }
  // stored empty: reflow puts the seeds in and sends the byes on, as it does after every result
  const shape = doubleEliminationShape(seeds.length, options.grandFinalReset ?? true);
  return shape.map((m) => ({ ...m, sideA: null, sideB: null, byeWinner: null }));
}

/** A Swiss round as matches: its pairs in pairing order, then the bye (one side, already through). */
function swissMatches(round: number, p: ReturnType<typeof swissPairing>): PlannedMatch[] {
  const matches: PlannedMatch[] = p.pairs.map(([sideA, sideB], slot) => ({
    group: 0,
    round,
    slot,
    sideA,
    sideB,
    byeWinner: null,
  }));
  if (p.bye !== null)
    matches.push({ group: 0, round, slot: matches.length, sideA: p.bye, sideB: null, byeWinner: p.bye });
  return matches;
}

const matchRows = (tournamentId: string, matches: PlannedMatch[], now: string) =>
  matches.map((m) => ({
    tournament_id: tournamentId,
    group_no: m.group,
    round: m.round,
    slot: m.slot,
    side_a: m.sideA,
    side_b: m.sideB,
    score_a: null,
    score_b: null,
    winner: m.byeWinner,
    state: stateOfPlanned(m),
    decided_by: null,
    updated_at: now,
    forfeit: null,
  }));

/**
 * Pairs a Swiss bracket's next round once its current one has every result, unless that was the
 * last. Runs inside the write that decided the round's last match, under the bracket's lock. A
 * disqualified entrant is paired no more; a round that is only a bye (one entrant left) is complete
 * at once, and the next is paired after it.
 */
async function pairNextIfDone(ctx: ServiceContext, tournamentId: string, now: string): Promise<void> {
  for (;;) {
    const b = (await load(ctx, tournamentId))!;
    const current = Math.max(0, ...b.matches.map((m) => m.round));
    const open = b.matches.some((m) => m.round === current && m.state !== 'confirmed' && m.state !== 'bye');
    if (open || current >= b.rounds) return;
    const playing = b.entrants.filter((e) => e.disqualified_at === null);
    const next = swissMatches(current + 1, swissPairing(swissEntrants(playing), swissGames(b.matches)));
    if (next.length === 0) return;
    await BracketRepository.insertMatches(ctx.db.kysely, matchRows(tournamentId, next, now));
  }
}

function stateOfPlanned(m: PlannedMatch): MatchState {
  if (m.byeWinner !== null) return 'bye';
  return m.sideA !== null && m.sideB !== null ? 'awaiting' : 'pending';
}

/**
 * The entrants (in check-in order) in the order of the chosen seeding; a manual order naming anybody
 * but the checked-in entrants, each once, is refused (400 BRACKET_ORDER_MISMATCH).
 */
async function seededField(
  ctx: ServiceContext,
  tournamentId: string,
  entrants: Entrant[],
  input: BracketGenerateInput,
): Promise<Entrant[]> {
  if (input.seeding === 'random') return shuffled(entrants, () => randomInt(0, 2 ** 32) / 2 ** 32);
  if (input.seeding === 'manual') {
    const ordered = manualOrder(entrants, input.order ?? []);
    if (!ordered)
      throw new AppError('invalid', 'BRACKET_ORDER_MISMATCH', 'The order must name every checked-in entrant once');
    return ordered;
  }
  if (input.seeding === 'ranking') {
    const { competitionId } = await TournamentService.get(ctx, tournamentId, null);
    return rankingOrder(entrants, await rankingPoints(ctx, competitionId, entrants));
  }
  return entrants;
}

/**
 * POST /tournaments/{id}/bracket (admin): the bracket from the checked-in entrants, seeded at random
 * or in check-in order; generating again replaces it while no match has a report or a result
 * (409 BRACKET_HAS_RESULTS after). The bracket row is claimed first, so two generations queue.
 */
export async function generate(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  input: BracketGenerateInput,
): Promise<Bracket> {
  const format = await formatFor(ctx, tournamentId);
  return audited(ctx, actor, async (tx, audit) => {
    // the tournament's lock before the bracket's, as in every bracket write (see openMatch)
    await TournamentService.lockOpenForResults(tx, tournamentId);
    const db = tx.db.kysely;
    const now = nowIso();
    const before = await BracketRepository.claimBracket(db, {
      tournament_id: tournamentId,
      format,
      seeding: input.seeding,
      generated_at: now,
      rounds: 0,
      playoff_format: null,
      playoff_seeds: null,
    });
    if (await BracketRepository.hasResults(db, tournamentId))
      throw new AppError('conflict', 'BRACKET_HAS_RESULTS', 'A match already has a report or a result');
    // the checked-in players in check-in order, or the teams of a team game (the results domain's entrants)
    const entrants = await entrantsOf(tx, tournamentId);
    if (entrants.length < 2)
      throw new AppError('conflict', 'BRACKET_TOO_FEW_ENTRANTS', 'A bracket needs at least two checked-in entrants');
    const seeded = await seededField(tx, tournamentId, entrants, input);
    const { matches, groupOf } = plan(format, seeded, input);
    if (format === 'swiss') {
      const rounds = input.rounds ?? defaultSwissRounds(entrants.length);
      // past that many rounds everybody would have met everybody: a rematch in every pairing
      if (rounds > maxSwissRounds(entrants.length))
        throw new AppError('invalid', 'SWISS_TOO_MANY_ROUNDS', 'More Swiss rounds than the field can play');
      await BracketRepository.setRounds(db, tournamentId, rounds);
    }
    await BracketRepository.clearBracket(db, tournamentId);
    await BracketRepository.insertEntrants(
      db,
      seeded.map((e, i) => ({
        tournament_id: tournamentId,
        entrant_id: e.id,
        name: e.name,
        seed: i + 1,
        group_no: groupOf.get(e.id) ?? 0,
        members: JSON.stringify(e.members),
        disqualified_at: null,
      })),
    );
    await BracketRepository.insertMatches(db, matchRows(tournamentId, matches, now));
    if (format === 'double_elimination') await reflow(tx, tournamentId, now, false);
    // an organiser's team keeps its disqualified players on its list: one left with no other is out from the start
    // (a solo field has none: a disqualified player is checked out, so never drawn)
    if (seeded.some((e) => e.members.length > 1)) {
      await markOutWithoutPlayers(tx, tournamentId, await BracketRepository.entrantsOf(db, tournamentId), now);
      await settleForfeits(tx, tournamentId, now);
    }
    const after = view(tournamentId, format, await load(tx, tournamentId));
    await audit({
      action: before ? 'bracket.regenerate' : 'bracket.generate',
      entityType: 'tournament',
      entityId: tournamentId,
      label: (await TournamentService.get(tx, tournamentId, null)).name,
      before: before ? { format: before.format, seeding: before.seeding } : null,
      after: { format, seeding: input.seeding, seeds: seeded.map((e) => e.name), matches: matches.length },
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// results

/**
 * Sends a single-elimination winner on to the next match. When an admin's override changes who
 * won, the next match gets the new winner and loses its reports; a next match that already has a
 * confirmed result is left alone and the override refused (409 LATER_MATCH_CONFIRMED): the admin
 * corrects the bracket from its latest decided match backwards. A next match without a result
 * never sent anybody further, so one level is all there is to reopen.
 */
async function advance(
  ctx: ServiceContext,
  tournamentId: string,
  match: MatchRow,
  winner: string,
  now: string,
): Promise<void> {
  const db = ctx.db.kysely;
  const to = nextOf(match.round, match.slot);
  // the bracket's group, or a playoff's
  const group = match.group_no;
  const next = await BracketRepository.findMatchAt(db, tournamentId, { group, round: to.round, slot: to.slot });
  if (!next) return; // the final
  // slot 1 of the next round is a third-place match only when that round is the last (the final's)
  const third = await BracketRepository.findMatchAt(db, tournamentId, { group, round: to.round, slot: 1 });
  const beyond = await BracketRepository.findMatchAt(db, tournamentId, { group, round: to.round + 1, slot: 0 });
  if (third && !beyond) await place(db, third, to.side, winner === match.side_a ? match.side_b! : match.side_a!, now);
  await place(db, next, to.side, winner, now);
}

/** Puts an entrant on a side of a later match, reopening it; refused when that match already has its result. */
async function place(db: ServiceContext['db']['kysely'], next: MatchRow, side: 'a' | 'b', id: string, now: string) {
  if ((side === 'a' ? next.side_a : next.side_b) === id) return;
  if (next.state === 'confirmed') throw laterConfirmed();
  await BracketRepository.setSide(db, next, side, id, now);
}

/** Double elimination: the bracket's shape and where the results so far put everybody. */
function doubleFlow(b: { entrants: EntrantRow[]; matches: MatchRow[] }) {
  const reset = b.matches.some((m) => m.group_no === GRAND_FINAL && m.round === 2);
  const shape = doubleEliminationShape(b.entrants.length, reset);
  const winners = new Map(
    b.matches
      .filter((m) => m.state === 'confirmed' && m.winner)
      .map((m) => [keyOf(m.group_no, m.round, m.slot), m.winner!]),
  );
  const seeded = [...b.entrants].sort((x, y) => x.seed - y.seed).map((e) => e.entrant_id);
  return { shape, flowed: flow(shape, seeded, winners) };
}

/**
 * Double elimination: stores where the results put everybody, after generating and after every
 * decision. A match whose sides change is reopened (no result, no reports) or becomes a bye; one
 * that already has its result is not touched and the decision is refused (409
 * LATER_MATCH_CONFIRMED): the admin corrects the bracket from its latest decided match backwards.
 */
async function reflow(ctx: ServiceContext, tournamentId: string, now: string, playoff: boolean): Promise<void> {
  const db = ctx.db.kysely;
  // a playoff's matches go by the groups of its format alone, and its entrants by their playoff seeds
  const b = (await load(ctx, tournamentId))!;
  const { entrants, matches } = playoff ? b.playoff! : b;
  const rows = new Map(matches.map((m) => [keyOf(m.group_no, m.round, m.slot), m]));
  for (const f of doubleFlow({ entrants, matches }).flowed) {
    const row = rows.get(keyOf(f.group, f.round, f.slot))!;
    const state: MatchState = f.state === 'ready' ? 'awaiting' : f.state;
    const playable = row.state !== 'pending' && row.state !== 'bye';
    const same =
      row.side_a === f.sideA &&
      row.side_b === f.sideB &&
      (f.state === 'ready' ? playable : row.state === state && row.winner === f.winner);
    if (same) continue;
    if (row.state === 'confirmed') throw laterConfirmed();
    await BracketRepository.placeSides(db, row.id, { sideA: f.sideA, sideB: f.sideB, state, winner: f.winner, now });
  }
}

/** A match that takes a result now, the format it is played in, and whether it is the playoff's. */
async function openMatch(
  ctx: ServiceContext,
  tournamentId: string,
  matchId: string,
): Promise<{ format: BracketFormat; match: MatchRow; playoff: boolean }> {
  const db = ctx.db.kysely;
  // The locks come first: everything read after them sees the other writers' committed work. The
  // tournament's row is the one finalising claims: once it is final the write is refused here, in
  // the transaction (checked before it, a report started just before finalising landed after it,
  // under standings already frozen). Every bracket write takes it before the bracket's lock, and
  // finalising takes no bracket lock, so no two of them wait on each other.
  await TournamentService.lockOpenForResults(ctx, tournamentId);
  if (!(await BracketRepository.lockBracket(db, tournamentId))) throw notGenerated();
  const row = await BracketRepository.findBracket(db, tournamentId);
  const match = await BracketRepository.findMatch(db, tournamentId, matchId);
  if (!row || !match) throw matchNotFound();
  if (match.state === 'pending' || match.state === 'bye' || !match.side_a || !match.side_b)
    throw new AppError('conflict', 'MATCH_NOT_READY', 'This match does not have both sides yet');
  if (row.playoff_format && isPlayoffMatch(match, await playoffFromOf(ctx, tournamentId)))
    return { format: row.playoff_format as PlayoffFormat, match, playoff: true };
  // the stage's results seeded the playoff: once it is made they stay as they are
  if (row.playoff_format) throw playoffExists();
  // a Swiss round's results made the next round's pairs: once it is paired they stay as they are
  if (row.format === 'swiss' && match.round < (await BracketRepository.latestRound(db, tournamentId)))
    throw new AppError('conflict', 'SWISS_ROUND_CLOSED', 'The next round is already paired on this result');
  return { format: row.format as BracketFormat, match, playoff: false };
}

async function matchView(ctx: ServiceContext, tournamentId: string, matchId: string): Promise<BracketMatch> {
  const b = (await load(ctx, tournamentId))!;
  const m = b.all.find((x) => x.id === matchId)!;
  const reports = b.reports.filter((r) => r.match_id === m.id);
  // a playoff's match as the playoff shows it: its own groups, its playoff seeds
  if (b.playoff && isPlayoffMatch(m, b.playoffFrom))
    return toMatch(
      { ...m, group_no: m.group_no - b.playoffFrom },
      new Map(b.playoff.entrants.map((e) => [e.entrant_id, e])),
      reports,
    );
  return toMatch(m, new Map(b.entrants.map((e) => [e.entrant_id, e])), reports);
}

/**
 * POST …/bracket/matches/{matchId}/report: a player of side A or B (for a team, any member) reports
 * the score. When the other side's report agrees the match is confirmed and (single elimination)
 * the winner goes on; when it differs the match is disputed and waits for the admin. A side may
 * correct its report until the match is confirmed. Reports of one bracket queue on its row lock,
 * so two sides reporting at the same instant confirm, and advance, exactly once.
 */
export async function report(
  ctx: ServiceContext,
  userId: string,
  tournamentId: string,
  matchId: string,
  score: BracketScore,
): Promise<BracketMatch> {
  await formatFor(ctx, tournamentId);
  return withTransaction(ctx, async (tx) => {
    const trx = tx.db.kysely;
    const { format, match, playoff } = await openMatch(tx, tournamentId, matchId);
    const sides = await BracketRepository.entrantsOf(trx, tournamentId);
    const isIn = (entrantId: string) =>
      sides.some((e) => e.entrant_id === entrantId && membersOf(e).some((m) => m.id === userId));
    const side = isIn(match.side_a!) ? 'a' : isIn(match.side_b!) ? 'b' : null;
    if (!side) throw new AppError('forbidden', 'NOT_A_SIDE', 'Only the players of this match report its score');
    // the bracket keeps its sides as generated; a player disqualified (or checked out) since then
    // no longer plays, and is refused as a battle-royale report is
    const me = await TournamentService.standingOf(tx, tournamentId, userId);
    if (!me.confirmed) throw new AppError('forbidden', 'NOT_CHECKED_IN', 'Only checked-in players report matches');
    if (match.state === 'confirmed')
      throw new AppError('conflict', 'MATCH_ALREADY_CONFIRMED', 'This match already has its result');
    if (isElimination(format) && score.scoreA === score.scoreB) throw drawNotAllowed();
    const now = nowIso();
    await BracketRepository.putReport(trx, {
      match_id: matchId,
      side,
      user_id: userId,
      score_a: score.scoreA,
      score_b: score.scoreB,
      reported_at: now,
    });
    const reports = await BracketRepository.matchReports(trx, matchId);
    const a = reports.find((r) => r.side === 'a');
    const b = reports.find((r) => r.side === 'b');
    if (a && b) {
      const agreed = { scoreA: a.score_a, scoreB: a.score_b };
      if (sameScore(agreed, { scoreA: b.score_a, scoreB: b.score_b })) {
        const w = winnerSide(agreed);
        const winner = w === 'a' ? match.side_a! : w === 'b' ? match.side_b! : null;
        // the conditional update is the "once": of two writers only one turns the match confirmed
        if (
          await BracketRepository.decide(trx, matchId, { ...agreed, winner, decidedBy: 'players', now, onlyOpen: true })
        ) {
          if (format === 'single_elimination' && winner) await advance(tx, tournamentId, match, winner, now);
          if (format === 'double_elimination') await reflow(tx, tournamentId, now, playoff);
          if (format === 'swiss') await pairNextIfDone(tx, tournamentId, now);
          // the winner may meet a disqualified entrant next
          if (outOf(sides).size > 0) await settleForfeits(tx, tournamentId, now);
        }
      } else {
        await BracketRepository.setState(trx, matchId, 'disputed', now);
      }
    }
    return matchView(tx, tournamentId, matchId);
  });
}

/**
 * POST …/bracket/matches/{matchId}/override (admin): the admin's result for any match with both
 * sides, disputed or not, confirmed or not. The winner goes on (see `advance` for what reopens and
 * what refuses). Audited as a resolution when the match was disputed, else as an override.
 */
export async function override(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  matchId: string,
  score: BracketScore,
): Promise<BracketMatch> {
  await formatFor(ctx, tournamentId);
  return audited(ctx, actor, async (tx, audit) => {
    const { format, match, playoff } = await openMatch(tx, tournamentId, matchId);
    if (isElimination(format) && score.scoreA === score.scoreB) throw drawNotAllowed();
    const before = await matchView(tx, tournamentId, matchId);
    const now = nowIso();
    const w = winnerSide(score);
    const winner = w === 'a' ? match.side_a! : w === 'b' ? match.side_b! : null;
    await BracketRepository.decide(tx.db.kysely, matchId, {
      ...score,
      winner,
      decidedBy: 'admin',
      now,
      onlyOpen: false,
    });
    if (format === 'single_elimination' && winner) await advance(tx, tournamentId, match, winner, now);
    if (format === 'double_elimination') await reflow(tx, tournamentId, now, playoff);
    if (format === 'swiss') await pairNextIfDone(tx, tournamentId, now);
    await settleForfeits(tx, tournamentId, now);
    const after = await matchView(tx, tournamentId, matchId);
    const label = (m: BracketMatch) => ({
      sideA: m.sideA?.name ?? null,
      sideB: m.sideB?.name ?? null,
      scoreA: m.scoreA,
      scoreB: m.scoreB,
      state: m.state,
      reports: m.reports,
    });
    await audit({
      action: match.state === 'disputed' ? 'bracket.resolve' : 'bracket.override',
      entityType: 'tournament',
      entityId: tournamentId,
      label: auditLabel(
        (await TournamentService.get(tx, tournamentId, null)).name,
        `${before.sideA?.name ?? '?'} – ${before.sideB?.name ?? '?'}`,
      ),
      before: { matchId, ...label(before) },
      after: { matchId, ...label(after) },
    });
    return after;
  });
}

/**
 * POST /tournaments/{id}/bracket/next-round (admin): closes a Swiss bracket's current round and pairs
 * the next. A match of the round still without its result (not played, not yet agreed, or
 * disputed) counts as a 0–0 draw decided by the admin, who may have set any result before with an
 * override. Closing the last round ends the bracket; once it has ended 409 SWISS_ROUNDS_DONE.
 */
export async function nextRound(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  input: SwissClose,
): Promise<Bracket> {
  const format = await formatFor(ctx, tournamentId);
  if (format !== 'swiss') throw new AppError('conflict', 'NOT_SWISS', 'Only a Swiss bracket is played round by round');
  return audited(ctx, actor, async (tx, audit) => {
    await TournamentService.lockOpenForResults(tx, tournamentId);
    const db = tx.db.kysely;
    if (!(await BracketRepository.lockBracket(db, tournamentId))) throw notGenerated();
    const b = (await load(tx, tournamentId))!;
    const current = Math.max(0, ...b.matches.map((m) => m.round));
    const open = b.matches.filter((m) => m.round === current && m.state !== 'confirmed' && m.state !== 'bye');
    if (input.round !== current)
      throw new AppError('conflict', 'SWISS_NOT_CURRENT_ROUND', 'That round is no longer the one being played');
    if (!open.length && current >= b.rounds)
      throw new AppError('conflict', 'SWISS_ROUNDS_DONE', 'Every round of this Swiss bracket is played');
    const now = nowIso();
    for (const m of open)
      await BracketRepository.decide(db, m.id, {
        scoreA: 0,
        scoreB: 0,
        winner: null,
        decidedBy: 'admin',
        now,
        onlyOpen: true,
      });
    await pairNextIfDone(tx, tournamentId, now);
    const after = view(tournamentId, format, await load(tx, tournamentId));
    await audit({
      action: 'bracket.next_round',
      entityType: 'tournament',
      entityId: tournamentId,
      label: auditLabel((await TournamentService.get(tx, tournamentId, null)).name, `${current}/${b.rounds}`),
      before: { round: current, drawn: open.length },
      after: { round: after.swiss?.current ?? current },
    });
    return after;
  });
}

/**
 * POST /tournaments/{id}/bracket/playoff (admin): once a Swiss or round-robin stage has every result,
 * its top `size` (stage.ts playoffSeeds: group winners first, then by the table) are seeded 1..size
 * into a single- or double-elimination playoff, stored as more matches of the bracket under groups
 * of their own. Refused: 409 NOT_A_STAGE for another format, PLAYOFF_STAGE_INCOMPLETE,
 * PLAYOFF_EXISTS, PLAYOFF_BAD_SIZE unless 2 ≤ size ≤ the stage's entrants. The stage's results stay
 * as they are from then on (PLAYOFF_EXISTS on a report or an override of a stage match).
 */
export async function createPlayoff(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  input: PlayoffCreateInput,
): Promise<Bracket> {
  const format = await formatFor(ctx, tournamentId);
  if (!(stageFormats as readonly string[]).includes(format))
    throw new AppError('conflict', 'NOT_A_STAGE', 'Only a Swiss or round-robin stage leads to a playoff');
  return audited(ctx, actor, async (tx, audit) => {
    await TournamentService.lockOpenForResults(tx, tournamentId);
    const db = tx.db.kysely;
    if (!(await BracketRepository.lockBracket(db, tournamentId))) throw notGenerated();
    const b = (await load(tx, tournamentId))!;
    if (!view(tournamentId, format, b).complete)
      throw new AppError('conflict', 'PLAYOFF_STAGE_INCOMPLETE', 'The stage still has matches to play');
    if (b.playoff) throw playoffExists();
    // a disqualified entrant is never seeded
    if (input.size < 2 || input.size > b.entrants.length - outOf(b.entrants).size)
      throw new AppError('conflict', 'PLAYOFF_BAD_SIZE', 'A playoff takes from two entrants to the whole stage');
    const seeds = playoffSeeds(tablesOf(b), input.size);
    const now = nowIso();
    await BracketRepository.setPlayoff(db, tournamentId, { format: input.format, seeds: JSON.stringify(seeds) });
    const planned = eliminationPlan(input.format, seeds, input).map((m) => ({ ...m, group: m.group + b.playoffFrom }));
    await BracketRepository.insertMatches(db, matchRows(tournamentId, planned, now));
    if (input.format === 'double_elimination') await reflow(tx, tournamentId, now, true);
    const after = view(tournamentId, format, await load(tx, tournamentId));
    const names = new Map(b.entrants.map((e) => [e.entrant_id, e.name]));
    await audit({
      action: 'bracket.playoff',
      entityType: 'tournament',
      entityId: tournamentId,
      // the format's code would read raw in either language: the details hold it
      label: (await TournamentService.get(tx, tournamentId, null)).name,
      before: null,
      after: { format: input.format, seeds: seeds.map((id) => names.get(id) ?? id), matches: planned.length },
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// disqualifications: forfeits

/**
 * Marks out of the bracket each entrant left without a player: every player it was drawn with is off the roster,
 * disqualified or removed by an admin (a solo entrant's one player; a team plays on while any of its players is
 * left, as in a battle royale). Either way nobody is left to play its matches, which would otherwise hold the
 * bracket up.
 */
async function markOutWithoutPlayers(
  ctx: ServiceContext,
  tournamentId: string,
  entrants: EntrantRow[],
  now: string,
): Promise<void> {
  const roster = await rosterMembers(ctx, tournamentId);
  const out = entrants.filter(
    (e) => e.disqualified_at === null && membersOf(e).length > 0 && membersOf(e).every((m) => !roster.has(m.id)),
  );
  await BracketRepository.markOut(
    ctx.db.kysely,
    tournamentId,
    out.map((e) => e.entrant_id),
    now,
  );
}

/**
 * Decides as forfeits the open matches (awaiting or disputed) of the entrants out of the bracket, then sends each
 * winner on as a result does; a match a winner so reaches against another entrant out is decided in the next pass.
 * A match still waiting for its other side stays pending until that side comes. Matches with a result keep it.
 * Runs under the tournament's and the bracket's locks (a disqualification, a generation, a result). Answers the
 * matches it decided, each as "A – B".
 */
async function settleForfeits(ctx: ServiceContext, tournamentId: string, now: string): Promise<string[]> {
  const decided: string[] = [];
  // the usual case, nobody out, costs one read of the entrants rather than of the whole bracket
  if (outOf(await BracketRepository.entrantsOf(ctx.db.kysely, tournamentId)).size === 0) return decided;
  for (;;) {
    const b = (await load(ctx, tournamentId))!;
    const out = outOf(b.entrants);
    if (out.size === 0) return decided;
    const names = new Map(b.entrants.map((e) => [e.entrant_id, e.name]));
    const touched = { stage: false, playoff: false };
    for (const m of b.all) {
      const inPlayoff = isPlayoffMatch(m, b.playoffFrom);
      const format = inPlayoff ? b.playoff!.format : b.format;
      const due = forfeitOf(
        { sideA: m.side_a, sideB: m.side_b, state: m.state as MatchState },
        out,
        isElimination(format),
      );
      if (!due || !(await BracketRepository.forfeit(ctx.db.kysely, m.id, { ...due, now }))) continue;
      decided.push(`${names.get(m.side_a!)} – ${names.get(m.side_b!)}`);
      touched[inPlayoff ? 'playoff' : 'stage'] = true;
      if (format === 'single_elimination' && due.winner) await advance(ctx, tournamentId, m, due.winner, now);
    }
    if (!touched.stage && !touched.playoff) return decided;
    if (touched.stage && b.format === 'double_elimination') await reflow(ctx, tournamentId, now, false);
    if (touched.playoff && b.playoff!.format === 'double_elimination') await reflow(ctx, tournamentId, now, true);
    if (touched.stage && b.format === 'swiss') await pairNextIfDone(ctx, tournamentId, now);
  }
}

/**
 * A player was just disqualified or removed from the roster (announced by the roster in its own transaction): the
 * entrant it leaves without a player is out of the bracket (markOutWithoutPlayers) and forfeits every match of its
 * without a result; the matches it played keep their results. Answers the forfeited matches, each as "A – B", for
 * the roster change's audit entry; none when the tournament has no bracket or the player is in none of its entrants
 * (gone before it was drawn, or from the waitlist).
 */
export async function forfeitLeaving(ctx: ServiceContext, tournamentId: string, userId: string): Promise<string[]> {
  const db = ctx.db.kysely;
  // the tournament's lock first, as every bracket write takes it (a disqualification holds it already, a removal
  // does not): a finalisation that came first refuses the change, one that comes later waits for it
  await TournamentService.lockOpenForResults(ctx, tournamentId);
  if (!(await BracketRepository.lockBracket(db, tournamentId))) return [];
  const entrants = await BracketRepository.entrantsOf(db, tournamentId);
  if (!entrants.some((e) => membersOf(e).some((m) => m.id === userId))) return [];
  const now = nowIso();
  await markOutWithoutPlayers(ctx, tournamentId, entrants, now);
  return settleForfeits(ctx, tournamentId, now);
}

// ---------------------------------------------------------------------------------------------
// final standings, for finalising

/**
 * Final standings rows for finalising (the shape of the results domain's StandingsRow): single
 * elimination by the place each entrant went out in (champion 1, runner-up 2, semi-final losers
 * 3, or 3 and 4 after a third-place match, quarter-final losers 5, …; an entrant still in play has
 * the place losing its current match would give, so finalising early never crowns two champions),
 * double elimination likewise (double-elimination.ts doubleEliminationPlaces),
 * round robin by the group tables (first of every group, then second, …, by points and
 * difference across groups). `points` are wins × 3 (+1 a draw; a forfeit is a win for the side
 * still playing), `eliminations` the wins, `bestPlacement` the place; an entrant disqualified
 * mid-event last, with rank 0 and `disqualified`; an empty list before generation.
 */
export async function placements(ctx: ServiceContext, tournamentId: string): Promise<StandingsRow[]> {
  const b = await load(ctx, tournamentId);
  if (!b) return [];
  const entrants = new Map(b.entrants.map((e) => [e.entrant_id, e]));
  // an entrant's record counts its playoff matches too, and a forfeit as a match (won by the side still playing),
  // tallied in one pass (a field at the roster limit plays tens of thousands of matches)
  const records = new Map(b.entrants.map((e) => [e.entrant_id, blankRow({ id: e.entrant_id, name: e.name })]));
  for (const m of played(b.all)) tallyGame(records.get(m.sideA)!, records.get(m.sideB)!, m);
  const row = (id: string, rank: number): StandingsRow => {
    const e = entrants.get(id)!;
    const r = records.get(id)!;
    return {
      rank,
      entrantId: id,
      name: e.name,
      members: membersOf(e).map((m) => m.username),
      points: r.wins * 3 + r.draws,
      matchesCounted: r.played,
      matchesPlayed: r.played,
      eliminations: r.wins,
      bestPlacement: rank,
      averagePlacement: null,
    };
  };
  // the disqualified come last with rank 0, as in a battle royale's standings: never ranked, paid or badged
  const out = outOf(b.entrants);
  const disqualified = (order: string[]) =>
    order.filter((id) => out.has(id)).map((id) => ({ ...row(id, 0), disqualified: true }));
  if (b.playoff) {
    // the playoff's entrants by where the playoff put them, then the rest of the stage in its order
    const top = eliminationRanks(b.playoff);
    const seedOf = new Map(b.playoff.entrants.map((e) => [e.entrant_id, e.seed]));
    const playoff = [...top.keys()]
      .map((id) => row(id, top.get(id)!))
      .sort((x, y) => x.rank - y.rank || seedOf.get(x.entrantId)! - seedOf.get(y.entrantId)!);
    const rest = stageOrder(tablesOf(b))
      .map((l) => l.entrantId)
      .filter((id) => !top.has(id));
    return [
      ...playoff.filter((r) => !out.has(r.entrantId)),
      ...rest.filter((id) => !out.has(id)).map((id, i) => row(id, top.size + i + 1)),
      ...disqualified([...playoff.map((r) => r.entrantId), ...rest]),
    ];
  }
  if (b.format === 'swiss') {
    // the Swiss table's order (points, Buchholz, opponents' wins, head-to-head), its disqualified already last; a
    // bye is a win's points
    const table = tablesOf(b)[0]!.rows;
    const swissRow = (l: TableRow, rank: number) => ({
      ...row(l.entrantId, rank),
      points: l.points,
      eliminations: l.wins,
    });
    return table.map((l, i) => (l.disqualified ? { ...swissRow(l, 0), disqualified: true } : swissRow(l, i + 1)));
  }
  if (b.format === 'round_robin') {
    const order = stageOrder(tablesOf(b)).map((l) => l.entrantId);
    return [...order.filter((id) => !out.has(id)).map((id, i) => row(id, i + 1)), ...disqualified(order)];
  }
  const places = eliminationRanks(b as Loaded & { format: PlayoffFormat });
  const order = [...entrants.keys()].sort(
    (x, y) => places.get(x)! - places.get(y)! || entrants.get(x)!.seed - entrants.get(y)!.seed,
  );
  return [...order.filter((id) => !out.has(id)).map((id) => row(id, places.get(id)!)), ...disqualified(order)];
}

/**
 * The disputed matches of a bracket, its playoff's among them, by the group, round and slot they are stored at:
 * what finalising names as still open. None before generation.
 */
export async function disputes(
  ctx: ServiceContext,
  tournamentId: string,
): Promise<{ group: number; round: number; slot: number }[]> {
  const b = await load(ctx, tournamentId);
  return (b?.all ?? [])
    .filter((m) => m.state === 'disputed')
    .map((m) => ({ group: m.group_no, round: m.round, slot: m.slot }));
}

/**
 * The entrants as the bracket was drawn, with their members as they were then: the ones its places
 * are of, for finalising (teams formed again since have other ids and may have other members).
 */
export async function drawnEntrants(ctx: ServiceContext, tournamentId: string): Promise<Entrant[]> {
  const rows = await BracketRepository.entrantsOf(ctx.db.kysely, tournamentId);
  return rows.map((e) => ({ id: e.entrant_id, name: e.name, members: membersOf(e) }));
}

/**
 * The place of every entrant of a single- or double-elimination bracket (or playoff): where they
 * went out; one still in play has the place losing its current match would give, so finalising
 * early never crowns two champions.
 */
function eliminationRanks(b: { format: PlayoffFormat; entrants: EntrantRow[]; matches: MatchRow[] }) {
  const ids = b.entrants.map((e) => e.entrant_id);
  if (b.format === 'double_elimination') {
    const places = doubleEliminationPlaces(doubleFlow(b).flowed);
    return new Map(ids.map((id) => [id, places.get(id) ?? ids.length]));
  }
  const rounds = Math.max(0, ...b.matches.map((m) => m.round));
  const decided = b.matches
    .filter((m) => m.state === 'confirmed' && m.side_a && m.side_b && m.winner)
    .map((m) => ({ round: m.round, slot: m.slot, sideA: m.side_a!, sideB: m.side_b!, winner: m.winner! }));
  const places = eliminationPlaces(rounds, decided);
  // still in play: the place they would get by losing the match they are in now (its round's losers' place)
  const current = (id: string) =>
    Math.max(1, ...b.matches.filter((m) => m.side_a === id || m.side_b === id).map((m) => m.round));
  return new Map(ids.map((id) => [id, places.get(id) ?? 2 ** (rounds - current(id)) + 1]));
}

/**
 * The scores a player reported in the brackets of `tournamentIds` (their own tournaments of this brand), for their
 * data export: what they said, whether or not it became the result.
 */
export async function reportsBy(
  ctx: ServiceContext,
  userId: string,
  tournamentIds: string[],
): Promise<PlayerBracketReport[]> {
  const rows = await BracketRepository.reportsBy(ctx.db.kysely, userId, tournamentIds);
  return rows.map((r) => ({
    tournamentId: r.tournament_id,
    matchId: r.match_id,
    round: r.round,
    side: r.side === 'b' ? 'b' : 'a',
    scoreA: r.score_a,
    scoreB: r.score_b,
    reportedAt: r.reported_at,
  }));
}

/** A closed account's place in past brackets stays, under `name`. */
export function forgetPlayer(ctx: ServiceContext, userId: string, name: string): Promise<void> {
  return BracketRepository.forgetPlayer(ctx.db.kysely, userId, name);
}
