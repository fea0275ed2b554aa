import fs from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { childEnv } from '../helpers/server-process.ts';
import { form, openPhaseNow, png, submit as submitScreenshot } from '../helpers/campaign.ts';
import { address, multipart, rewardsApi } from '../helpers/rewards.ts';
import { createTournament, quickPlayers, setPhase, type Person } from '../helpers/tournaments.ts';
import { matchDay } from '../helpers/results.ts';
import { mediaReaders } from '../../../src/app/media.ts';
import { tryJobLock } from '../../../src/platform/db/job-lock.ts';
import {
  MediaSweepRefused,
  runMediaSweep,
  scheduleMediaSweep,
  sweepMedia,
  type MediaReaders,
  type SweepContext,
  type SweepLog,
} from '../../../src/platform/storage/media-sweep.ts';

/**
 * The media sweep over the API's own rows, on this run's engine and on both stores: every feature that keeps an
 * image address (tournaments and their rich texts, championships, match reports, badges, products and the purchases
 * that copy their picture, news and their bodies, campaign screenshots) keeps its files; an old orphan goes, a young
 * one stays; a failing reader, or another process sweeping, deletes nothing. The objects are made old by setting
 * their write time a day and an hour back, as the store itself reports it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HOUR = 3600_000;
const graceMs = 24 * HOUR;

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe.each(['disk', 's3'] as const)('on the %s store', (kind) => {
  let s3: LocalS3 | undefined;
  let t: TestApp;
  let admin: Person;
  let players: Person[];
  /** every address a row names, by what names it */
  const kept: Record<string, string> = {};
  /** uploads no row names any more */
  const orphans: Record<string, string> = {};
  let young: string;
  let pictures = 7000;

  const bucket = () => t.config.agencyName;
  const ctx = (log: SweepLog = t.app.log): SweepContext => ({
    db: t.app.db,
    config: t.app.config,
    mediaStorage: t.app.mediaStorage,
    clock: t.app.clock,
    log,
  });
  const sweep = (readers: MediaReaders = mediaReaders, dryRun = false) =>
    sweepMedia(ctx(), { readers, graceMs, dryRun });

  /** An admin's upload through POST /media, as an editor's image field sends it: its address. */
  async function upload(data?: Buffer): Promise<string> {
    const body = multipart([{ data: data ?? (await png(pictures++)) }]);
    const res = await t.inject({
      method: 'POST',
      url: `/api/media/${bucket()}`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': body.contentType },
      payload: body.body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.url;
  }

  /** The names in the bucket, as the store lists them. */
  async function stored(): Promise<string[]> {
    const names: string[] = [];
    for await (const object of t.app.mediaStorage.list(bucket())) names.push(object.name);
    return names.sort();
  }

  /** Sets an object's write time, as the store reports it. */
  async function writtenAt(name: string, at: Date) {
    if (s3) await s3.writtenAt(`${bucket()}/${name}`, at);
    else await fs.utimes(path.join(t.config.dataDir, 'media', bucket(), name), at, at);
  }
  const ageAll = async () => {
    for (const name of await stored()) await writtenAt(name, new Date(Date.now() - graceMs - HOUR));
  };

  const served = async (url: string) => (await t.inject({ method: 'GET', url })).statusCode;
  const expectOk = (r: { status: number; json: any }, status = 200) => {
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    return r.json.data;
  };

  beforeAll(async () => {
    s3 = kind === 's3' ? await startLocalS3() : undefined;
    t = await createTestApp({ rateLimits: false, ...(s3 ? { mediaStorage: s3.config() } : {}) });
    [admin] = await quickPlayers(t, 1, { admin: true });
    players = await quickPlayers(t, 2);
    const [player, buyer] = players;
    const token = admin.token;

    // tournaments: banner, thumbnail, a picture in the Italian description and one, by an https address of the
    // site, in the English rules; the banner is also a news article's cover, which is then replaced (one picture, two
    // rows: it stays for the tournament)
    kept.banner = await upload();
    kept.thumbnail = await upload();
    kept.description = await upload();
    kept.rulesEn = await upload();
    await createTournament(t, token, 'registration', {
      banner: kept.banner,
      thumbnail: kept.thumbnail,
      description: `<p>Premi</p><p><img src="${kept.description}" alt="premi"></p>`,
      translations: { en: { rules: `<p><img src="https://arena.test${kept.rulesEn}" alt="rules"></p>` } },
    });

    kept.championship = await upload();
    expectOk(
      await t.call('POST', '/api/tournaments/competitions', {
        token,
        body: { name: 'Sweep Cup', game: 'Fortnite', thumbnail: kept.championship },
      }),
      201,
    );

    // a match report's picture, sent by a player checked in to a live tournament
    const { id: live, players: checkedIn } = await matchDay(t, token, { checkedIn: 1 });
    const reporter = checkedIn[0];
    await setPhase(t, token, live, 'ongoing');
    const report = form({ matchNumber: '1', placement: '2', eliminations: '3' }, [{ data: await png(pictures++) }]);
    const reported = await t.inject({
      method: 'POST',
      url: `/api/tournaments/${live}/reports`,
      headers: { 'content-type': report.contentType, authorization: `Bearer ${reporter.token}` },
      payload: report.body,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    kept.report = reported.json().data.imageUrl;

    // a badge whose icon is replaced: the first icon is an orphan
    orphans.replacedIcon = await upload();
    const badge = expectOk(
      await t.call('POST', '/api/marketplace/badges', {
        token,
        body: { slug: 'media_sweep', name: 'Sweep', icon: orphans.replacedIcon, trigger: 'user_registered' },
      }),
      201,
    );
    kept.icon = await upload();
    expectOk(await t.call('PUT', `/api/marketplace/badges/${badge._id}`, { token, body: { icon: kept.icon } }));

    // a product bought, then given another picture: the purchase keeps the one it was bought with
    const rewards = rewardsApi(t, token);
    kept.purchased = await upload();
    const product = await rewards.product({ image: kept.purchased, price: 10 });
    await rewards.credit(buyer.id, 100);
    expectOk(
      await t.call('POST', '/api/marketplace/purchases', {
        token: buyer.token,
        body: { productId: product._id, shippingAddress: address },
      }),
      201,
    );
    kept.product = await upload();
    expectOk(await t.call('PUT', `/api/marketplace/products/${product._id}`, { token, body: { image: kept.product } }));

    // news: a cover (first the tournament's banner) and a picture in the English body
    kept.newsBody = await upload();
    const article = expectOk(
      await t.call('POST', '/api/news', {
        token,
        body: {
          title: { it: 'Notizia', en: 'News' },
          body: { it: '<p>Testo</p>', en: `<p><img src="${kept.newsBody}" alt="x"></p>` },
          image: kept.banner,
        },
      }),
      201,
    );
    kept.cover = await upload();
    expectOk(await t.call('PUT', `/api/news/${article.id}`, { token, body: { image: kept.cover } }));

    // a campaign screenshot
    await openPhaseNow(t, token, 2);
    const shot = await submitScreenshot(t, player.token, { file: await png(pictures++) });
    expect(shot.status, JSON.stringify(shot.json)).toBe(201);
    kept.screenshot = shot.json.data.imageUrl;

    // an image uploaded in an editor that was then closed without saving
    orphans.cancelled = await upload();

    await ageAll();
    young = await upload();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  test('the setup names every file it stored, each feature with its own', async () => {
    const all = [...Object.values(kept), ...Object.values(orphans), young].map(nameOf);
    expect(new Set(all).size).toBe(all.length);
    expect(await stored()).toEqual([...all].sort());
  });

  test('a dry run names the old orphans and deletes nothing', async () => {
    const before = await stored();
    const report = await sweep(mediaReaders, true);
    expect(report.orphans.map((o) => [o.name, o.outcome]).sort()).toEqual(
      Object.values(orphans)
        .map((url) => [nameOf(url), 'wouldDelete'])
        .sort(),
    );
    expect(report).toMatchObject({
      bucket: bucket(),
      dryRun: true,
      stored: before.length,
      young: 1,
      referenced: Object.keys(kept).length,
      deleted: 0,
    });
    expect(await stored()).toEqual(before);
  });

  test('a reader that fails part-way deletes nothing', async () => {
    const before = await stored();
    const failing: MediaReaders = {
      ...mediaReaders,
      results: async function* (db) {
        for await (const key of mediaReaders.results(db)) yield key;
        throw new Error('the match reports could not be read');
      },
    };
    const refused = await sweep(failing).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MediaSweepRefused);
    expect((refused as MediaSweepRefused).reader).toBe('results');
    // a query the database refuses fails its reader the same way
    const broken: MediaReaders = {
      news: async function* (db) {
        await sql`select image from no_such_table`.execute(db);
        yield* mediaReaders.news(db);
      },
    };
    await expect(sweep(broken)).rejects.toBeInstanceOf(MediaSweepRefused);
    expect(await stored()).toEqual(before);
  });

  test('a sweep told to stop while it reads ends there and deletes nothing', async () => {
    const before = await stored();
    const stop = new AbortController();
    const readers: MediaReaders = {
      ...mediaReaders,
      news: async function* (db) {
        stop.abort();
        yield* mediaReaders.news(db);
      },
    };
    const report = await sweepMedia(ctx(), { readers, graceMs, signal: stop.signal });
    expect(report).toMatchObject({ stopped: true, deleted: 0, orphans: [] });
    expect(await stored()).toEqual(before);
  });

  test('while another process sweeps, a sweep does nothing', async () => {
    const before = await stored();
    const lock = await tryJobLock(t.db, t.config.databaseUrl, `media-sweep-${bucket()}`);
    expect(lock).not.toBeNull();
    try {
      expect(await runMediaSweep(ctx(), { readers: mediaReaders, graceMs })).toBe('busy');
    } finally {
      await lock!.release();
    }
    expect(await stored()).toEqual(before);
  });

  test('the sweep deletes the old orphans and nothing a row names, nor the young upload', async () => {
    const report = await runMediaSweep(ctx(), { readers: mediaReaders, graceMs });
    if (report === 'busy') throw new Error('no other sweep runs');
    expect(report.orphans.map((o) => [o.name, o.outcome]).sort()).toEqual(
      Object.values(orphans)
        .map((url) => [nameOf(url), 'deleted'])
        .sort(),
    );
    expect(report.deleted).toBe(Object.keys(orphans).length);
    expect(report.bytesFreed).toBeGreaterThan(0);
    for (const [what, url] of Object.entries(kept)) expect(await served(url), what).toBe(200);
    expect(await served(young)).toBe(200);
    for (const url of Object.values(orphans)) expect(await served(url)).toBe(404);
    expect(await stored()).toEqual([...Object.values(kept), young].map(nameOf).sort());
  });

  test('an orphan uploaded again while the sweep reads stays', async () => {
    const data = await png(pictures++);
    const url = await upload(data);
    await writtenAt(nameOf(url), new Date(Date.now() - graceMs - HOUR));
    // the same picture sent again by an admin while the readers run: a fresh write of the same object
    const readers: MediaReaders = {
      ...mediaReaders,
      again: async function* () {
        expect(await upload(data)).toBe(url);
        yield* [];
      },
    };
    const report = await sweep(readers);
    expect(report.orphans.find((o) => o.name === nameOf(url))?.outcome).toBe('rewritten');
    expect(await served(url)).toBe(200);
    // no row names it: once old again, it goes
    await writtenAt(nameOf(url), new Date(Date.now() - graceMs - HOUR));
    expect((await sweep()).orphans.find((o) => o.name === nameOf(url))?.outcome).toBe('deleted');
    expect(await served(url)).toBe(404);
  });

  test('the scheduled sweep runs after its delay and logs what it did', async () => {
    const url = await upload();
    await writtenAt(nameOf(url), new Date(Date.now() - graceMs - HOUR));
    const lines: { msg: string; obj: Record<string, unknown> }[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const log: SweepLog = {
      info: (obj, msg) => {
        lines.push({ msg, obj: obj as Record<string, unknown> });
        if (msg === 'media sweep finished') finished();
      },
      // a failed sweep ends the wait as well, and the checks below say what went wrong
      error: (obj, msg) => {
        lines.push({ msg, obj: obj as Record<string, unknown> });
        finished();
      },
    };
    const stop = scheduleMediaSweep(ctx(log), { readers: mediaReaders, graceMs }, { firstAfterMs: 0, everyMs: HOUR });
    await done;
    await stop();
    expect(await served(url)).toBe(404);
    expect(lines.find((l) => l.msg === 'media object deleted')?.obj).toMatchObject({ name: nameOf(url) });
    expect(lines.at(-1)?.obj).toMatchObject({ bucket: bucket(), deleted: 1, orphans: 1, young: 1 });
  });

  if (kind === 'disk') {
    test('every image-like column of the schema keeps the file it names', async () => {
      // A column added later (an avatar, a logo) that no reader reads would lose its files: each column whose
      // name says it holds an image gets an old file's address added to one of its rows, and every file stays.
      const db = t.db.kysely;
      const columns =
        t.engine === 'sqlite'
          ? await sql<{ table_name: string; column_name: string }>`
              select m.name as table_name, c.name as column_name
              from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table'`.execute(db)
          : await sql<{ table_name: string; column_name: string }>`
              select table_name, column_name from information_schema.columns
              where table_schema = current_schema()`.execute(db);
      const imageLike = columns.rows.filter(
        (c) =>
          /image|icon|banner|thumbnail|avatar|picture|photo|logo|cover/i.test(c.column_name) &&
          !c.column_name.endsWith('_hash'),
      );
      expect(imageLike.length).toBeGreaterThanOrEqual(9);
      const placed: string[] = [];
      for (const { table_name: table, column_name: column } of imageLike) {
        const row = await sql<{ id: string }>`select id from ${sql.table(table)} limit 1`.execute(db);
        expect(row.rows, `no row of ${table} to put an address in ${column}`).toHaveLength(1);
        const url = await upload();
        // added beside what the row names already, which must stay named too
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} || ${` ${url}`}
          where id = ${row.rows[0].id}`.execute(db);
        await writtenAt(nameOf(url), new Date(Date.now() - graceMs - HOUR));
        placed.push(`${table}.${column} ${url}`);
      }
      const report = await sweep();
      expect(report.orphans.map((o) => o.name)).toEqual([]);
      for (const entry of placed) expect(await served(entry.split(' ')[1]), entry).toBe(200);
      for (const [what, url] of Object.entries(kept)) expect(await served(url), what).toBe(200);
    });

    test('the command lists the orphans with --dry-run, then deletes them', async () => {
      const url = await upload();
      await writtenAt(nameOf(url), new Date(Date.now() - graceMs - HOUR));
      const dry = await command('--dry-run');
      expect(dry.code, dry.err).toBe(0);
      expect(dry.out).toContain(`would delete ${bucket()}/${nameOf(url)}`);
      expect(dry.out).toMatch(/nothing deleted \(dry run\)/);
      expect(await served(url)).toBe(200);

      const run = await command();
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain(`deleted ${bucket()}/${nameOf(url)}`);
      expect(run.out).toMatch(/1 deleted, \d+ bytes freed/);
      expect(await served(url)).toBe(404);
      for (const [what, keptUrl] of Object.entries(kept)) expect(await served(keptUrl), what).toBe(200);
    });
  }

  /** `node scripts/media-sweep.ts …` on this app's database and media: its exit code and what it printed. */
  function command(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    const child = spawn(process.execPath, [path.join(root, 'scripts/media-sweep.ts'), ...args], {
      cwd: root,
      env: { ...childEnv(), DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
  }
});
