import {
  presetTables,
  scoringPresets,
  tiebreakers,
  type ScoringPreset,
  type ScoringTable,
  type Tiebreaker,
} from '../../contract.ts';
import type { NumberRanges } from '../../../../platform/ui/admin/field-error.ts';

/** What the scoring form's inputs hold: numbers as typed, '' for "none" (an open bracket end, all matches). */
export interface ScoringFormValues {
  preset: ScoringPreset;
  placementPoints: { from: string; to: string; points: string }[];
  pointsPerElimination: string;
  eliminationBrackets: { from: string; to: string; points: string }[];
  counted: 'all' | 'best';
  countedMatches: string;
  lobbySize: string;
  /** all four, in the admin's order; `on` for those that apply */
  tiebreakers: { key: Tiebreaker; on: boolean }[];
}

const str = (n: number | null) => (n === null ? '' : String(n));
/** '' is "not given" (the schema's required error); anything else a number, NaN included. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

export function toScoringValues(table: ScoringTable): ScoringFormValues {
  return {
    preset: table.preset,
    placementPoints: table.placementPoints.map((r) => ({ from: str(r.from), to: str(r.to), points: str(r.points) })),
    pointsPerElimination: str(table.pointsPerElimination),
    eliminationBrackets: table.eliminationBrackets.map((r) => ({
      from: str(r.from),
      to: str(r.to),
      points: str(r.points),
    })),
    counted: table.countedMatches === null ? 'all' : 'best',
    countedMatches: str(table.countedMatches),
    lobbySize: str(table.lobbySize),
    // the ones in use first, in their order, then the others (off)
    tiebreakers: [
      ...table.tiebreakers.map((key) => ({ key, on: true })),
      ...tiebreakers.filter((k) => !table.tiebreakers.includes(k)).map((key) => ({ key, on: false })),
    ],
  };
}

/** The table the form describes; its preset stays only while the table is still exactly the preset's. */
export function toScoringBody(v: ScoringFormValues): ScoringTable {
  const body = {
    preset: v.preset,
    placementPoints: v.placementPoints.map((r) => ({ from: num(r.from), to: num(r.to), points: num(r.points) })),
    pointsPerElimination: num(v.pointsPerElimination),
    eliminationBrackets: v.eliminationBrackets.map((r) => ({
      from: num(r.from),
      to: r.to.trim() === '' ? null : Number(r.to),
      points: num(r.points),
    })),
    countedMatches: v.counted === 'all' ? null : num(v.countedMatches),
    lobbySize: num(v.lobbySize),
    tiebreakers: v.tiebreakers.filter((x) => x.on).map((x) => x.key),
  } as ScoringTable;
  return { ...body, preset: isPreset(body) ? body.preset : 'custom' };
}

/** True when the table is its named preset's, unchanged. */
export function isPreset(table: ScoringTable): boolean {
  if (table.preset === 'custom') return false;
  const { preset: _p, ...rest } = table;
  const { preset: _q, ...wanted } = presetTables[table.preset];
  return JSON.stringify(rest) === JSON.stringify(wanted);
}

export const presetChoices = scoringPresets;

/** The ranges each number field's error names, per row (placements start at 1, eliminations at 0). */
export function scoringRanges(v: ScoringFormValues): NumberRanges {
  const ranges: Record<string, readonly [number, number]> = {
    pointsPerElimination: [0, 1000],
    countedMatches: [1, 50],
    lobbySize: [2, 200],
  };
  v.placementPoints.forEach((_, i) => {
    ranges[`placementPoints.${i}.from`] = [1, 200];
    ranges[`placementPoints.${i}.to`] = [1, 200];
    ranges[`placementPoints.${i}.points`] = [0, 1000];
  });
  v.eliminationBrackets.forEach((_, i) => {
    ranges[`eliminationBrackets.${i}.from`] = [0, 200];
    ranges[`eliminationBrackets.${i}.to`] = [0, 200];
    ranges[`eliminationBrackets.${i}.points`] = [0, 1000];
  });
  return ranges;
}
