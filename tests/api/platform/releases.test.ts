import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import * as T from '../helpers/tournaments.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Deploying a build beside running servers (src/platform/http/releases.ts, scripts/lib/releases.ts),
 * with the real `bash scripts/run.sh build` and real server processes. The build runs in a copy of
 * the repository's build inputs (node_modules linked), so the test can change a source between two
 * builds as a deploy does: a text every page shows changes, and with it the names of the server's
 * page chunks and of client bundles. A server is started on the first release; the second build
 * then switches `dist`. The old server has loaded none of its on-demand pages yet (Astro imports a
 * page's chunk on its first request), so each of them proves its release's chunks are still there.
 *
 * The engine plays no part: the builds run in the SQLite project only, as a build costs a minute. The
 * first release is a copy of the repository's own built site when it is current (`npm test` builds it
 * just before vitest), so the only build here is the deploy under test; otherwise it is built too.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

/**
 * The repository's current release when `bash scripts/run.sh site` would not rebuild it: built for the
 * default origin, and no build input newer than it (the rule of ensure_build in scripts/run.sh).
 */
function currentSiteRelease(): string | null {
  const dist = path.join(root, 'dist');
  const built = fs.statSync(path.join(dist, '.built'), { throwIfNoEntry: false });
  const origin = fs.existsSync(path.join(dist, '.origin')) ? fs.readFileSync(path.join(dist, '.origin'), 'utf8') : '';
  if (!built || origin.trim() !== 'http://127.0.0.1:4321') return null;
  const newer = (file: string): boolean => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return false;
    if (stat.mtimeMs > built.mtimeMs) return true;
    return stat.isDirectory() && fs.readdirSync(file).some((entry) => newer(path.join(file, entry)));
  };
  const inputs = ['src', 'locales', 'public', 'astro.config.mjs', 'package.json'];
  return inputs.some((input) => newer(path.join(root, input))) ? null : fs.realpathSync(dist);
}

/** A release folder as a build leaves it, without the server part: a page and these bundles. */
function fakeRelease(releases: string, id: string, bundles: string[]) {
  const dir = path.join(releases, id);
  fs.mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), `<p>${id}</p>`);
  for (const name of bundles) fs.writeFileSync(path.join(dir, 'client', '_astro', name), `// ${id}\n`);
  const manifest = { id, builtAt: new Date().toISOString(), commit: null, previous: null };
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify(manifest));
  return dir;
}

test('a server records itself in its release until it stops, and serves the previous release’s bundles', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-releases-'));
  try {
    const releases = path.join(work, '.releases');
    fakeRelease(releases, 'r1', ['old.A1.js']);
    const r2 = fakeRelease(releases, 'r2', ['new.B2.js']);
    fs.symlinkSync('r1', path.join(releases, 'previous'));
    fs.symlinkSync(path.join('.releases', 'r2'), path.join(work, 'dist'));
    const { databaseUrl, dataDir } = t.config;
    const s = await startServer({ databaseUrl, dataDir, port: await anyFreePort(), distDir: path.join(work, 'dist') });
    try {
      expect(await (await fetch(`${s.url}/`)).text()).toBe('<p>r2</p>');
      for (const [url, text] of [
        ['/_astro/new.B2.js', '// r2\n'],
        ['/_astro/old.A1.js', '// r1\n'],
      ]) {
        const res = await fetch(s.url + url);
        expect(res.status, url).toBe(200);
        expect(await res.text()).toBe(text);
      }
      expect(fs.readdirSync(path.join(r2, 'pids'))).toEqual([String(s.child.pid)]);
    } finally {
      await s.stop();
    }
    expect(s.child.exitCode).toBe(0);
    expect(fs.readdirSync(path.join(r2, 'pids'))).toEqual([]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

// declared only in the SQLite project (not a skip there): two builds for the PostgreSQL project would
// test nothing more
if (engine === 'sqlite')
  describe('a build and a rollback beside running servers', () => {
    // inside the repository: a release imports node_modules at run time, found by walking up
    let work: string;
    let dist: string;
    let first: string;
    const servers: ServerProcess[] = [];
    let old: ServerProcess;
    /** the server started on the second release, on the port that build was made for */
    let next: ServerProcess;
    let nextPort: number;
    /** `npm run start:cluster` with two workers, started on the first release like `old` */
    let cluster: ServerProcess;
    let pages: string[];
    /** bundles of the second build the first lacks, and of the first the second build lacks */
    let onlyNew: string;
    let onlyOld: string;
    const assets = (release: string, ending: string) =>
      fs.readdirSync(path.join(release, 'client', '_astro')).filter((f) => f.endsWith(ending));
    const bundles = (release: string) => new Set(assets(release, '.js'));

    const build = (env: Record<string, string> = {}) =>
      run('bash', ['scripts/run.sh', 'build'], { cwd: work, env: { ...process.env, DIST_DIR: '', ...env } });
    const server = async (opts: { entry?: string; env?: Record<string, string>; port?: number } = {}) => {
      const { databaseUrl, dataDir } = t.config;
      const port = opts.port ?? (await anyFreePort());
      const s = await startServer({ databaseUrl, dataDir, distDir: dist, ...opts, port });
      servers.push(s);
      return s;
    };
    const get = (s: ServerProcess, url: string) => fetch(s.url + url, { redirect: 'manual' });

    beforeAll(async () => {
      const admin = await T.quickPlayer(t, { admin: true });
      // a tournament with a bracket (two players checked in), and a published article
      const id = await T.createTournament(t, admin.token, 'registration', { game: 'Valorant', maxPartecipants: 8 });
      const players = await T.quickPlayers(t, 2);
      const entry = (p: T.Person) => T.registration(p.id, { game: 'Valorant' });
      for (const p of players) expect((await T.join(t, id, p, entry(p))).status).toBe(200);
      await T.setPhase(t, admin.token, id, 'checkinOpen');
      for (const p of players) expect((await T.checkIn(t, id, p, entry(p))).status).toBe(200);
      const seeding = { seeding: 'checkin' };
      const bracket = await t.call('POST', `/api/tournaments/${id}/bracket`, { token: admin.token, body: seeding });
      expect(bracket.status, JSON.stringify(bracket.json)).toBe(200);
      const article = {
        title: { it: 'Notizia', en: 'News' },
        summary: { it: 'In breve', en: 'In short' },
        body: { it: '<p>Ciao</p>', en: '<p>Hello</p>' },
        published: true,
      };
      const news = await t.call('POST', '/api/news', { token: admin.token, body: article });
      expect(news.status, JSON.stringify(news.json)).toBe(201);
      const tournament = `/tournament/${id}`;
      const campaign = ['/cortina', '/en/cortina', '/cortina/standings/1'];
      const views = ['', '/standings', '/bracket', '/iframe'].map((view) => tournament + view);
      pages = [...campaign, ...views, `/en${tournament}`, '/news', `/news/${news.json.data.id}`];

      fs.mkdirSync(path.join(root, '.cache'), { recursive: true });
      work = fs.mkdtempSync(path.join(root, '.cache', 'releases-test-'));
      const inputs = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'locales', 'public', 'scripts'];
      for (const entry of inputs) fs.cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
      dist = path.join(work, 'dist');
      const site = currentSiteRelease();
      if (site) {
        // the release as the repository's build left it, without the servers it records
        const copy = path.join(work, '.releases', path.basename(site));
        fs.cpSync(site, copy, { recursive: true, filter: (file) => path.dirname(file) !== path.join(site, 'pids') });
        fs.symlinkSync(path.join('.releases', path.basename(site)), dist);
      } else {
        await build();
      }
      first = fs.realpathSync(dist);
      old = await server();
      // the engine plays no part in what is tested here, so the cluster runs on the SQLite file
      const env = { CLUSTER_WORKERS: '2', CLUSTER_ALLOW_SQLITE: 'true', RATE_LIMITS: 'false' };
      cluster = await server({ entry: path.join(root, 'src/app/cluster.ts'), env });
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    test('a bundle no release has is a short uncacheable 404, not the HTML page', async () => {
      for (const url of ['/_astro/x.js', '/_astro/Missing.AbCd1234.js']) {
        const res = await get(old, url);
        expect(res.status).toBe(404);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(await res.text()).toBe('Not found\n');
      }
    });

    test('after a real build switches dist, the old server renders every on-demand page, new bundles too', async () => {
      // the deploy: the Italian texts change (as a locale edit does), and robots.txt
      for (const name of fs.readdirSync(path.join(work, 'locales', 'it'))) {
        const file = path.join(work, 'locales', 'it', name);
        const edit = (_key: string, v: unknown) => (typeof v === 'string' ? `${v} ` : v);
        const texts: unknown = JSON.parse(fs.readFileSync(file, 'utf8'), edit);
        fs.writeFileSync(file, JSON.stringify(texts));
      }
      fs.appendFileSync(path.join(work, 'public', 'robots.txt'), '# the second release\n');
      const before = bundles(first);
      // built for the port the next server takes, with no PUBLIC_ORIGIN: its pages name that server
      nextPort = await anyFreePort();
      await build({ PORT: String(nextPort) });
      const second = fs.realpathSync(dist);
      expect(second).not.toBe(first);
      expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
      // only texts changed, and the build was made in another folder (one the repository ignores): the same
      // stylesheets, as Tailwind takes its classes from src/ alone, wherever the checkout is
      expect(assets(second, '.css').sort()).toEqual(assets(first, '.css').sort());
      const manifest: unknown = JSON.parse(fs.readFileSync(path.join(second, 'release.json'), 'utf8'));
      expect(manifest).toMatchObject({ id: path.basename(second), previous: path.basename(first) });
      // the old server's release is kept, and records it
      expect(fs.readdirSync(path.join(first, 'pids'))).toContain(String(old.child.pid));
      const carried = Object.keys(JSON.parse(fs.readFileSync(path.join(second, 'carried-assets.json'), 'utf8')));
      onlyNew = `/_astro/${[...bundles(second)].find((f) => !before.has(f))}`;
      onlyOld = `/_astro/${carried.find((f) => f.endsWith('.js'))}`;
      expect(onlyNew).not.toBe('/_astro/undefined');
      expect(onlyOld).not.toBe('/_astro/undefined');

      for (const url of pages) {
        const res = await get(old, url);
        expect(res.status, `${url} from the old server: ${old.output().slice(-2000)}`).toBe(200);
      }
      const fresh = await get(old, onlyNew);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await (await get(old, '/robots.txt')).text()).not.toContain('# the second release');

      // a server started now serves the new release, and the old release's bundles
      next = await server({ port: nextPort });
      expect(await (await get(next, '/robots.txt')).text()).toContain('# the second release');
      for (const url of [onlyNew, onlyOld]) expect((await get(next, url)).status, url).toBe(200);
      for (const url of pages) expect((await get(next, url)).status, `${url} from the new server`).toBe(200);
    });

    test("without PUBLIC_ORIGIN, prerendered and on-demand pages name their server's own address", async () => {
      for (const url of ['/login', '/en/login', '/news', pages.find((p) => p.startsWith('/tournament/'))!]) {
        const html = await (await get(next, url)).text();
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        const og = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
        expect(canonical, url).toBe(next.url + url);
        expect(og, url).toBe(next.url + url);
      }
    });

    test('a rolling restart after the deploy: every page and both releases’ bundles answer 200 all along', async () => {
      const urls = [...pages, onlyNew, onlyOld];
      const failures: string[] = [];
      let answered = 0;
      const ask = async (url: string) => {
        try {
          const res = await fetch(cluster.url + url);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${url} ${res.status}`);
        } catch (err) {
          failures.push(`${url} ${(err as Error).message}`);
        }
        answered++;
      };
      const done = () => /rolling restart done/.test(cluster.output());
      expect(done()).toBe(false);
      cluster.child.kill('SIGHUP');
      // every page and bundle, again and again, from the signal until both workers are replaced
      const deadline = Date.now() + 60_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`no rolling restart within 60 s:\n${cluster.output().slice(-3000)}`);
        await Promise.all(urls.map(ask));
      }
      await Promise.all(urls.map(ask));
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThanOrEqual(2 * urls.length);
    });

    test('rollback points dist back at the first release; a new server serves it and the later bundles', async () => {
      const second = fs.realpathSync(dist);
      await run('bash', ['scripts/run.sh', 'rollback'], { cwd: work, env: { ...process.env, DIST_DIR: '' } });
      expect(fs.realpathSync(dist)).toBe(first);
      expect(fs.realpathSync(path.join(work, '.releases', 'previous'))).toBe(second);

      const back = await server();
      expect(await (await get(back, '/robots.txt')).text()).not.toContain('# the second release');
      // the first release lacks this bundle: it comes from the previous release, now the second one
      const bundle = await get(back, onlyNew);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('cache-control')).toBe(IMMUTABLE);
      expect((await get(back, onlyOld)).status).toBe(200);
      for (const url of pages) expect((await get(back, url)).status, `${url} after the rollback`).toBe(200);
    });
  });
