import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, IMAGE, type Account } from '../helpers/rewards.ts';
import { tournamentBody } from '../helpers/tournaments.ts';

// Tournaments, badges, products and competitions carry their texts per language;
// the flat fields the original client reads (`name`, `description`, ...) answer in the request's language,
// and an empty English text falls back.
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
});
afterAll(() => t?.close());

const EN = { 'accept-language': 'en-GB,en;q=0.9,it;q=0.5' };
const IT = { 'accept-language': 'it-IT,it;q=0.9' };
const get = async (url: string, headers?: Record<string, string>, token?: string) => {
  const r = await t.call('GET', url, { headers, token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
};
const write = async (method: 'POST' | 'PUT', url: string, body: unknown, status = method === 'POST' ? 201 : 200) => {
  const r = await t.call(method, url, { token: admin.token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r.json.data;
};

describe('tournaments', () => {
  test('created in both languages: flat fields in the request language, both in translations', async () => {
    const body = tournamentBody('registration', {
      name: 'Coppa di primavera',
      description: '<p>Il torneo di primavera</p>',
      rules: '<p>Regole</p>',
      translations: { en: { name: 'Spring Cup', description: '<p>The spring tournament</p>', rules: '<p>Rules</p>' } },
    });
    const created = await write('POST', '/api/tournaments', body);
    const translations = {
      it: { name: 'Coppa di primavera', description: '<p>Il torneo di primavera</p>', rules: '<p>Regole</p>' },
      en: { name: 'Spring Cup', description: '<p>The spring tournament</p>', rules: '<p>Rules</p>' },
    };
    expect(created.translations).toEqual(translations);
    // no language named: Italian, the default language
    expect(await get(`/api/tournaments/${created.id}`)).toMatchObject({
      name: 'Coppa di primavera',
      description: '<p>Il torneo di primavera</p>',
      translations,
    });
    expect(await get(`/api/tournaments/${created.id}`, IT)).toMatchObject({
      name: 'Coppa di primavera',
      rules: '<p>Regole</p>',
    });
    expect(await get(`/api/tournaments/${created.id}`, EN)).toMatchObject({
      name: 'Spring Cup',
      description: '<p>The spring tournament</p>',
      rules: '<p>Rules</p>',
      translations,
    });
    // the signed-in path and the list localise too
    expect(await get(`/api/tournaments/${created.id}`, EN, admin.token)).toMatchObject({ name: 'Spring Cup' });
    const list = await get('/api/tournaments?showAllTournament=true&limit=100', EN);
    expect(list.find((x: { id: string }) => x.id === created.id)).toMatchObject({ name: 'Spring Cup' });
    const listIt = await get('/api/tournaments?showAllTournament=true&limit=100', IT);
    expect(listIt.find((x: { id: string }) => x.id === created.id)).toMatchObject({ name: 'Coppa di primavera' });
  });

  // the flat fields alone still create and edit the Italian text
  test('an empty English text falls back to Italian', async () => {
    const created = await write(
      'POST',
      '/api/tournaments',
      tournamentBody('registration', { name: 'Solo italiano', description: '<p>Solo</p>' }),
    );
    expect(created.translations.en).toEqual({ name: '', description: '', rules: '' });
    expect(await get(`/api/tournaments/${created.id}`, EN)).toMatchObject({
      name: 'Solo italiano',
      description: '<p>Solo</p>',
    });
    const edited = await write('PUT', `/api/tournaments/${created.id}`, {
      name: 'Nome nuovo',
      translations: { en: { description: '<p>Only the English description</p>' } },
    });
    expect(edited.translations).toEqual({
      it: { name: 'Nome nuovo', description: '<p>Solo</p>', rules: '' },
      en: { name: '', description: '<p>Only the English description</p>', rules: '' },
    });
    expect(await get(`/api/tournaments/${created.id}`, EN)).toMatchObject({
      name: 'Nome nuovo',
      description: '<p>Only the English description</p>',
    });
    expect(await get(`/api/tournaments/${created.id}`, IT)).toMatchObject({
      name: 'Nome nuovo',
      description: '<p>Solo</p>',
    });
  });

  test('English rich text is cleaned like the Italian one', async () => {
    const created = await write(
      'POST',
      '/api/tournaments',
      tournamentBody('registration', { translations: { en: { description: '<p>Hi<script>alert(1)</script></p>' } } }),
    );
    expect(created.translations.en.description).not.toContain('script');
  });
});

describe('products', () => {
  test('both languages on create and edit, English falls back, list and detail in the request language', async () => {
    const created = await write('POST', '/api/marketplace/products', {
      name: 'Felpa',
      description: 'Felpa con cappuccio',
      price: 100,
      quantity: 5,
      image: IMAGE,
      translations: { en: { name: 'Hoodie', description: 'Hooded sweatshirt' } },
    });
    expect(created.translations).toEqual({
      it: { name: 'Felpa', description: 'Felpa con cappuccio' },
      en: { name: 'Hoodie', description: 'Hooded sweatshirt' },
    });
    expect(await get(`/api/marketplace/products/${created._id}`, EN)).toMatchObject({
      name: 'Hoodie',
      description: 'Hooded sweatshirt',
    });
    expect(await get(`/api/marketplace/products/${created._id}`, IT)).toMatchObject({
      name: 'Felpa',
      description: 'Felpa con cappuccio',
    });
    const list = await get('/api/marketplace/products?limit=100', EN);
    expect(list.find((p: { _id: string }) => p._id === created._id)).toMatchObject({ name: 'Hoodie' });
    // the shop's search finds a product by its text in either language
    const found = await get('/api/marketplace/products?limit=100&name=hooded', EN);
    expect(found.map((p: { _id: string }) => p._id)).toContain(created._id);
    await write('PUT', `/api/marketplace/products/${created._id}`, { translations: { en: { name: '' } }, price: 120 });
    expect(await get(`/api/marketplace/products/${created._id}`, EN)).toMatchObject({
      name: 'Felpa',
      description: 'Hooded sweatshirt',
      price: 120,
    });
  });
});

describe('badges', () => {
  test('both languages on create and edit; English falls back to Italian', async () => {
    const slug = `lang_${Date.now().toString(36)}`;
    const created = await write('POST', '/api/marketplace/badges', {
      slug,
      name: 'Benvenuto',
      description: 'Ti sei registrato',
      trigger: 'user_registered',
      translations: { en: { name: 'Welcome', description: 'You signed up' } },
    });
    expect(await get(`/api/marketplace/badges/${created._id}`, EN, admin.token)).toMatchObject({
      name: 'Welcome',
      description: 'You signed up',
    });
    expect(await get(`/api/marketplace/badges/${created._id}`, IT, admin.token)).toMatchObject({
      name: 'Benvenuto',
      description: 'Ti sei registrato',
    });
    await write('PUT', `/api/marketplace/badges/${created._id}`, { translations: { en: { description: '' } } });
    expect(await get(`/api/marketplace/badges/${created._id}`, EN, admin.token)).toMatchObject({
      name: 'Welcome',
      description: 'Ti sei registrato',
    });
  });
});

describe('competitions', () => {
  test('the name in both languages; English falls back to Italian', async () => {
    const created = await write('POST', '/api/tournaments/competitions', {
      name: 'Campionato',
      game: 'Fortnite',
      translations: { en: { name: 'Championship' } },
    });
    expect(created.translations).toEqual({
      it: { name: 'Campionato', finalsCity: '' },
      en: { name: 'Championship', finalsCity: '' },
    });
    expect(await get(`/api/tournaments/competitions/${created.id}`, EN)).toMatchObject({ name: 'Championship' });
    expect(await get(`/api/tournaments/competitions/${created.id}`, IT)).toMatchObject({ name: 'Campionato' });
    const list = await get('/api/tournaments/competitions', EN);
    expect(list.find((c: { id: string }) => c.id === created.id)).toMatchObject({ name: 'Championship' });
    await write('PUT', `/api/tournaments/competitions/${created.id}`, {
      name: 'Campionato 2',
      translations: { en: { name: '' } },
    });
    expect(await get(`/api/tournaments/competitions/${created.id}`, EN)).toMatchObject({ name: 'Campionato 2' });
  });
});

describe('the response micro-cache', () => {
  test('keeps one copy per language: an Italian answer is never served to an English request', async () => {
    const cached = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
    try {
      const [boss] = await accounts(cached, 1, { admin: true });
      const r = await cached.call('POST', '/api/marketplace/products', {
        token: boss.token,
        body: { name: 'Cappellino', price: 10, quantity: 1, image: IMAGE, translations: { en: { name: 'Cap' } } },
      });
      const id = r.json.data._id;
      const read = async (headers: Record<string, string>, url: string) =>
        (await cached.call('GET', url, { headers })).json.data;
      expect(await read(IT, `/api/marketplace/products/${id}`)).toMatchObject({ name: 'Cappellino' });
      expect(await read(EN, `/api/marketplace/products/${id}`)).toMatchObject({ name: 'Cap' });
      expect(await read(IT, `/api/marketplace/products/${id}`)).toMatchObject({ name: 'Cappellino' });
      // and a shared cache outside (a CDN) is told the answer depends on the language
      expect((await cached.call('GET', `/api/marketplace/products/${id}`, { headers: EN })).res.headers.vary).toMatch(
        /Authorization.*Accept-Language/,
      );
      const t1 = await cached.call('POST', '/api/tournaments', {
        token: boss.token,
        body: tournamentBody('registration', { name: 'Torneo', translations: { en: { name: 'Tournament' } } }),
      });
      const tid = t1.json.data.id;
      expect(await read(IT, `/api/tournaments/${tid}`)).toMatchObject({ name: 'Torneo' });
      expect(await read(EN, `/api/tournaments/${tid}`)).toMatchObject({ name: 'Tournament' });
    } finally {
      await cached.close();
    }
  });
});
