/**
 * How a tournament is shown (its card and its page), as pure functions shared
 * by the server-rendered pages, the grids' custom elements and the detail island, so a card built
 * in the browser reads exactly like one built on the server. Texts come in as labels, never here.
 */
import { formatDate, SITE_TIME_ZONE } from '../../platform/i18n/date-time.ts';
import { isCompetitionLink } from './competition-link.ts';
import { badgeOf, isFull, phaseOf, registrationClosesAt, type Badge, type Phase, type Schedule } from './rules.ts';

/** Tournament times are the site's Italian times; a visitor elsewhere also sees their own (see detail page). */
export const TOURNAMENT_TIME_ZONE = SITE_TIME_ZONE;

type Locale = 'it' | 'en';

/** The fields of a tournament a card needs (a subset of the API's Tournament). */
export interface CardTournament extends Schedule {
  id: string;
  name: string;
  thumbnail: string;
  game: string;
  console: string[];
  /** the seats taken: a player each in a solo tournament, a whole team each in a team one */
  slotsTaken: number;
  maxPartecipants: number;
  dateText: { it: string; en: string };
}

export interface CardLabels {
  /** game value → display name */
  games: Record<string, string>;
  /** console value → display name */
  consoles: Record<string, string>;
  /** shown when there is neither a date text nor a start */
  noDate: string;
}

export interface CardView {
  id: string;
  name: string;
  thumbnail: string;
  phase: Phase;
  /** what the badge says: the phase, or "full" while registration is open and every seat is taken */
  badge: Badge;
  game: string;
  consoles: string;
  date: string;
  players: string;
}

/** The card's date: the start's day in Rome ("21 nov 2026", "21 Nov 2026"); null without one. */
export const cardDate = (iso: string | null, locale: Locale): string | null =>
  formatDate(iso, locale, { timeZone: TOURNAMENT_TIME_ZONE }) || null;

/** A fixed date text (per language) wins over the start date; null when neither exists. */
export function startText(t: Pick<CardTournament, 'dateText' | 'start_tournament'>, locale: Locale): string | null {
  const fixed = t.dateText?.[locale]?.trim();
  return fixed || cardDate(t.start_tournament, locale);
}

export const gameLabel = (game: string, labels: Pick<CardLabels, 'games'>) => labels.games[game] ?? game;
export const consolesLabel = (consoles: readonly string[], labels: Pick<CardLabels, 'consoles'>) =>
  consoles.map((c) => labels.consoles[c] ?? c).join(', ');
/** Seats taken of the seats there are, as the tournament's own page counts them. */
export const playersLabel = (t: Pick<CardTournament, 'slotsTaken' | 'maxPartecipants'>) =>
  `${t.slotsTaken}/${t.maxPartecipants}`;

/**
 * A card's title in two parts, so tournaments of one series stay apart however narrow the card:
 * the series before the last separator (" · ", " - ", " – ", " — ", " | ", ": ") and what tells
 * this one apart after it. `head` keeps the separator and its spaces, so head + tail is the name;
 * without a separator the whole name is the head and the tail is empty.
 */
export function cardNameParts(name: string): { head: string; tail: string } {
  const m = /^(.*\S)(\s+[·|–—-]\s+|:\s+)(\S.*)$/su.exec(name);
  return m ? { head: m[1]! + m[2]!, tail: m[3]! } : { head: name, tail: '' };
}

export function cardView(t: CardTournament, locale: Locale, labels: CardLabels, now: number = Date.now()): CardView {
  const phase = phaseOf(t, now);
  return {
    id: t.id,
    name: t.name,
    thumbnail: t.thumbnail,
    phase,
    badge: badgeOf(phase, isFull(t.slotsTaken, t.maxPartecipants)),
    game: gameLabel(t.game, labels),
    consoles: consolesLabel(t.console, labels),
    date: startText(t, locale) ?? labels.noDate,
    players: playersLabel(t),
  };
}

/** The deadline the detail page counts down to, named after what happens then. */
export type DeadlineKind = 'registrationOpens' | 'registrationCloses' | 'checkinOpens' | 'checkinCloses' | 'starts';

/**
 * The next moment that changes the phase (in the order the phases follow), or null when the tournament has
 * started, ended, or the next moment is not scheduled.
 */
export function nextDeadline(s: Schedule, now: number = Date.now()): { kind: DeadlineKind; at: number } | null {
  const phase = phaseOf(s, now);
  const pick = (kind: DeadlineKind, iso: string | null) => {
    const at = iso ? Date.parse(iso) : NaN;
    return Number.isNaN(at) || at <= now ? null : { kind, at };
  };
  switch (phase) {
    case 'waiting':
      return pick('registrationOpens', s.start_registration);
    case 'registration': {
      // registration closing before check-in opens (or, without check-in, before the start) is its own moment
      const closes = registrationClosesAt(s);
      if (closes !== (s.start_checkin ?? s.start_tournament)) return pick('registrationCloses', closes);
      return s.start_checkin ? pick('checkinOpens', s.start_checkin) : null;
    }
    case 'registrationClosed':
      return s.start_checkin ? pick('checkinOpens', s.start_checkin) : pick('starts', s.start_tournament);
    case 'checkinOpen':
      return pick('checkinCloses', s.end_checkin);
    case 'checkinClosed':
      return pick('starts', s.start_tournament);
    default:
      return null;
  }
}

/** Whole days, hours, minutes and seconds left; all zero once the moment has passed. */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * True when `timeZone` shows a different wall-clock time than Rome at any of the given instants,
 * i.e. when the visitor needs the times in their own zone too. Zones that merely have another
 * name but the same offset (Europe/Berlin) do not count.
 */
export function differsFromRome(timeZone: string | undefined, instants: readonly (string | null)[]): boolean {
  if (!timeZone || timeZone === TOURNAMENT_TIME_ZONE) return false;
  const clock = (zone: string, d: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
  try {
    const dates = instants
      .filter((i): i is string => Boolean(i))
      .map((i) => new Date(i))
      .filter((d) => !Number.isNaN(d.getTime()));
    if (!dates.length) dates.push(new Date());
    return dates.some((d) => clock(timeZone, d) !== clock(TOURNAMENT_TIME_ZONE, d));
  } catch {
    return false; // an unknown zone name: Rome times alone
  }
}

/** "NvsN" for a team size; null for a solo tournament (the caller shows the "solo" label). */
export const teamSizeLabel = (teamSize: number | null) =>
  teamSize && teamSize > 0 ? `${teamSize}vs${teamSize}` : null;

/**
 * How many minutes before the start check-in opens and closes, as the sidebar shows them. Where the
 * schedule dates check-in, its dates are the truth (the stored minutes are an organiser's separate
 * figure and may have been left at 0); without a date the stored minutes stand. Never below 0.
 */
export function checkInMinutes(
  t: Pick<Schedule, 'start_checkin' | 'end_checkin' | 'start_tournament'> & { check_in: number; check_in_end: number },
): { opens: number; closes: number } {
  const start = t.start_tournament ? Date.parse(t.start_tournament) : NaN;
  const before = (at: string | null, stored: number) => {
    const ms = at ? start - Date.parse(at) : NaN;
    return Number.isNaN(ms) ? stored : Math.max(0, Math.round(ms / 60_000));
  };
  return { opens: before(t.start_checkin, t.check_in), closes: before(t.end_checkin, t.check_in_end) };
}

/** The championship's landing page path. */
export const championshipPath = (brandSlug: string) => `/${brandSlug}-bomber-championship`;

/**
 * A tournament's name as a file name (its calendar event, its roster export): ASCII letters and digits in lower
 * case, accents dropped and every other run of characters one hyphen, at most 60; `fallback` when nothing is left.
 */
export const fileNameOf = (name: string, fallback = 'tournament') =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || fallback;

/** Fortnite tournaments register with the chat-community name and the Epic ID. */
export const isFortnite = (game: string) => game === 'Fortnite';

/**
 * The path a competition's `url` field points at on this site ('' for another site): '/x' is
 * itself, an absolute address of `origin` is its path.
 */
export function sitePathOf(url: string, origin?: string): string {
  const clean = (p: string) => p.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (!url || !isCompetitionLink(url)) return '';
  if (url.startsWith('/')) return clean(url);
  try {
    const u = new URL(url);
    return origin && u.origin === origin ? clean(u.pathname) : '';
  } catch {
    return '';
  }
}

/** The community chat server where Fortnite players verify; pages pass the configured one. */
export const DEFAULT_COMMUNITY_CHAT_URL = 'https://discord.com/';

/** COMMUNITY_CHAT_URL, else the brand's Discord (SOCIAL_DISCORD_URL), else the default; https only. */
export function communityChatUrl(env: Record<string, string | undefined>): string {
  for (const v of [env.COMMUNITY_CHAT_URL, env.SOCIAL_DISCORD_URL]) {
    const url = v?.trim();
    if (url && /^https:\/\/[^\s"'<>]+$/.test(url)) return url;
  }
  return DEFAULT_COMMUNITY_CHAT_URL;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text of already-sanitised rich text (rich-text.ts), for meta descriptions: tags dropped,
 * entities decoded (the page escapes again), whitespace collapsed, cut at a word near `max`.
 */
export function plainTextOf(sanitisedHtml: string, max = 200): string {
  const text = sanitisedHtml
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return entities[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * TOURNAMENT_IFRAME_URL ("https://example.org/t/{id}") with the id in place; null when unset or
 * not an http(s) address, so no page offers a frame that would only say "not available yet".
 */
export function tournamentFrameUrl(template: string | undefined, tournamentId: string): string | null {
  const value = template?.trim();
  if (!value || !/^https?:\/\/[^\s"'<>]+$/.test(value)) return null;
  return value.includes('{id}')
    ? value.replaceAll('{id}', encodeURIComponent(tournamentId))
    : `${value.replace(/\/+$/, '')}/${encodeURIComponent(tournamentId)}`;
}

/**
 * Where "Vai al torneo" leads: the tournament's own external page, opened as
 * it is; else the embedded page when the template is configured; else nowhere (the button is hidden).
 */
export function tournamentGoLink(
  externalUrl: string,
  template: string | undefined,
  tournamentId: string,
  iframePath: string,
): { href: string; external: boolean } | null {
  if (externalUrl) return { href: externalUrl, external: true };
  return tournamentFrameUrl(template, tournamentId) ? { href: iframePath, external: false } : null;
}
