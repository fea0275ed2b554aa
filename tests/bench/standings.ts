/**
 * The standings computation's cost (the target: 100 teams × 6 matches in under 5 ms), for
 * `npm run bench`: computeStandings timed over many runs on one fixed, realistic tournament (every
 * team in every match, placements 1..100 shuffled, eliminations spread like a lobby's), per scoring
 * table. Prints one markdown row per table: wall-clock median, p99 and slowest run, and the mean
 * processor time per run.
 *
 *   bash scripts/run.sh node tests/bench/standings.ts
 */
import { presetTables, type ScoringTable } from '../../src/features/results/contract.ts';
import { computeStandings, type ScoredMatch } from '../../src/features/results/scoring.ts';

const TEAMS = 100;
const MATCHES = 6;
const RUNS = Number(process.env.BENCH_STANDINGS_RUNS || 5000);

// a seeded generator: the same tournament on every run and machine
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};

const entrants = Array.from({ length: TEAMS }, (_, i) => ({
  id: `team-${i}`,
  name: `Team ${i + 1}`,
  members: [0, 1, 2, 3].map((m) => `player_${i}_${m}`),
}));
const matches: ScoredMatch[] = Array.from({ length: MATCHES }, (_, m) => {
  const order = entrants.map((e) => ({ e, k: random() })).sort((a, b) => a.k - b.k);
  return {
    number: m + 1,
    voided: false,
    lines: order.map(({ e }, i) => ({
      entrantId: e.id,
      placement: i + 1,
      // the better placed eliminate more, with a long tail
      eliminations: Math.floor(random() * (12 - i / 10)),
      submittedAt: new Date(Date.UTC(2026, 2, 1, 18, m * 20, Math.floor(random() * 600))).toISOString(),
    })),
  };
});

const tables: [string, ScoringTable][] = [
  ['placement + 1 per elimination, all 6 count', presetTables.placement_plus_elims],
  ['start.gg FFA Fortnite, all 6 count', presetTables.startgg_ffa],
  ['placement + 1 per elimination, best 4 of 6', { ...presetTables.placement_plus_elims, countedMatches: 4 }],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

for (const [name, table] of tables) {
  // warm up (JIT) before anything is measured
  for (let i = 0; i < 500; i++) computeStandings(table, entrants, matches);
  const times: number[] = [];
  let rows = 0;
  // processor time as well: on a shared machine a wall-clock p99 also counts the moments this
  // process was not running at all
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows += computeStandings(table, entrants, matches).length;
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  const cpuMean = (used.user + used.system) / 1000 / RUNS;
  if (rows !== RUNS * TEAMS) throw new Error('computeStandings lost an entrant');
  times.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(
    `| ${TEAMS} teams × ${MATCHES} matches, ${name} | ${ms(quantile(times, 0.5))} | ` +
      `${ms(quantile(times, 0.99))} | ${ms(times[times.length - 1]!)} | ${ms(cpuMean)} | ${RUNS} |`,
  );
}
