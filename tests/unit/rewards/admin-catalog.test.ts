import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  CODE_PATTERN,
  giveawayInputSchema,
  giveawayTypes,
  giveawayUpdateSchema,
  productInputSchema,
  type Product,
} from '../../../src/features/rewards/contract.ts';
import { MAX_IMAGE_BYTES } from '../../../src/platform/storage/media-contract.ts';
import {
  giveawayBody,
  giveawayValues,
  productBody,
  productValues,
} from '../../../src/features/rewards/ui/admin/form-values.ts';
import { CODE_ALPHABET, generateGiveawayCode } from '../../../src/features/rewards/ui/admin/giveaway-code.ts';
import { isTooLarge, uploadImage } from '../../../src/platform/browser/upload.ts';
import it from '../../../locales/it/rewards-admin.json' with { type: 'json' };
import en from '../../../locales/en/rewards-admin.json' with { type: 'json' };
import { allSources } from '../helpers/sources.ts';

const sources = allSources();
const lookup = (dict: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], dict);

describe('admin-catalog texts', () => {
  test('every key the catalog sections use exists in both locales', () => {
    const keys = new Set([...sources.matchAll(/'rewardsAdmin\.([A-Za-z_.]+[A-Za-z_])'/g)].map((m) => m[1]));
    for (const type of giveawayTypes) keys.add(`giveawayTypes.${type}`);
    for (const state of ['active', 'used_up', 'expired']) keys.add(`giveawayStates.${state}`);
    expect(keys.size).toBeGreaterThan(40);
    // a list names its texts' namespace once (`ns = 'rewardsAdmin.giveaways'`): that key is a group of texts
    const namespaces = new Set(
      [...sources.matchAll(/\bns\s*[:=]\s*'rewardsAdmin\.([A-Za-z_.]+[A-Za-z_])'/g)].map((m) => m[1]),
    );
    for (const key of keys) {
      const kind = namespaces.has(key) ? 'object' : 'string';
      expect(typeof lookup(it, key), `it ${key}`).toBe(kind);
      expect(typeof lookup(en, key), `en ${key}`).toBe(kind);
    }
  });

  test('the delete and save toasts carry their variables in both locales', () => {
    for (const dict of [it, en]) {
      expect(dict.products.deleted).toContain('{name}');
      expect(dict.giveaway.saveSuccess).toContain('{code}');
      expect(dict.giveaways.deleted).toContain('{code}');
    }
    expect(en.products.deleted).toBe('{name} deleted');
  });
});

describe('generateGiveawayCode', () => {
  test('ten characters of the unambiguous upper-case alphabet, accepted by the schema', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateGiveawayCode();
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      expect(code).toMatch(CODE_PATTERN);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(new Set(Array.from({ length: 50 }, () => generateGiveawayCode())).size).toBe(50);
  });

  test('bytes past the last full multiple of the alphabet are drawn again (no modulo bias)', () => {
    const limit = 256 - (256 % CODE_ALPHABET.length);
    let call = 0;
    const random = (bytes: Uint8Array) => {
      call++;
      bytes.fill(call === 1 ? limit : 0); // the first batch is all rejected
      return bytes;
    };
    expect(generateGiveawayCode(6, random)).toBe(CODE_ALPHABET[0].repeat(6));
    expect(call).toBe(2);
  });

  test('uses crypto.getRandomValues, never Math.random', () => {
    const spy = vi.spyOn(Math, 'random');
    generateGiveawayCode();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('image upload', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = (size: number) => new File([new Uint8Array(size)], 'x.png', { type: 'image/png' });

  test('the 2 MB limit is inclusive', () => {
    expect(isTooLarge({ size: MAX_IMAGE_BYTES })).toBe(false);
    expect(isTooLarge({ size: MAX_IMAGE_BYTES + 1 })).toBe(true);
  });

  test('an oversized file is refused without a call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await uploadImage(file(MAX_IMAGE_BYTES + 1), 'Nexus')).toEqual({
      ok: false,
      reason: 'tooLarge',
      code: 'IMAGE_TOO_LARGE',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('posts one multipart field "file" to /api/media/{agency} and returns the url', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: 'SUCCESS', data: { bucket: 'Nexus', name: 'a.png', url: '/media/Nexus/a.png' } }),
          { status: 201 },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: true, url: '/media/Nexus/a.png' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/media/Nexus');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  test('without url the address is built from bucket and name', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'SUCCESS', data: { bucket: 'Nexus', name: 'b.png' } }), { status: 201 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: true, url: '/media/Nexus/b.png' });
  });

  // a non-image is invalid, a 413 tooLarge, anything else failed with its code
  test('one set of reasons for every form: invalid, tooLarge, or failed with its code', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 'ERROR', error: { code: 'INVALID_IMAGE' } }), { status: 400 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'invalid', code: 'INVALID_IMAGE' });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'SUCCESS', data: {} }), { status: 201 }));
    expect(await uploadImage(file(10), 'Nexus')).toMatchObject({ ok: false, reason: 'failed' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'failed', code: 'NETWORK_ERROR' });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'ERROR', error: { code: 'IMAGE_TOO_LARGE' } }), { status: 413 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'tooLarge', code: 'IMAGE_TOO_LARGE' });
    // the codes that name what happened stay with their reason
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 'ERROR', error: { code: 'IMAGE_DAMAGED' } }), { status: 400 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'invalid', code: 'IMAGE_DAMAGED' });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 'ERROR', error: { code: 'IMAGE_TOO_MANY_PIXELS' } }), { status: 413 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({
      ok: false,
      reason: 'tooLarge',
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
    // a 413 from a proxy, without our envelope, is the bytes
    vi.stubGlobal('fetch', async () => new Response('<html>413</html>', { status: 413 }));
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'tooLarge', code: 'IMAGE_TOO_LARGE' });
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 'ERROR', error: { code: 'UNAUTHORIZED' } }), { status: 401 }),
    );
    expect(await uploadImage(file(10), 'Nexus')).toEqual({ ok: false, reason: 'failed', code: 'UNAUTHORIZED' });
  });
});

describe('catalog form bodies', () => {
  const product: Product = {
    _id: 'p1',
    name: 'Hoodie',
    description: '',
    price: 100,
    quantity: 2,
    brand: 'arena',
    image: '/media/Nexus/h.png',
    owner: 'arena-demo',
    createdAt: '',
    updatedAt: '',
    translations: { it: { name: 'Hoodie', description: '' }, en: { name: '', description: '' } },
  };

  test('product: an empty brand keeps the product brand; empty numbers and image are required', () => {
    const values = { ...productValues(product), brand: '  ' };
    expect(productBody(values, product)).toMatchObject({ brand: 'arena', price: 100, quantity: 2 });
    const empty = productInputSchema.safeParse(productBody({ ...productValues(null), quantity: '' }, null));
    expect(empty.success).toBe(false);
    const paths = empty.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'price', 'quantity', 'image']));
    expect(productInputSchema.safeParse(productBody({ ...productValues(product), price: '-1' }, product)).success).toBe(
      false,
    );
    expect(
      productInputSchema.safeParse(productBody({ ...productValues(product), quantity: '0' }, product)).success,
    ).toBe(false);
  });

  test('giveaway: maxUses required when limited, expiresAt when timed, credits at least 1', () => {
    const base = { ...giveawayValues(null), token: 'abc12345', credits: '10' };
    expect(giveawayInputSchema.safeParse(giveawayBody(base, false)).success).toBe(true);
    const limited = giveawayInputSchema.safeParse(giveawayBody({ ...base, type: 'limited' }, false));
    expect(limited.error?.issues.map((i) => i.path.join('.'))).toEqual(['maxUses']);
    const timed = giveawayInputSchema.safeParse(giveawayBody({ ...base, type: 'timed' }, false));
    expect(timed.error?.issues.map((i) => i.path.join('.'))).toEqual(['expiresAt']);
    expect(giveawayInputSchema.safeParse(giveawayBody({ ...base, credits: '0' }, false)).success).toBe(false);
    // fields of another type are sent as null
    expect(
      giveawayBody({ ...base, type: 'infinite', maxUses: '5', expiresAt: '2030-01-01T10:00' }, false),
    ).toMatchObject({ maxUses: null, expiresAt: null });
    const timedBody = giveawayBody({ ...base, type: 'timed', expiresAt: '2030-01-01T10:00' }, false);
    expect(giveawayInputSchema.parse(timedBody).expiresAt).toBe(new Date(2030, 0, 1, 10, 0).toISOString());
  });

  test('giveaway: editing leaves the code out of the body', () => {
    const body = giveawayBody({ ...giveawayValues(null), token: 'NEWCODE', credits: '5' }, true);
    expect(body).not.toHaveProperty('token');
    expect(giveawayUpdateSchema.safeParse(body).success).toBe(true);
  });
});
