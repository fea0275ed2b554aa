import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CREDITS } from '../../../src/features/rewards/contract.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, rewardsApi, type Account } from '../helpers/rewards.ts';
import { expectError } from '../helpers/expect-error.ts';
import type { ParsedMail } from '../helpers/mail.ts';

// An admin's own wallet is out of their reach, and every admin credit is told to the site admins.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const adjust = (token: string, userId: string, amount: number, key?: string) => {
  const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
  const body = { amount, reason: 'wallet rule test' };
  return t.call('POST', `/api/marketplace/wallets/${userId}/adjust`, { token, body, headers });
};
const ledger = () => t.db.kysely.selectFrom('wallet_transactions').select('amount');
const ledgerOf = (userId: string) => ledger().where('user_id', '=', userId).execute();

/** Leaves exactly these accounts as SiteAdmins, so who is told is known. */
async function onlySiteAdmins(...ids: string[]) {
  for (const u of await t.db.kysely.selectFrom('users').select(['id', 'roles']).execute()) {
    const roles = (JSON.parse(u.roles) as string[]).filter((r) => r !== 'SiteAdmin');
    await UserRepository.setRoles(t.db.kysely, u.id, ids.includes(u.id) ? [...roles, 'SiteAdmin'] : roles);
  }
}

async function agencyAdmin(): Promise<Account> {
  const [a] = await accounts(t, 1);
  await t.makeAdmin(a.id, `${t.config.agencyName}Admin`);
  return a;
}

/** The SiteAdmins, and only them: one reads Italian, one English, and a blocked one who is told nothing. */
async function siteAdminsToTell() {
  const [siteIt, siteEn, blocked] = await accounts(t, 3);
  await t.db.kysely.updateTable('users').set({ language: 'en' }).where('id', '=', siteEn.id).execute();
  const blockedAt = new Date().toISOString();
  await t.db.kysely.updateTable('users').set({ blocked_at: blockedAt }).where('id', '=', blocked.id).execute();
  await onlySiteAdmins(siteIt.id, siteEn.id, blocked.id);
  return { siteIt, siteEn };
}

/** The two active SiteAdmins' mails, after checking that they, and nobody else, got one. */
function mailsOfBoth(mails: ParsedMail[], siteIt: Account, siteEn: Account) {
  const told = [siteEn, siteIt].map((a) => `${a.username}@example.com`);
  expect(mails.map((m) => m.to).sort()).toEqual(told.sort());
  const it = mails.find((m) => m.to.includes(siteIt.username))!;
  const en = mails.find((m) => m.to.includes(siteEn.username))!;
  return { it, en };
}

describe('nobody credits or debits their own wallet', () => {
  test.each([
    ['the agency admin', agencyAdmin],
    ['a SiteAdmin', async () => (await accounts(t, 1, { admin: true }))[0]],
  ])('%s: 403 WALLET_SELF_ADJUST for a credit or a debit, Idempotency-Key or not; nothing booked', async (_, make) => {
    const self = await make();
    expectError(await adjust(self.token, self.id, 500), 403, 'WALLET_SELF_ADJUST');
    expectError(await adjust(self.token, self.id, 500, 'self-credit-key'), 403, 'WALLET_SELF_ADJUST');
    expectError(await adjust(self.token, self.id, -5), 403, 'WALLET_SELF_ADJUST');
    expect(await ledgerOf(self.id)).toEqual([]);
  });

  test("another admin may credit an admin's wallet", async () => {
    const [site] = await accounts(t, 1, { admin: true });
    const agency = await agencyAdmin();
    const r = await adjust(site.token, agency.id, 50);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.wallet.balance).toBe(50);
  });
});

describe('nor through a manual badge that pays', () => {
  const award = (token: string, slug: string, userId?: string) =>
    t.call('POST', `/api/marketplace/badges/trigger/${slug}`, { token, body: userId ? { userId } : {} });

  test('an admin awarding themselves a manual badge with credits: 403 WALLET_SELF_ADJUST, nothing booked', async () => {
    const self = await agencyAdmin();
    const slug = `self_pay_${self.id.slice(0, 8)}`;
    await rewardsApi(t, self.token).badge({ slug, trigger: 'manual', reward: 40_000 });
    expectError(await award(self.token, slug, self.id), 403, 'WALLET_SELF_ADJUST');
    expectError(await award(self.token, slug), 403, 'WALLET_SELF_ADJUST');
    expect(await ledgerOf(self.id)).toEqual([]);
    expect(await t.db.kysely.selectFrom('user_badges').selectAll().where('user_id', '=', self.id).execute()).toEqual(
      [],
    );

    // another admin may award it to them, and they may award it to a player
    const [site, player] = await accounts(t, 2);
    await t.makeAdmin(site.id, 'SiteAdmin');
    const byOther = await award(site.token, slug, self.id);
    expect(byOther.status, JSON.stringify(byOther.json)).toBe(200);
    expect(byOther.json.data.awarded).toBe(true);
    expect((await award(self.token, slug, player.id)).status).toBe(200);
  });

  test('a manual badge without credits an admin may give themselves', async () => {
    const self = await agencyAdmin();
    const slug = `self_free_${self.id.slice(0, 8)}`;
    await rewardsApi(t, self.token).badge({ slug, trigger: 'manual' });
    expect((await award(self.token, slug)).status).toBe(200);
  });
});

describe('nor through a giveaway code of their own', () => {
  const redeem = (token: string, code: string) =>
    t.call('POST', '/api/marketplace/giveaways/redeem', { token, body: { token: code } });

  test("the code's creator redeeming it: 403 WALLET_SELF_ADJUST, nothing booked; anyone else redeems it", async () => {
    const self = await agencyAdmin();
    const code = await rewardsApi(t, self.token).giveaway({ credits: 50_000, type: 'limited', maxUses: 2 });
    expectError(await redeem(self.token, code.token), 403, 'WALLET_SELF_ADJUST');
    expect(await ledgerOf(self.id)).toEqual([]);

    const [player, site] = await accounts(t, 2);
    await t.makeAdmin(site.id, 'SiteAdmin');
    expect((await redeem(player.token, code.token)).status).toBe(200);
    // another admin's code pays the first one as it pays a player
    const other = await rewardsApi(t, site.token).giveaway({ credits: 70 });
    const res = await redeem(self.token, other.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.balance).toBe(70);
  });
});

describe('every admin credit is told to the site admins', () => {
  test("an agency admin's credit mails each active SiteAdmin in their language; not a blocked one", async () => {
    const { siteIt, siteEn } = await siteAdminsToTell();
    const agency = await agencyAdmin();
    const [player] = await accounts(t, 1);
    const before = (await t.outbox()).length;

    expect((await adjust(agency.token, player.id, 120)).status).toBe(200);
    const mails = (await t.outbox()).slice(before);
    const { it, en } = mailsOfBoth(mails, siteIt, siteEn);
    expect(it.subject).toBe(`Portafoglio accreditato da ${agency.username}: 120 crediti a ${player.username}`);
    expect(en.subject).toBe(`Wallet credited by ${agency.username}: 120 credits to ${player.username}`);
    expect(en.text).toContain('wallet rule test');
    expect(en.text).toContain(`/en/dashboard/users/view?id=${player.id}`);
  });

  test("a SiteAdmin's credit is told to the other SiteAdmins; a replay or a debit mails nothing more", async () => {
    const [actor, other] = await accounts(t, 2);
    await onlySiteAdmins(actor.id, other.id);
    const [player] = await accounts(t, 1);
    const before = (await t.outbox()).length;

    expect((await adjust(actor.token, player.id, 30, 'credit-once')).status).toBe(200);
    const replay = await adjust(actor.token, player.id, 30, 'credit-once');
    expect(replay.status).toBe(200);
    expect(replay.res.headers['idempotent-replayed']).toBe('true');
    expect((await adjust(actor.token, player.id, -10)).status).toBe(200);

    const mails = (await t.outbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([`${other.username}@example.com`]);
  });

  test("an admin's award of a manual badge that pays is told as a credit is, in each reader's language", async () => {
    const { siteIt, siteEn } = await siteAdminsToTell();
    const agency = await agencyAdmin();
    const api = rewardsApi(t, agency.token);
    const slug = `hero_${agency.id.slice(0, 8)}`;
    await api.badge({ slug, trigger: 'manual', reward: 35, name: 'Eroe della settimana' });
    await t.db.kysely.updateTable('badges').set({ name_en: 'Hero of the week' }).where('slug', '=', slug).execute();
    const unpaid = `thanks_${agency.id.slice(0, 8)}`;
    await api.badge({ slug: unpaid, trigger: 'manual' });
    const [player] = await accounts(t, 1);
    const award = (badge: string) =>
      t.call('POST', `/api/marketplace/badges/trigger/${badge}`, { token: agency.token, body: { userId: player.id } });
    const before = (await t.outbox()).length;

    expect((await award(slug)).json.data).toMatchObject({ awarded: true, credits: 35 });
    await t.mailDrained();
    const mails = (await t.outbox()).slice(before);
    const { it, en } = mailsOfBoth(mails, siteIt, siteEn);
    expect(it.subject).toBe(
      `Badge "Eroe della settimana" assegnato da ${agency.username}: 35 crediti a ${player.username}`,
    );
    expect(en.subject).toBe(`Badge "Hero of the week" awarded by ${agency.username}: 35 credits to ${player.username}`);
    expect(it.text).toContain('saldo di 35');
    expect(en.text).toContain('balance is now 35');
    expect(en.text).toContain(`/en/dashboard/users/view?id=${player.id}`);

    // held already (not reusable), or paying nothing: no credit, no mail
    expect((await award(slug)).json.data.awarded).toBe(false);
    expect((await award(unpaid)).json.data).toMatchObject({ awarded: true, credits: 0 });
    await t.mailDrained();
    expect((await t.outbox()).length).toBe(before + 2);
  });

  test('a credit refused by the ledger (over the ceiling) mails nothing', async () => {
    const [actor, other] = await accounts(t, 2);
    await onlySiteAdmins(actor.id, other.id);
    const [player] = await accounts(t, 1);
    expect((await adjust(actor.token, player.id, MAX_CREDITS)).status).toBe(200);
    const before = (await t.outbox()).length;
    expectError(await adjust(actor.token, player.id, 1), 409, 'BALANCE_LIMIT');
    expect((await t.outbox()).slice(before)).toEqual([]);
  });
});
