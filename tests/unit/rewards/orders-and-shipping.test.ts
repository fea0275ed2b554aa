import { describe, expect, test } from 'vitest';
import itRewards from '../../../locales/it/rewards.json' with { type: 'json' };
import enRewards from '../../../locales/en/rewards.json' with { type: 'json' };
import itErrors from '../../../locales/it/errors.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };
import { isItaly, shippingAddressSchema } from '../../../src/features/rewards/contract.ts';
import { addressLine, idPrefixOfOrderNumber, orderNumberOf } from '../../../src/features/rewards/order-view.ts';
import { textIn } from '../../../src/features/rewards/rewards-format.ts';
import { creditsShort } from '../../../src/features/rewards/shop-rules.ts';
import { ledgerKindOf } from '../../../src/features/rewards/ledger-kind.ts';

const address = {
  first_name: 'Mario',
  last_name: 'Rossi',
  street_name: 'Via Roma 1',
  additional_address_info: '',
  zip_code: '00100',
  city: 'Roma',
  country: 'Italia',
  phone_number: '+39 333 123 4567',
};
const issueOf = (over: Record<string, unknown>) => {
  const r = shippingAddressSchema.safeParse({ ...address, ...over });
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a shipping address a courier can use', () => {
  test('an Italian CAP has exactly five digits, whichever way the country is written', () => {
    for (const country of ['Italia', 'Italy', ' italy ', 'IT'])
      for (const zip of ['0010', '001000', '00I00', '00 100'])
        expect(issueOf({ country, zip_code: zip }), `${country} ${zip}`).toEqual(['zip_code: ZIP_CODE_INVALID']);
    expect(issueOf({ zip_code: '00100' })).toBeNull();
    expect(issueOf({ zip_code: ' 20121 ' })).toBeNull();
    expect(isItaly('Svizzera')).toBe(false);
    // another country keeps its own postcode
    expect(issueOf({ country: 'Svizzera', zip_code: '8001' })).toBeNull();
    expect(issueOf({ country: 'United Kingdom', zip_code: 'SW1A 1AA' })).toBeNull();
  });

  test('the phone is required: digits and spaces, a leading +, 6 to 15 digits', () => {
    for (const phone of ['+39 333 123 4567', '0612345678', '333 1234567', '+44 20 7946 0958'])
      expect(issueOf({ phone_number: phone }), phone).toBeNull();
    expect(issueOf({ phone_number: '' })).toHaveLength(1);
    for (const phone of ['12-345-678', 'call me', '+39 12', '39+333123456', '1'.repeat(16), '+39 (333) 1234567'])
      expect(issueOf({ phone_number: phone }), phone).toEqual(['phone_number: PHONE_INVALID']);
    // '+39 12' breaks no rule but the length: the message names the length, or it reads as wrong
    for (const text of [itErrors.PHONE_INVALID, enErrors.PHONE_INVALID]) expect(text).toMatch(/\b6\b.*\b15\b/);
  });
});

describe('an order as the player reads it', () => {
  test('its number is the day it was bought and the beginning of its id, which the shop searches by', () => {
    const p = { id: '3f9a2c1b-0000-4000-8000-000000000001', createdAt: '2026-11-28T09:15:00.000Z' };
    expect(orderNumberOf(p)).toBe('261128-3F9A2C');
    expect(orderNumberOf({ ...p, createdAt: '2027-01-05T23:59:00.000Z' })).toBe('270105-3F9A2C');
    for (const typed of ['261128-3F9A2C', ' 261128-3f9a2c ', '#3F9A2C', '3f9a2c'])
      expect(idPrefixOfOrderNumber(typed), typed).toBe('3f9a2c');
    for (const typed of ['Felpa', '261128-3F9A2', '3F9A2C1', 'mario'])
      expect(idPrefixOfOrderNumber(typed), typed).toBeNull();
    // a thousand orders of one day rarely share a number
    const numbers = new Set(Array.from({ length: 1000 }, () => orderNumberOf({ ...p, id: crypto.randomUUID() })));
    expect(numbers.size).toBeGreaterThan(995);
  });

  test('where it ships, on one line, leaving out what is empty', () => {
    const phone = (n: string) => `Tel. ${n}`;
    expect(addressLine({ ...address, additional_address_info: 'Scala B' }, 'it', phone)).toBe(
      'Mario Rossi · Via Roma 1, Scala B · 00100 Roma · Italia · Tel. +39 333 123 4567',
    );
    expect(addressLine({ ...address, phone_number: '' }, 'it', phone)).toBe(
      'Mario Rossi · Via Roma 1 · 00100 Roma · Italia',
    );
  });

  test("the country in the page's language, however the player wrote it", () => {
    const line = (country: string, locale: 'it' | 'en') =>
      addressLine({ ...address, country, phone_number: '' }, locale, String);
    for (const country of ['Italy', 'Italia', 'IT']) {
      expect(line(country, 'it'), country).toBe('Mario Rossi · Via Roma 1 · 00100 Roma · Italia');
      expect(line(country, 'en'), country).toBe('Mario Rossi · Via Roma 1 · 00100 Roma · Italy');
    }
    // a name no language knows is shown as typed
    expect(line('Narnia', 'it')).toBe('Mario Rossi · Via Roma 1 · 00100 Roma · Narnia');
  });

  test("a record's text in the page's language: English unless empty, else Italian, else the flat one", () => {
    const tr = { it: { name: 'Cappellino' }, en: { name: 'Cap' } };
    expect(textIn(tr, 'name', 'en', 'x')).toBe('Cap');
    expect(textIn(tr, 'name', 'it', 'x')).toBe('Cappellino');
    expect(textIn({ it: { name: 'Cappellino' }, en: { name: ' ' } }, 'name', 'en', 'x')).toBe('Cappellino');
    expect(textIn(undefined, 'name', 'en', 'Flat')).toBe('Flat');
  });

  test('a prize entry is named a prize, not an admin adjustment', () => {
    expect(ledgerKindOf({ type: 'adjustment', reference: 'prize:t1:u1' })).toBe('prize');
    expect(ledgerKindOf({ type: 'adjustment', reference: null })).toBe('adjustment');
  });
});

describe('the shop says what a player still needs', () => {
  test('the credits missing, when the balance is known to be too low', () => {
    expect(creditsShort(150, 100)).toBe(50);
    expect(creditsShort(100, 100)).toBe(0);
    expect(creditsShort(0, 0)).toBe(0);
    // unknown balance: the server decides
    expect(creditsShort(150, null)).toBe(0);
  });

  test('the texts speak of credits, not tokens, in both languages', () => {
    for (const messages of [itRewards, enRewards]) {
      expect(JSON.stringify(messages)).not.toMatch(/token/i);
      expect(messages.market.needMore.one).toContain('{count}');
    }
    expect(enRewards.market.needMore.other.replace('{count}', '50')).toBe('You need 50 more credits');
    expect(itRewards.market.needMore.other.replace('{count}', '50')).toBe('Ti mancano 50 crediti');
  });
});
