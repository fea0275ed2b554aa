import { describe, expect, test } from 'vitest';
import {
  adjustInputSchema,
  badgeUpdateSchema,
  giveawayInputSchema,
  giveawayUpdateSchema,
  normalizeCode,
  productInputSchema,
  productListQuerySchema,
  purchaseInputSchema,
  shippingAddressSchema,
} from '../../../src/features/rewards/contract.ts';
import { detectFormat, isPolyglot } from '../../../src/platform/storage/media-service.ts';

const address = {
  first_name: 'Mario',
  last_name: 'Rossi',
  street_name: 'Via Roma 1',
  zip_code: '20121',
  city: 'Milano',
  country: 'Italia',
  phone_number: '+39 02 1234 5678',
};
const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('giveaway schemas (credits at least 1, maxUses when limited, expiresAt when timed, the code)', () => {
  test.each([
    [{ token: 'WELCOME1', credits: 1, type: 'infinite' }, true],
    [{ token: 'WELCOME1', credits: 0, type: 'infinite' }, false],
    [{ token: 'LIMITED1', credits: 5, type: 'limited' }, false],
    [{ token: 'LIMITED1', credits: 5, type: 'limited', maxUses: 1 }, true],
    [{ token: 'TIMEDCODE', credits: 5, type: 'timed' }, false],
    [{ token: 'TIMEDCODE', credits: 5, type: 'timed', expiresAt: '2026-12-01T18:00:00.000Z' }, true],
    [{ token: 'TIMEDCODE', credits: 5, type: 'timed', expiresAt: '2026-12-01T18:00' }, false],
    [{ token: 'no spaces', credits: 5, type: 'infinite' }, false],
    [{ token: '', credits: 5, type: 'infinite' }, false],
    // a new code is at least 8 characters: a 4-letter code can be guessed in seconds
    [{ token: 'SEVEN77', credits: 5, type: 'infinite' }, false],
    [{ token: 'EIGHT888', credits: 5, type: 'infinite' }, true],
  ])('%j → %s', (input, valid) => expect(ok(giveawayInputSchema, input)).toBe(valid));

  test('codes are upper-cased and trimmed; the edit schema has no code', () => {
    expect(giveawayInputSchema.parse({ token: ' summer_25 ', credits: 5, type: 'infinite' }).token).toBe('SUMMER_25');
    expect(normalizeCode(' abc ')).toBe('ABC');
    expect('token' in giveawayUpdateSchema.parse({ token: 'X', credits: 5, type: 'infinite' })).toBe(false);
  });
});

describe('purchase and address schemas', () => {
  test('all address fields but additional_address_info are required and trimmed', () => {
    expect(shippingAddressSchema.parse(address).additional_address_info).toBe('');
    for (const field of Object.keys(address))
      expect(ok(shippingAddressSchema, { ...address, [field]: '  ' }), field).toBe(false);
  });

  test("a purchase body may name the price the player saw (checked against the database's), never credits", () => {
    expect(ok(purchaseInputSchema, { productId: 'p1', shippingAddress: address })).toBe(true);
    expect(ok(purchaseInputSchema, { productId: 'p1', shippingAddress: address, price: 10 })).toBe(true);
    expect(ok(purchaseInputSchema, { productId: 'p1', price: 10 })).toBe(true);
    expect(ok(purchaseInputSchema, { productId: 'p1', shippingAddress: address, price: -1 })).toBe(false);
    expect(ok(purchaseInputSchema, { productId: 'p1', shippingAddress: address, price: 1.5 })).toBe(false);
    expect(ok(purchaseInputSchema, { productId: 'p1', shippingAddress: address, credits: 10 })).toBe(false);
  });
});

describe('product, badge and adjustment schemas', () => {
  test.each([
    [{ name: 'Felpa', price: 0, quantity: 1, image: '/media/Nexus/a.png' }, true],
    [{ name: 'Felpa', price: -1, quantity: 1, image: '/media/Nexus/a.png' }, false],
    [{ name: 'Felpa', price: 1, quantity: 0, image: '/media/Nexus/a.png' }, false],
    [{ name: 'Felpa', price: 1, quantity: 1, image: '' }, false],
    [{ name: '', price: 1, quantity: 1, image: 'https://cdn.example/a.png' }, false],
  ])('product %j → %s', (input, valid) => expect(ok(productInputSchema, input)).toBe(valid));

  test('list queries coerce text and bound it', () => {
    expect(productListQuerySchema.parse({ limit: '5', page: '2' })).toMatchObject({
      limit: 5,
      page: 2,
      availability: 'all',
    });
    expect(ok(productListQuerySchema, { limit: '0' })).toBe(false);
  });

  test('badge rewards are whole and not negative; adjustments are whole, non-zero and have a reason', () => {
    expect(ok(badgeUpdateSchema, { rewardAmount: 0 })).toBe(true);
    expect(ok(badgeUpdateSchema, { rewardAmount: -1 })).toBe(false);
    expect(ok(adjustInputSchema, { amount: -5, reason: 'fix' })).toBe(true);
    expect(ok(adjustInputSchema, { amount: 0, reason: 'fix' })).toBe(false);
    expect(ok(adjustInputSchema, { amount: 5, reason: ' ' })).toBe(false);
  });
});

describe('image checks by content', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    // one empty chunk (length, type and CRC all zero), then the end
    Buffer.alloc(12),
    Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  ]);
  test('magic bytes decide the format', () => {
    expect(detectFormat(png)).toBe('png');
    expect(detectFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectFormat(Buffer.from('GIF89a....'))).toBe('gif');
    expect(detectFormat(Buffer.from('RIFF\u0004\u0000\u0000\u0000WEBP'))).toBe('webp');
    expect(detectFormat(Buffer.from('<svg/>'))).toBeNull();
  });
  test('data after the end of the image, or markup inside it, makes a polyglot', () => {
    expect(isPolyglot(png, 'png')).toBe(false);
    expect(isPolyglot(Buffer.concat([png, Buffer.from('PK')]), 'png')).toBe(true);
    expect(isPolyglot(Buffer.concat([png.subarray(0, 10), Buffer.from('<script>'), png.subarray(10)]), 'png')).toBe(
      true,
    );
  });
});
