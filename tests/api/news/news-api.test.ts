import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';

let t: TestApp;
let admin: Account;
let player: Account;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  [player] = await accounts(t, 1);
});
afterAll(() => t?.close());

const article = (over: Record<string, unknown> = {}) => ({
  title: { it: 'Nuovo torneo', en: 'New tournament' },
  summary: { it: 'In breve', en: 'In short' },
  body: { it: '<p>Ciao</p>', en: '<p>Hello</p>' },
  image: '/media/Nexus/0123456789abcdef0123456789abcdef.png',
  published: false,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const r = await t.call('POST', '/api/news', { token: admin.token, body: article(over) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data;
};

describe('authorization', () => {
  test.each([
    ['POST', '/api/news', article()],
    ['PUT', '/api/news/some-id', { published: true }],
    ['DELETE', '/api/news/some-id', undefined],
    ['GET', '/api/news?all=true', undefined],
  ])('%s %s: anonymous 401, player 403', async (method, url, body) => {
    const before = await t.snapshot();
    expect((await t.call(method as any, url, { body })).status).toBe(401);
    const asPlayer = await t.call(method as any, url, { body, token: player.token });
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.json.error.code).toBe('FORBIDDEN');
    expect(await t.snapshot()).toEqual(before);
  });

  test('admin: create 201, update 200, delete 200, then 404 NEWS_NOT_FOUND', async () => {
    const a = await create();
    expect(
      (await t.call('PUT', `/api/news/${a.id}`, { token: admin.token, body: { title: { it: 'A', en: 'B' } } })).status,
    ).toBe(200);
    const del = await t.call('DELETE', `/api/news/${a.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(del.json.data).toEqual({ id: a.id, deleted: true });
    const gone = await t.call('GET', `/api/news/${a.id}`, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('NEWS_NOT_FOUND');
    expect((await t.call('DELETE', `/api/news/${a.id}`, { token: admin.token })).json.error.code).toBe(
      'NEWS_NOT_FOUND',
    );
    expect(
      (await t.call('PUT', `/api/news/${a.id}`, { token: admin.token, body: { published: true } })).json.error.code,
    ).toBe('NEWS_NOT_FOUND');
  });
});

describe('publishing and drafts', () => {
  test('a draft is hidden from the public list and detail, visible to admins', async () => {
    const draft = await create({ title: { it: 'Bozza', en: 'Draft' } });
    expect(draft.published).toBe(false);
    expect(draft.publishedAt).toBeNull();
    const publicList = await t.call('GET', '/api/news?limit=100');
    expect(publicList.json.data.map((n: any) => n.id)).not.toContain(draft.id);
    expect((await t.call('GET', `/api/news/${draft.id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/news/${draft.id}`, { token: player.token })).status).toBe(404);
    expect((await t.call('GET', `/api/news/${draft.id}`, { token: admin.token })).json.data.id).toBe(draft.id);
    const all = await t.call('GET', '/api/news?all=true&limit=100', { token: admin.token });
    expect(all.json.data.map((n: any) => n.id)).toContain(draft.id);
    expect(all.json.total).toBeGreaterThan(publicList.json.total);
  });

  test('publishing sets publishedAt, republishing keeps it, unpublishing clears it', async () => {
    const a = await create();
    const published = (await t.call('PUT', `/api/news/${a.id}`, { token: admin.token, body: { published: true } })).json
      .data;
    expect(published.published).toBe(true);
    expect(Date.parse(published.publishedAt)).toBeGreaterThan(0);
    const again = (
      await t.call('PUT', `/api/news/${a.id}`, {
        token: admin.token,
        body: { published: true, summary: { it: 'x', en: 'y' } },
      })
    ).json.data;
    expect(again.publishedAt).toBe(published.publishedAt);
    expect(again.summary).toEqual({ it: 'x', en: 'y' });
    // omitted fields keep their value
    expect(again.title).toEqual(a.title);
    expect(again.body).toEqual(a.body);
    const anon = await t.call('GET', `/api/news/${a.id}`);
    expect(anon.status).toBe(200);
    expect(anon.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=30');
    const hidden = (await t.call('PUT', `/api/news/${a.id}`, { token: admin.token, body: { published: false } })).json
      .data;
    expect(hidden.published).toBe(false);
    expect(hidden.publishedAt).toBeNull();
    expect((await t.call('GET', `/api/news/${a.id}`)).status).toBe(404);
  });

  test('public list: published only, newest publication first, paged with a total', async () => {
    const fresh = await createTestApp();
    try {
      const [a] = await accounts(fresh, 1, { admin: true });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await fresh.call('POST', '/api/news', {
          token: a.token,
          body: article({ published: true, title: { it: `N${i}`, en: `N${i}` } }),
        });
        ids.push(r.json.data.id);
        await new Promise((r) => setTimeout(r, 5));
      }
      await fresh.call('POST', '/api/news', { token: a.token, body: article({ published: false }) });
      const page1 = await fresh.call('GET', '/api/news?limit=2&offset=0');
      expect(page1.status).toBe(200);
      expect(page1.json.total).toBe(3);
      expect(page1.json.data.map((n: any) => n.id)).toEqual([ids[2], ids[1]]);
      expect(page1.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=30');
      const page2 = await fresh.call('GET', '/api/news?limit=2&offset=2');
      expect(page2.json.data.map((n: any) => n.id)).toEqual([ids[0]]);
      const withToken = await fresh.call('GET', '/api/news', { token: a.token });
      expect(withToken.res.headers['cache-control']).toBe('private, no-store');
      // drafts first when the admin edits the oldest
      await fresh.call('PUT', `/api/news/${ids[0]}`, { token: a.token, body: { image: '' } });
      const all = await fresh.call('GET', '/api/news?all=true', { token: a.token });
      expect(all.json.total).toBe(4);
      expect(all.json.data[0].id).toBe(ids[0]);
    } finally {
      await fresh.close();
    }
  });

  test('the body is sanitised on save: scripts, handlers and javascript: links go', async () => {
    const a = await create({
      body: {
        it:
          '<p onclick="x()">Ciao<script>alert(1)</script></p><a href="javascript:alert(1)">link</a><img ' +
          'src="https://x.test/a.png" onerror="y()">',
        en: '<h2>Hi</h2><iframe src="https://evil.test"></iframe><a href="https://ok.test">ok</a>',
      },
    });
    expect(a.body.it).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(a.body.it).toContain('Ciao');
    expect(a.body.it).toContain('<img src="https://x.test/a.png" />');
    expect(a.body.en).not.toMatch(/iframe/);
    expect(a.body.en).toContain('<a href="https://ok.test" target="_blank" rel="noopener noreferrer">ok</a>');
    const updated = (
      await t.call('PUT', `/api/news/${a.id}`, {
        token: admin.token,
        body: { body: { it: '<b>ok</b><style>x</style>', en: '<script>1</script>' } },
      })
    ).json.data;
    expect(updated.body).toEqual({ it: '<b>ok</b>', en: '' });
  });
});

describe('bad input: 4xx with a code, nothing written', () => {
  const cases: [string, unknown][] = [
    ['no title', { ...article(), title: undefined }],
    ['empty title', article({ title: { it: '', en: 'x' } })],
    ['title missing a language', article({ title: { it: 'x' } })],
    ['title too long', article({ title: { it: 'x'.repeat(161), en: 'x' } })],
    ['summary too long', article({ summary: { it: 'x'.repeat(401), en: '' } })],
    ['body too long', article({ body: { it: 'x'.repeat(50_001), en: '' } })],
    ['title a number', article({ title: { it: 1, en: 'x' } })],
    ['published a string', article({ published: 'yes' })],
    ['image javascript:', article({ image: 'javascript:alert(1)' })],
    ['image http', article({ image: 'http://x.test/a.png' })],
    ['NUL in title', article({ title: { it: 'a\u0000b', en: 'x' } })],
    ['an array', [article()]],
    ['null', null],
  ];
  test.each(cases)('POST %s → 400', async (_name, body) => {
    const before = await t.snapshot();
    const r = await t.call('POST', '/api/news', {
      token: admin.token,
      body: body as any,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(typeof r.json.error.code).toBe('string');
    expect(await t.snapshot()).toEqual(before);
  });

  test('malformed JSON is 400 INVALID_JSON', async () => {
    const before = await t.snapshot();
    const res = await t.inject({
      method: 'POST',
      url: '/api/news',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
    expect(await t.snapshot()).toEqual(before);
  });

  test.each([
    ['/api/news?limit=0'],
    ['/api/news?limit=101'],
    ['/api/news?limit=abc'],
    ['/api/news?offset=-1'],
    ['/api/news?all=maybe'],
    ['/api/news/bad%20id'],
    [`/api/news/${'x'.repeat(65)}`],
  ])('GET %s → 400', async (url) => {
    const r = await t.call('GET', url, { token: admin.token });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
  });

  test('PUT with wrong types is 400 and changes nothing', async () => {
    const a = await create();
    const before = await t.snapshot();
    for (const body of [{ published: 1 }, { title: 'x' }, { image: 5 }, { body: { it: 'x'.repeat(50_001), en: '' } }]) {
      const r = await t.call('PUT', `/api/news/${a.id}`, { token: admin.token, body });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await t.snapshot()).toEqual(before);
  });
});

test('the routes are in the OpenAPI document', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/news',
      '/api/news/{id}',
      '/api/admin/audit',
      '/api/marketplace/dashboard/timeseries',
    ]),
  );
  expect(doc.paths['/api/news'].post.requestBody).toBeTruthy();
});

test('what on-demand pages read (App.Locals.data.news/newsArticle): published only', async () => {
  const NewsService = await import('../../../src/features/news/server/service.ts');
  const draft = await create();
  const live = await create({ published: true });
  expect(await NewsService.findPublished(t.app, draft.id)).toBeNull();
  expect((await NewsService.findPublished(t.app, live.id))?.id).toBe(live.id);
  expect(await NewsService.findPublished(t.app, 'no such id')).toBeNull();
  const page = await NewsService.list(t.app, { limit: 100, offset: 0, includeDrafts: false });
  expect(page.data.every((n) => n.published)).toBe(true);
  expect(page.data.map((n) => n.id)).toContain(live.id);
});
