import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  accounts,
  address,
  makeImage,
  multipart,
  rewardsApi,
  rewardsSnapshot,
  type Account,
} from '../helpers/rewards.ts';

// Every rewards call, as an anonymous visitor, as another player, as an admin and (for calls about
// one user) as that user. Refused calls must write nothing.
let t: TestApp;
let admin: Account;
let owner: Account;
let other: Account;
let api: ReturnType<typeof rewardsApi>;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  [owner, other] = await accounts(t, 2);
  api = rewardsApi(t, admin.token);
  png = await makeImage('png');
});
afterAll(() => t?.close());

type Who = 'anonymous' | 'other' | 'admin' | 'self';
interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: boolean;
}
interface Row {
  name: string;
  /** a fresh request for each caller (mutations need their own fixtures) */
  request: (who: Who) => Promise<Request>;
  expect: Partial<Record<Who, number>>;
}

const o = () => t.config.ownerId;
let n = 0;
const fresh = () => `x${n++}`;
const PUBLIC = { anonymous: 200, other: 200, admin: 200 };
const ADMIN = (ok = 200) => ({ anonymous: 401, other: 403, admin: ok });
const SELF_OR_ADMIN = (ok = 200) => ({ anonymous: 401, other: 403, admin: ok, self: ok });

const rows: Row[] = [
  { name: 'GET badges', request: async () => ({ method: 'GET', url: '/api/marketplace/badges' }), expect: PUBLIC },
  {
    name: 'GET badge',
    request: async () => ({
      method: 'GET',
      url: `/api/marketplace/badges/${await api.badge({ slug: fresh(), trigger: 'manual' })}`,
    }),
    expect: PUBLIC,
  },
  {
    name: 'PUT badge',
    request: async () => ({
      method: 'PUT',
      url: `/api/marketplace/badges/${await api.badge({ slug: fresh(), trigger: 'manual' })}`,
      body: { rewardAmount: 999 },
    }),
    expect: ADMIN(),
  },
  {
    name: 'PATCH badge toggle-active',
    request: async () => ({
      method: 'PATCH',
      url: `/api/marketplace/badges/${await api.badge({ slug: fresh(), trigger: 'manual' })}/toggle-active`,
    }),
    expect: ADMIN(),
  },
  {
    name: 'GET backpack of a user',
    request: async () => ({ method: 'GET', url: `/api/marketplace/backpack/${owner.id}` }),
    expect: SELF_OR_ADMIN(),
  },
  {
    name: 'POST badge trigger for a user',
    request: async () => {
      const slug = fresh();
      await api.badge({ slug, trigger: 'user_registered', reward: 3 });
      return { method: 'POST', url: `/api/marketplace/badges/trigger/${slug}`, body: { userId: owner.id } };
    },
    expect: SELF_OR_ADMIN(),
  },
  { name: 'GET products', request: async () => ({ method: 'GET', url: '/api/marketplace/products' }), expect: PUBLIC },
  {
    name: 'GET product',
    request: async () => ({ method: 'GET', url: `/api/marketplace/products/${(await api.product())._id}` }),
    expect: PUBLIC,
  },
  {
    name: 'POST product',
    request: async () => ({
      method: 'POST',
      url: '/api/marketplace/products',
      body: { name: 'P', price: 1, quantity: 1, image: '/media/Nexus/a.png' },
    }),
    expect: ADMIN(201),
  },
  {
    name: 'PUT product',
    request: async () => ({
      method: 'PUT',
      url: `/api/marketplace/products/${(await api.product())._id}`,
      body: { price: 0 },
    }),
    expect: ADMIN(),
  },
  {
    name: 'DELETE product',
    request: async () => ({ method: 'DELETE', url: `/api/marketplace/products/${(await api.product())._id}` }),
    expect: ADMIN(),
  },
  {
    name: 'POST purchase for a user',
    request: async () => {
      const product = await api.product({ price: 1 });
      await api.credit(owner.id, 1);
      return {
        method: 'POST',
        url: '/api/marketplace/purchases',
        body: { productId: product._id, userId: owner.id, shippingAddress: address },
      };
    },
    expect: SELF_OR_ADMIN(201),
  },
  {
    name: 'GET purchases',
    request: async () => ({ method: 'GET', url: '/api/marketplace/purchases' }),
    expect: ADMIN(),
  },
  {
    name: 'GET purchases of a user',
    request: async () => ({ method: 'GET', url: `/api/marketplace/purchases/user/${owner.id}` }),
    expect: SELF_OR_ADMIN(),
  },
  {
    name: 'PATCH purchase fulfill',
    request: async () => {
      const product = await api.product({ price: 0 });
      const r = await t.call('POST', '/api/marketplace/purchases', {
        token: owner.token,
        body: { productId: product._id, shippingAddress: address },
      });
      return { method: 'PATCH', url: `/api/marketplace/purchases/${r.json.data.purchase.id}/fulfill` };
    },
    expect: ADMIN(),
  },
  {
    name: 'GET giveaways',
    request: async () => ({ method: 'GET', url: '/api/marketplace/giveaways' }),
    expect: ADMIN(),
  },
  {
    name: 'GET giveaway',
    request: async () => ({ method: 'GET', url: `/api/marketplace/giveaways/${(await api.giveaway()).id}` }),
    expect: ADMIN(),
  },
  {
    name: 'POST giveaway',
    request: async () => ({
      method: 'POST',
      url: '/api/marketplace/giveaways',
      body: { token: fresh().toUpperCase() + 'GIFTCODE', credits: 1, type: 'infinite' },
    }),
    expect: ADMIN(201),
  },
  {
    name: 'PUT giveaway',
    request: async () => ({
      method: 'PUT',
      url: `/api/marketplace/giveaways/${(await api.giveaway()).id}`,
      body: { credits: 500, type: 'infinite' },
    }),
    expect: ADMIN(),
  },
  {
    name: 'DELETE giveaway',
    request: async () => ({ method: 'DELETE', url: `/api/marketplace/giveaways/${(await api.giveaway()).id}` }),
    expect: ADMIN(),
  },
  {
    name: 'POST giveaway redeem for a user',
    request: async () => ({
      method: 'POST',
      url: '/api/marketplace/giveaways/redeem',
      body: { token: (await api.giveaway()).token, userId: owner.id },
    }),
    expect: SELF_OR_ADMIN(),
  },
  {
    name: 'GET transactions of a user',
    request: async () => ({ method: 'GET', url: `/api/marketplace/transactions/${owner.id}` }),
    expect: SELF_OR_ADMIN(),
  },
  { name: 'GET wallets', request: async () => ({ method: 'GET', url: '/api/marketplace/wallets' }), expect: ADMIN() },
  {
    name: 'GET wallets/me',
    request: async () => ({ method: 'GET', url: '/api/marketplace/wallets/me' }),
    expect: { anonymous: 401, other: 200, admin: 200, self: 200 },
  },
  {
    name: 'GET wallet of a user',
    request: async () => ({ method: 'GET', url: `/api/marketplace/wallets/${o()}/${owner.id}` }),
    expect: SELF_OR_ADMIN(),
  },
  {
    name: 'POST wallet adjust',
    request: async () => ({
      method: 'POST',
      url: `/api/marketplace/wallets/${owner.id}/adjust`,
      body: { amount: 1000, reason: 'gift to myself' },
    }),
    expect: { anonymous: 401, other: 403, admin: 200, self: 403 },
  },
  {
    name: 'GET dashboard overview',
    request: async () => ({ method: 'GET', url: '/api/marketplace/dashboard/overview' }),
    expect: ADMIN(),
  },
  {
    name: 'POST media upload',
    request: async () => ({ method: 'POST', url: `/api/media/${t.config.agencyName}`, upload: true }),
    expect: { anonymous: 401, other: 403, admin: 201, self: 403 },
  },
  {
    name: 'GET media file',
    request: async () => {
      const up = await send('admin', { method: 'POST', url: `/api/media/${t.config.agencyName}`, upload: true });
      return { method: 'GET', url: up.json.data.url };
    },
    expect: PUBLIC,
  },
];

const tokenOf = (who: Who) =>
  who === 'anonymous' ? undefined : who === 'admin' ? admin.token : who === 'self' ? owner.token : other.token;

async function send(who: Who, r: Request) {
  if (r.upload) {
    const form = multipart([{ data: png }]);
    const headers: Record<string, string> = { 'content-type': form.contentType };
    const token = tokenOf(who);
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await t.inject({ method: 'POST', url: r.url, headers, payload: form.body });
    return { status: res.statusCode, json: res.json(), res };
  }
  return t.call(r.method, r.url, { token: tokenOf(who), body: r.body });
}

describe.each(rows)('$name', (row) => {
  for (const who of ['anonymous', 'other', 'admin', 'self'] as const) {
    const status = row.expect[who];
    if (status === undefined) continue;
    test(`${who} → ${status}`, async () => {
      const request = await row.request(who);
      const before = status >= 400 ? await rewardsSnapshot(t) : null;
      const r = await send(who, request);
      expect(r.status, JSON.stringify(r.json ?? r.res.body.slice(0, 200))).toBe(status);
      if (status >= 400) {
        expect(r.json.error.code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        expect(await rewardsSnapshot(t)).toEqual(before);
      }
    });
  }
});

describe('tokens and roles', () => {
  test('a bad or expired token is 401 on calls that need a user, and ignored on public reads', async () => {
    const bad = await t.call('GET', '/api/marketplace/wallets/me', { token: 'not-a-real-token-at-all' });
    expect([bad.status, bad.json.error.code]).toEqual([401, 'UNAUTHORIZED']);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', other.id)
      .execute();
    const expired = await t.call('GET', '/api/marketplace/wallets/me', { token: other.token });
    expect([expired.status, expired.json.error.code]).toEqual([401, 'TOKEN_EXPIRED']);
    expect((await t.call('GET', '/api/marketplace/products', { token: 'not-a-real-token-at-all' })).status).toBe(200);
  });

  test('the token is checked before the body: malformed bodies get 401 or 403, not 400', async () => {
    const anonymous = await t.call('POST', '/api/marketplace/purchases', { body: { price: 'free' } });
    expect([anonymous.status, anonymous.json.error.code]).toEqual([401, 'UNAUTHORIZED']);
    const [newcomer] = await accounts(t, 1);
    const player = await t.call('POST', '/api/marketplace/products', { token: newcomer.token, body: { price: -1 } });
    expect([player.status, player.json.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  test('the agency admin role has the same rights as SiteAdmin', async () => {
    const [agency] = await accounts(t, 1);
    await t.makeAdmin(agency.id, `${t.config.agencyName}Admin`);
    expect((await t.call('GET', '/api/marketplace/dashboard/overview', { token: agency.token })).status).toBe(200);
    const [moderator] = await accounts(t, 1);
    await t.makeAdmin(moderator.id, 'Moderator');
    expect((await t.call('GET', '/api/marketplace/dashboard/overview', { token: moderator.token })).status).toBe(403);
  });
});
