import { describe, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { getCampaign, getStandings } from '../../../src/features/campaign/server/service.ts';
import { mediaReaders } from '../../../src/app/media.ts';
import { sweepMedia } from '../../../src/platform/storage/media-sweep.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The demo is seeded relative to the moment of seeding, so its story holds on
 * any date. Seeded at three instants (the past, now, the future), each time: the qualifiers follow
 * each other, a tournament stays in its check-in window for hours, /cortina has an open upload
 * window, a deadline ahead and closed phases with final standings, published news exist in
 * both languages, and every picture it stores is named by a row.
 */
const HOUR = 3600_000;
const instants: [label: string, iso: string][] = [
  ['in the past (2025-01-01)', '2025-01-01T10:00:00.000Z'],
  ['now', new Date().toISOString()],
  ['in the future (2030-06-15, summer time)', '2030-06-15T20:30:00.000Z'],
];

describe.each(instants)('the demo seeded %s', (_label, iso) => {
  test('tells one story', async () => {
    const t = await createTestApp({ rateLimits: false });
    try {
      const now = new Date(iso);
      await seedDemo(t.app, now);
      const db = t.db.kysely;
      const owner = t.config.ownerId;
      const ms = (s: string | null) => Date.parse(String(s));

      // the championship's qualifiers, in order; two played, two to come
      const tournaments = await db.selectFrom('tournaments').selectAll().where('owner', '=', owner).execute();
      const qualifiers = tournaments
        .filter((r) => r.name.includes('Qualifier'))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(qualifiers).toHaveLength(4);
      const starts = qualifiers.map((q) => ms(q.start_tournament));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(starts.filter((s) => s < now.getTime())).toHaveLength(2);

      // a tournament in its check-in window, for hours still
      const checkIn = tournaments.find((r) => r.name === 'Fortnite Zero Build Sprint')!;
      expect(ms(checkIn.start_checkin)).toBeLessThanOrEqual(now.getTime());
      expect(ms(checkIn.end_checkin) - now.getTime()).toBeGreaterThanOrEqual(3 * HOUR);
      expect(ms(checkIn.start_tournament)).toBeGreaterThan(ms(checkIn.end_checkin));

      // /cortina: phase 3 open for uploads, the countdown's deadline ahead, phases 1-2 closed with final standings
      const campaign = await getCampaign(t.app, owner, now);
      expect(campaign.phases.map((p) => p.state)).toEqual(['closed', 'closed', 'open', 'upcoming']);
      expect(campaign.currentPhase).toBe(3);
      expect(ms(campaign.deadline)).toBeGreaterThan(now.getTime());
      for (const [a, b] of campaign.phases.slice(0, -1).map((p, i) => [p, campaign.phases[i + 1]] as const))
        expect(a.closesAt <= b.opensAt).toBe(true);
      for (const phase of [1, 2]) {
        const standings = await getStandings(t.app, owner, phase, { limit: 50, offset: 0 }, now);
        expect(standings.frozen).toBe(true);
        expect(standings.total).toBeGreaterThan(0);
      }
      const submissions = await db.selectFrom('screenshot_submissions').select(['created_at', 'phase']).execute();
      for (const s of submissions) {
        const window = campaign.phases.find((p) => p.phase === s.phase)!;
        expect(
          s.created_at >= window.opensAt && s.created_at < window.closesAt,
          `${s.created_at} in phase ${s.phase}`,
        ).toBe(true);
      }

      // match day: the two played qualifiers are finalised with their standings frozen and prizes
      // paid on the ledger, and the winter knockout's bracket is finished with one champion; so are
      // the double elimination, the Swiss and the two-lobby battle royale
      for (const name of [
        'Bomber Championship · Qualifier 1',
        'Bomber Championship · Qualifier 2',
        'EAFC24 Winter Knockout',
        'EAFC25 Double Trouble',
        'EAFC24 Swiss Series',
        'Warzone Lobby Clash',
      ]) {
        const row = tournaments.find((r) => r.name === name)!;
        const final = await db
          .selectFrom('tournaments')
          .select(['finalized_at', 'final_standings', 'status_override'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        expect(final.finalized_at, name).not.toBeNull();
        expect(final.status_override).toBe(2);
        const rows = JSON.parse(final.final_standings!) as { rank: number; points: number }[];
        expect(rows.filter((r) => r.rank === 1)).toHaveLength(1);
        const paid = await db
          .selectFrom('wallet_transactions')
          .select(['amount'])
          .where('reference', 'like', `prize:${row.id}:%`)
          .execute();
        expect(paid.length, name).toBeGreaterThanOrEqual(2);
      }
      const q1 = tournaments.find((r) => r.name === 'Bomber Championship · Qualifier 1')!;
      const q1Matches = await db
        .selectFrom('tournament_matches')
        .select('number')
        .where('tournament_id', '=', q1.id)
        .execute();
      expect(q1Matches).toHaveLength(4);
      const knockout = tournaments.find((r) => r.name === 'EAFC24 Winter Knockout')!;
      const bracketMatches = await db
        .selectFrom('bracket_matches')
        .select(['state', 'round'])
        .where('tournament_id', '=', knockout.id)
        .execute();
      expect(bracketMatches).toHaveLength(7);
      expect(bracketMatches.every((m) => m.state === 'confirmed')).toBe(true);

      // news: at least two published articles, each in both languages, published before the seeding
      const news = await db
        .selectFrom('news')
        .selectAll()
        .where('owner', '=', owner)
        .where('published', '=', 1)
        .execute();
      expect(news.length).toBeGreaterThanOrEqual(2);
      for (const n of news) {
        for (const text of [n.title_it, n.title_en, n.summary_it, n.summary_en, n.body_it, n.body_en])
          expect(text.trim()).not.toBe('');
        expect(n.title_it).not.toBe(n.title_en);
        expect(ms(n.published_at)).toBeLessThanOrEqual(now.getTime());
      }

      // every picture the demo stores is named by one of its rows: a sweep an hour later finds no orphan
      const later = { now: () => new Date(Date.now() + HOUR) };
      const ctx = { db: t.db, config: t.config, log: t.app.log, mediaStorage: t.app.mediaStorage, clock: later };
      const swept = await sweepMedia(ctx, { readers: mediaReaders, graceMs: 0, dryRun: true });
      expect(swept.stored).toBeGreaterThan(0);
      expect(swept.orphans).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
