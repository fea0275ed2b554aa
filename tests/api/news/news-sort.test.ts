import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';

/** The dashboard's news list sorts on the server: ?sort=title|date (-key descending), the title in ?lang. */
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  // Italian and English titles in different orders
  for (const [it, en, published] of [
    ['Zucca', 'Apple', true],
    ['arancia', 'Orange', false],
    ['Mela', 'zebra', true],
  ] as const) {
    const r = await t.call('POST', '/api/news', {
      token: admin.token,
      body: {
        title: { it, en },
        summary: { it: 's', en: 's' },
        body: { it: '<p>x</p>', en: '<p>x</p>' },
        image: '',
        published,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  }
  // dates set apart: the date the list shows is the publication's, else the last edit's
  const dates = {
    Zucca: '2026-03-01T10:00:00.000Z',
    arancia: '2026-01-01T10:00:00.000Z',
    Mela: '2026-02-01T10:00:00.000Z',
  };
  for (const [title, when] of Object.entries(dates))
    await t.db.kysely
      .updateTable('news')
      .set({ updated_at: when, published_at: title === 'arancia' ? null : when })
      .where('title_it', '=', title)
      .execute();
});
afterAll(() => t?.close());

const titles = async (q: string) => {
  const r = await t.call('GET', `/api/news?all=true&${q}`, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { title: { it: string } }[]).map((a) => a.title.it);
};

// the Italian or the English title, and each sort either way
test("by either language's title whatever the case, or by the shown date; pages follow the sort", async () => {
  expect(await titles('sort=title')).toEqual(['arancia', 'Mela', 'Zucca']);
  expect(await titles('sort=title&lang=en')).toEqual(['Zucca', 'arancia', 'Mela']);
  expect(await titles('sort=-title&lang=en')).toEqual(['Mela', 'arancia', 'Zucca']);
  expect(await titles('sort=date')).toEqual(['arancia', 'Mela', 'Zucca']);
  expect(await titles('sort=-date')).toEqual(['Zucca', 'Mela', 'arancia']);
  expect(await titles('sort=title&limit=1&offset=1')).toEqual(['Mela']);
  // the public list sorts too, drafts left out
  const pub = await t.call('GET', '/api/news?sort=title');
  expect(pub.json.data.map((a: { title: { it: string } }) => a.title.it)).toEqual(['Mela', 'Zucca']);
});

test('an unknown sort or language is a 400 VALIDATION_ERROR', async () => {
  for (const q of ['sort=author', 'sort=title&lang=de']) {
    const r = await t.call('GET', `/api/news?all=true&${q}`, { token: admin.token });
    expect([r.status, r.json.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
  }
});
