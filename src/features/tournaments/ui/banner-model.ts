import type { Tournament } from '../contract.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import { sitePathOf } from '../tournament-view.ts';

const call: TypedCall<TournamentsApi> = api;

/**
 * What the tournament page's banner (TournamentBanner.astro, <tournament-banner>) knows of the
 * tournament: the schedule, the counts and the visitor's own standing. The members' ids stay on
 * the server (a big tournament would put thousands of them into the page): only their count.
 */
export type BannerTournament = Pick<
  Tournament,
  | 'id'
  | 'name'
  | 'game'
  | 'console'
  | 'open'
  | 'status'
  | 'start_registration'
  | 'end_registration'
  | 'start_checkin'
  | 'end_checkin'
  | 'start_tournament'
  | 'end_tournament'
  | 'dateText'
  | 'maxPartecipants'
  | 'waitlistCount'
  | 'competitionId'
  | 'format'
  | 'finalized'
  | 'teamSize'
  | 'me'
> & { memberCount: number };

export function bannerOf(t: Omit<Tournament, 'description' | 'rules' | 'translations'>): BannerTournament {
  return {
    id: t.id,
    name: t.name,
    game: t.game,
    console: t.console,
    open: t.open,
    status: t.status,
    start_registration: t.start_registration,
    end_registration: t.end_registration,
    start_checkin: t.start_checkin,
    end_checkin: t.end_checkin,
    start_tournament: t.start_tournament,
    end_tournament: t.end_tournament,
    dateText: t.dateText,
    maxPartecipants: t.maxPartecipants,
    waitlistCount: t.waitlistCount,
    competitionId: t.competitionId,
    format: t.format,
    finalized: t.finalized,
    teamSize: t.teamSize,
    me: t.me,
    memberCount: t.slotsTaken,
  };
}

/** The banner's links, built by the page. */
export interface BannerLinks {
  login: string;
  settings: string;
}

/** What the player asked for with a click: each needs the dialogs' chunk (tournament-actions.tsx). */
export type BannerIntent =
  | { kind: 'join' }
  | { kind: 'checkIn' }
  | { kind: 'leave' | 'leaveWaitlist' | 'checkOut' }
  | { kind: 'team'; competitionId: string }
  | { kind: 'report' };

/** A failure shown under the button: a text, and sometimes a link that helps (the settings). */
export interface BannerFailure {
  text: string;
  link?: { href: string; text: string };
}

/** What the dialogs tell the banner: the element owns the page's state, the dialogs only act. */
export interface BannerHost {
  readonly locale: 'it' | 'en';
  readonly links: BannerLinks;
  readonly championshipPath: string;
  readonly communityUrl: string;
  current(): BannerTournament;
  /** the tournament as an action's answer returned it */
  update(t: Tournament): void;
  fail(failure: BannerFailure | null): void;
  busy(on: boolean): void;
  /** the server refused as out of date: read the tournament again */
  reload(): void;
  /** the faction dialog opened or closed; `chosen` once the player picked one */
  team(open: boolean, chosen?: boolean): void;
  /** back to the action button after a dialog; `team`: to "pick your faction" while it is still offered */
  focusAction(team?: boolean): void;
}

/**
 * "Report a match" shows to a checked-in player while a battle-royale tournament is live and not
 * finalised: the rules the server checks (src/features/results/server/report-service.ts), which
 * also refuses a player of a team tournament who is on no team yet.
 */
export const mayReport = (t: BannerTournament) =>
  t.status === 1 && t.format === 'battle_royale' && !t.finalized && Boolean(t.me?.confirmed);

/** True when `userId` has no faction in the championship `competitionId` (other competitions have none to pick). */
export async function withoutFaction(
  competitionId: string,
  userId: string,
  championshipPath: string,
): Promise<boolean> {
  const res = await call<'GET /tournaments/competitions/:id'>(
    `/tournaments/competitions/${encodeURIComponent(competitionId)}`,
  );
  if (!res.ok || sitePathOf(res.data.url, location.origin) !== championshipPath) return false;
  return !res.data.teams.some((team) => team.players.some((p) => p.playerId === userId));
}
