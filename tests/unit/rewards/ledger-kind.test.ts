import { expect, test } from 'vitest';
import { ledgerKindOf, prizeReference } from '../../../src/features/rewards/ledger-kind.ts';
import { messages } from '../../../src/platform/i18n/messages.ts';

test("a tournament prize reads as a prize, not as an admin's adjustment; every other entry keeps its type", () => {
  expect(ledgerKindOf({ type: 'adjustment', reference: prizeReference('t1', 'u1') })).toBe('prize');
  expect(ledgerKindOf({ type: 'adjustment', reference: null })).toBe('adjustment');
  expect(ledgerKindOf({ type: 'badge', reference: 'badge:b1' })).toBe('badge');
  // a purchase whose id happened to start like a prize reference is still a purchase
  expect(ledgerKindOf({ type: 'purchase', reference: 'prize:odd' })).toBe('purchase');
});

test('the prize has its label in both languages, on the wallet page and in the dashboard', () => {
  for (const locale of ['it', 'en'] as const) {
    expect(messages[locale].rewards.wallet.types.prize).toMatch(/\S/);
    expect(messages[locale].rewardsAdmin.transactionTypes.prize).toMatch(/\S/);
  }
});
