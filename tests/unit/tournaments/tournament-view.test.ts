import { describe, expect, test } from 'vitest';
import {
  cardDate,
  checkInMinutes,
  cardNameParts,
  cardView,
  communityChatUrl,
  countdownParts,
  differsFromRome,
  fileNameOf,
  nextDeadline,
  plainTextOf,
  sitePathOf,
  startText,
  teamSizeLabel,
  type CardTournament,
  tournamentFrameUrl,
  tournamentGoLink,
} from '../../../src/features/tournaments/tournament-view.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';
import itTournaments from '../../../locales/it/tournaments.json' with { type: 'json' };
import enTournaments from '../../../locales/en/tournaments.json' with { type: 'json' };
import { isTournamentId } from '../../../src/features/tournaments/tournament-id.ts';

const now = Date.parse('2026-11-20T12:00:00Z');
const iso = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const tournament = (over: Partial<CardTournament> = {}): CardTournament => ({
  id: 't1',
  name: 'Cup',
  thumbnail: '',
  game: 'EAFC25',
  console: ['PS5', 'XBOX'],
  slotsTaken: 3,
  maxPartecipants: 32,
  dateText: { it: '', en: '' },
  status: 0,
  start_registration: iso(-60),
  end_registration: null,
  start_checkin: iso(60),
  end_checkin: iso(105),
  start_tournament: iso(120),
  end_tournament: iso(240),
  ...over,
});
const labels = { games: { EAFC25: 'EA Sports FC 25' }, consoles: { XBOX: 'Xbox' }, noDate: 'TBA' };

describe('tournament card', () => {
  test('names its count as the tournament page does: seats taken, which a whole team fills as one', () => {
    // "Players 2/24" on a duo card with two teams (four players) read as a wrong number
    for (const texts of [itTournaments, enTournaments]) expect(texts.card.players).toBe(texts.detail.facts.players);
  });

  test('shows phase, game, platforms joined by commas, the start day and members/slots', () => {
    expect(cardView(tournament(), 'en', labels, now)).toEqual({
      id: 't1',
      name: 'Cup',
      thumbnail: '',
      phase: 'registration',
      badge: 'registration',
      game: 'EA Sports FC 25',
      consoles: 'PS5, Xbox',
      date: '20 Nov 2026',
      players: '3/32',
    });
  });

  test('the date is the day in Rome, not in UTC', () => {
    expect(cardDate('2026-11-20T23:30:00Z', 'it')).toBe('21 nov 2026');
    expect(cardDate('2026-11-20T23:30:00Z', 'en')).toBe('21 Nov 2026');
    expect(cardDate(null, 'en')).toBeNull();
  });

  test('a fixed date text in the visitor language wins; with neither, the no-date text', () => {
    const fixed = tournament({ dateText: { it: 'Qualifica 1 · domenica', en: 'Qualifier 1 · Sunday' } });
    expect(startText(fixed, 'it')).toBe('Qualifica 1 · domenica');
    expect(cardView(fixed, 'en', labels, now).date).toBe('Qualifier 1 · Sunday');
    expect(cardView(tournament({ start_tournament: null }), 'it', labels, now).date).toBe('TBA');
  });

  test('a full tournament in registration says so on its badge; its phase stays registration', () => {
    const full = cardView(tournament({ slotsTaken: 2, maxPartecipants: 2 }), 'it', labels, now);
    expect([full.phase, full.badge]).toEqual(['registration', 'full']);
  });

  test('a team tournament counts seats, a whole team each, as its page does: two duos in four seats', () => {
    const duos = cardView(tournament({ slotsTaken: 2, maxPartecipants: 4 }), 'it', labels, now);
    expect([duos.players, duos.badge]).toEqual(['2/4', 'registration']);
  });

  test('after end_registration the card says registration closed', () => {
    const v = cardView(tournament({ end_registration: iso(-1) }), 'it', labels, now);
    expect([v.phase, v.badge]).toEqual(['registrationClosed', 'registrationClosed']);
  });

  test('an unknown game or console is shown as its value', () => {
    const v = cardView(tournament({ game: 'Chess', console: ['PC'] }), 'it', labels, now);
    expect([v.game, v.consoles]).toEqual(['Chess', 'PC']);
  });
});

describe('card title parts', () => {
  test('the series before the last separator, what tells the tournament apart after it; together the name', () => {
    for (const [name, head, tail] of [
      ['Bomber Championship · Qualifier 3', 'Bomber Championship · ', 'Qualifier 3'],
      ['Cup · Europe · Final', 'Cup · Europe · ', 'Final'],
      ['Summer Series - Week 2', 'Summer Series - ', 'Week 2'],
      ['Winter League: Playoffs', 'Winter League: ', 'Playoffs'],
    ]) {
      expect(cardNameParts(name!)).toEqual({ head, tail });
      expect(head! + tail!).toBe(name);
    }
  });
  test('without a separator (a hyphen inside a word is none) the name stays whole', () => {
    for (const name of ['Valorant Spike Rush 5v5', 'Counter-Strike Night', 'Cup ·', '· Final', ''])
      expect(cardNameParts(name)).toEqual({ head: name, tail: '' });
  });
});

describe('countdown', () => {
  test.each([
    [-120, 'registrationOpens', -60],
    [0, 'checkinOpens', 60],
    [70, 'checkinCloses', 105],
    [110, 'starts', 120],
  ] as const)('at %i minutes it counts to %s', (at, kind, target) => {
    const s = tournament({ start_registration: iso(-60) });
    expect(nextDeadline(s, now + at * 60_000)).toEqual({ kind, at: Date.parse(iso(target)) });
  });

  test('with end_registration before check-in it counts to the close, then to check-in', () => {
    const s = tournament({ end_registration: iso(30) });
    expect(nextDeadline(s, now)).toEqual({ kind: 'registrationCloses', at: Date.parse(iso(30)) });
    expect(nextDeadline(s, now + 40 * 60_000)).toEqual({ kind: 'checkinOpens', at: Date.parse(iso(60)) });
  });

  test('without check-in, after end_registration it counts to the start', () => {
    const s = tournament({ end_registration: iso(30), start_checkin: null, end_checkin: null });
    expect(nextDeadline(s, now + 40 * 60_000)).toEqual({ kind: 'starts', at: Date.parse(iso(120)) });
  });

  test('nothing to count once the tournament runs or ended, or when the next moment is unscheduled', () => {
    expect(nextDeadline(tournament(), now + 130 * 60_000)).toBeNull();
    expect(nextDeadline(tournament({ status: 2 }), now)).toBeNull();
    expect(
      nextDeadline(tournament({ start_checkin: null, end_checkin: null, start_tournament: null }), now),
    ).toBeNull();
  });

  test('splits the time left into days, hours, minutes and seconds, never below zero', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('dates and times', () => {
  test('a schedule time in Rome, localised and named', () => {
    const rome = { timeZone: SITE_TIME_ZONE, zoneName: true };
    expect(formatDateTime('2026-11-24T17:00:00Z', 'it', rome)).toBe('24 nov 2026, 18:00 CET');
    expect(formatDateTime('2026-11-24T17:00:00Z', 'en', rome)).toBe('24 Nov 2026, 18:00 CET');
    expect(formatDateTime(null, 'it', rome)).toBe('');
  });

  test('a visitor zone counts as different only when its clock differs from Rome', () => {
    const at = ['2026-11-24T17:00:00Z'];
    expect(differsFromRome('Europe/Rome', at)).toBe(false);
    expect(differsFromRome('Europe/Berlin', at)).toBe(false);
    expect(differsFromRome('Europe/London', at)).toBe(true);
    expect(differsFromRome('America/New_York', at)).toBe(true);
    expect(differsFromRome('Not/AZone', at)).toBe(false);
    expect(differsFromRome(undefined, at)).toBe(false);
  });
});

describe('small helpers', () => {
  test('team size is NvsN, null for solo', () => {
    expect(teamSizeLabel(2)).toBe('2vs2');
    expect(teamSizeLabel(null)).toBeNull();
  });

  test('a tournament id is the UUID the server made; a word like abc is an invalid id', () => {
    expect(isTournamentId('8cc92279-bab4-49b6-b620-9d17a690b0b3')).toBe(true);
    expect(isTournamentId('8CC92279-BAB4-49B6-B620-9D17A690B0B3')).toBe(true);
    for (const bad of [
      undefined,
      '',
      'abc',
      'does-not-exist',
      'a b',
      '../x',
      'x'.repeat(65),
      'id\u0000',
      '8cc92279-bab4-49b6-b620-9d17a690b0b3x',
    ])
      expect(isTournamentId(bad)).toBe(false);
  });

  test('a competition url points at a site path', () => {
    expect(sitePathOf('/arena-bomber-championship/')).toBe('/arena-bomber-championship');
    expect(sitePathOf('https://site.example/arena-bomber-championship?x=1', 'https://site.example')).toBe(
      '/arena-bomber-championship',
    );
    expect(sitePathOf('https://elsewhere.example/arena-bomber-championship', 'https://site.example')).toBe('');
    expect(sitePathOf('//evil.example/x')).toBe('');
  });

  test('the community chat address is configuration, https only', () => {
    expect(communityChatUrl({ COMMUNITY_CHAT_URL: 'https://discord.gg/abc' })).toBe('https://discord.gg/abc');
    expect(communityChatUrl({ SOCIAL_DISCORD_URL: 'https://discord.gg/brand' })).toBe('https://discord.gg/brand');
    expect(communityChatUrl({ COMMUNITY_CHAT_URL: 'javascript:alert(1)' })).toMatch(/^https:\/\//);
  });

  test('plain text of sanitised rich text: no tags, entities decoded, cut at a word', () => {
    expect(
      plainTextOf('<h2>Rules</h2><p>Fish &amp; chips<br>for &#39;all&#39;</p><ul><li>one</li><li>two</li></ul>'),
    ).toBe("Rules Fish & chips for 'all' one two");
    const long = plainTextOf(`<p>${'word '.repeat(80)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('"Vai al torneo"', () => {
  const it = test;
  const iframe = '/en/tournament/abc/iframe';
  it("opens the tournament's own external page first", () => {
    expect(tournamentGoLink('https://play.example.org/t', 'https://frames.example/t/{id}', 'abc', iframe)).toEqual({
      href: 'https://play.example.org/t',
      external: true,
    });
  });
  it('else the embedded page when the template is configured', () => {
    expect(tournamentGoLink('', 'https://frames.example/t/{id}', 'abc', iframe)).toEqual({
      href: iframe,
      external: false,
    });
    expect(tournamentFrameUrl('https://frames.example/t/{id}', 'a b')).toBe('https://frames.example/t/a%20b');
    expect(tournamentFrameUrl('https://frames.example/t/', 'abc')).toBe('https://frames.example/t/abc');
  });
  it.each([undefined, '', '   ', 'javascript:alert(1)', 'frames.example/t'])(
    'else nowhere (template %j): the button is hidden',
    (template) => {
      expect(tournamentGoLink('', template, 'abc', iframe)).toBeNull();
    },
  );
});

describe('fileNameOf', () => {
  test('keeps letters and digits in lower case, accents dropped, every other run one hyphen', () => {
    expect(fileNameOf('Città di Cortina — Finals #2!')).toBe('citta-di-cortina-finals-2');
    expect(fileNameOf('  Ärena  Cup  ')).toBe('arena-cup');
  });
  test('stops at 60 characters, and a name with nothing left is the fallback', () => {
    expect(fileNameOf('x'.repeat(80))).toHaveLength(60);
    expect(fileNameOf('★ ★ ★')).toBe('tournament');
    expect(fileNameOf('—', 'roster')).toBe('roster');
  });
});

describe('check-in minutes in the sidebar', () => {
  const start = '2026-12-01T18:00:00.000Z';
  test('come from the check-in dates where the schedule has them', () => {
    const dated = { start_tournament: start, check_in: 0, check_in_end: 0 };
    const at = { start_checkin: '2026-12-01T16:30:00.000Z', end_checkin: '2026-12-01T17:45:00.000Z' };
    expect(checkInMinutes({ ...dated, ...at })).toEqual({ opens: 90, closes: 15 });
    // a close after the start reads 0, not a negative figure
    expect(checkInMinutes({ ...dated, ...at, end_checkin: '2026-12-01T18:05:00.000Z' })).toEqual({
      opens: 90,
      closes: 0,
    });
  });
  test('are the stored figures where that date (or the start) is missing', () => {
    const stored = { check_in: 60, check_in_end: 10 };
    expect(
      checkInMinutes({ ...stored, start_tournament: start, start_checkin: null, end_checkin: '2026-12-01T17:40:00Z' }),
    ).toEqual({ opens: 60, closes: 20 });
    expect(checkInMinutes({ ...stored, start_tournament: null, start_checkin: start, end_checkin: start })).toEqual({
      opens: 60,
      closes: 10,
    });
  });
});
