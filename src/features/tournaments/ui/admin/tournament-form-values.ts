import { isoToLocalInput, localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';
import type { Tournament, TournamentInput } from '../../contract.ts';
import { scheduleKeys } from '../../schedule-order.ts';
import { fromStatusChoice, toStatusChoice, type StatusChoice } from './status.ts';

/** What the tournament form's inputs hold: strings for numbers and local datetimes, '' for "none". */
export interface TournamentFormValues {
  name: string;
  banner: string;
  thumbnail: string;
  game: string;
  console: string[];
  status: StatusChoice;
  open: boolean;
  password: string;
  maxPartecipants: string;
  start_registration: string;
  end_registration: string;
  start_checkin: string;
  end_checkin: string;
  start_tournament: string;
  end_tournament: string;
  check_in: string;
  check_in_end: string;
  description: string;
  rules: string;
  teamSize: string;
  /** '' for "every member" */
  teamCheckinMinimum: string;
  /** '' for "the game decides" */
  format: string;
  competitionId: string;
  dateText: { it: string; en: string };
  externalUrl: string;
  /** the English texts; the flat name, description and rules are the Italian ones */
  en: { name: string; description: string; rules: string };
}

/** The schedule's dates, in the order the server checks them. */
export const scheduleFields = scheduleKeys;

/** Every field name of the form (the API body's names), for placing server issues. */
export const tournamentFields = [
  'name',
  'banner',
  'thumbnail',
  'game',
  'console',
  'status',
  'open',
  'password',
  'maxPartecipants',
  ...scheduleFields,
  'check_in',
  'check_in_end',
  'description',
  'rules',
  'teamSize',
  'teamCheckinMinimum',
  'format',
  'competitionId',
  'dateText',
  'externalUrl',
] as const;

export const emptyTournamentValues: TournamentFormValues = {
  name: '',
  banner: '',
  thumbnail: '',
  game: '',
  console: [],
  status: '',
  open: true,
  password: '',
  maxPartecipants: '',
  start_registration: '',
  end_registration: '',
  start_checkin: '',
  end_checkin: '',
  start_tournament: '',
  end_tournament: '',
  check_in: '0',
  check_in_end: '0',
  description: '',
  rules: '',
  teamSize: '',
  teamCheckinMinimum: '',
  format: '',
  competitionId: '',
  dateText: { it: '', en: '' },
  externalUrl: '',
  en: { name: '', description: '', rules: '' },
};

/** A tournament from the API into the form; the password is write-only and always starts empty. */
export function toFormValues(t: Tournament): TournamentFormValues {
  return {
    // the flat fields are in the admin's language: the form edits the stored Italian and English
    name: t.translations.it.name,
    banner: t.banner,
    thumbnail: t.thumbnail,
    game: t.game,
    console: [...t.console],
    status: toStatusChoice(t.statusOverride),
    open: t.open,
    password: '',
    maxPartecipants: String(t.maxPartecipants),
    start_registration: isoToLocalInput(t.start_registration),
    end_registration: isoToLocalInput(t.end_registration),
    start_checkin: isoToLocalInput(t.start_checkin),
    end_checkin: isoToLocalInput(t.end_checkin),
    start_tournament: isoToLocalInput(t.start_tournament),
    end_tournament: isoToLocalInput(t.end_tournament),
    check_in: String(t.check_in),
    check_in_end: String(t.check_in_end),
    description: t.translations.it.description,
    rules: t.translations.it.rules,
    teamSize: t.teamSize === null ? '' : String(t.teamSize),
    teamCheckinMinimum: t.teamCheckinMinimum === null ? '' : String(t.teamCheckinMinimum),
    format: t.formatOverride ?? '',
    competitionId: t.competitionId ?? '',
    dateText: { it: t.dateText?.it ?? '', en: t.dateText?.en ?? '' },
    externalUrl: t.externalUrl ?? '',
    en: { ...t.translations.en },
  };
}

/** '' is "not given" (the schema's default or its required error); anything else a number, NaN included. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/**
 * The form into the API body (before the schema). An empty password is left out: on edit that
 * keeps the current one (the password is stored hashed and never returned, so the form cannot show it).
 */
export function toTournamentBody(v: TournamentFormValues): TournamentInput {
  const consoles = Array.isArray(v.console) ? v.console : v.console ? [v.console] : [];
  return {
    name: v.name,
    banner: v.banner.trim(),
    thumbnail: v.thumbnail.trim(),
    game: v.game as TournamentInput['game'],
    console: consoles as TournamentInput['console'],
    status: fromStatusChoice(v.status),
    open: v.open,
    password: v.open || v.password === '' ? undefined : v.password,
    maxPartecipants: num(v.maxPartecipants) as number,
    start_registration: localInputToIso(v.start_registration),
    end_registration: localInputToIso(v.end_registration),
    start_checkin: localInputToIso(v.start_checkin),
    end_checkin: localInputToIso(v.end_checkin),
    start_tournament: localInputToIso(v.start_tournament),
    end_tournament: localInputToIso(v.end_tournament),
    check_in: num(v.check_in),
    check_in_end: num(v.check_in_end),
    description: v.description,
    rules: v.rules,
    teamSize: v.teamSize.trim() === '' ? null : Number(v.teamSize),
    teamCheckinMinimum: v.teamCheckinMinimum.trim() === '' ? null : Number(v.teamCheckinMinimum),
    format: v.format === '' ? null : (v.format as TournamentInput['format']),
    competitionId: v.competitionId === '' ? null : v.competitionId,
    dateText: { it: v.dateText.it, en: v.dateText.en },
    externalUrl: v.externalUrl.trim(),
    translations: { en: { name: v.en.name.trim(), description: v.en.description, rules: v.en.rules } },
  };
}

export const tournamentNumberRanges = {
  maxPartecipants: [1, 10000],
  check_in: [0, 1440],
  check_in_end: [0, 1440],
  teamSize: [1, 100],
  teamCheckinMinimum: [1, 100],
} as const;

/** Solo, duo, trio and squad: the team sizes of a battle-royale lobby ('' is solo, as the API's null). */
export const battleRoyaleTeamSizes = [
  ['', 'solo'],
  ['2', 'duo'],
  ['3', 'trio'],
  ['4', 'squad'],
] as const;
export const BATTLE_ROYALE_MAX_TEAM = 4;
