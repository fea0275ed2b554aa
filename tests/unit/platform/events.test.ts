import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../../src/platform/db/database.ts';
import { EventBus } from '../../../src/platform/events.ts';
import { withTransaction, type ServiceContext } from '../../../src/platform/context.ts';
import type { EarnedBadgeInfo } from '../../../src/platform/schemas.ts';

// events only this test announces: the bus is typed by what features declare
declare module '../../../src/platform/events.ts' {
  interface DomainEvents {
    'test.happened': { n: number };
    'test.unheard': { n: number };
    'test.many': { userIds: string[] };
  }
  interface EventAnswers {
    'test.many': { userId: string; badge: EarnedBadgeInfo };
  }
}

/**
 * The event bus (src/platform/events.ts): listeners run in the order they were registered, in the
 * announcer's context; their badges are gathered for the announcer; a listener that throws makes the
 * announcement throw, so the announcer's transaction rolls back with everything the listeners wrote.
 */
let db: Db;
beforeAll(async () => {
  db = await openDatabase('sqlite::memory:');
  await sql`create table happenings (what text not null)`.execute(db.kysely);
});
afterAll(() => db?.close());

const badge = (slug: string): EarnedBadgeInfo => ({
  slug,
  name: slug,
  description: '',
  icon: '',
  credits: 10,
  translations: { it: { name: slug, description: '' }, en: { name: slug, description: '' } },
});

/** A context with just the database: the bus and withTransaction use nothing else. */
const contextOf = (events: EventBus<ServiceContext>) => ({ db, events }) as unknown as ServiceContext;

const happenings = async () =>
  (await sql<{ what: string }>`select what from happenings`.execute(db.kysely)).rows.map((r) => r.what);
const note = (ctx: ServiceContext, what: string) =>
  sql`insert into happenings (what) values (${what})`.execute(ctx.db.kysely);

describe('EventBus', () => {
  it('runs the listeners of an event one after another, in the order they were registered', async () => {
    const bus = new EventBus<ServiceContext>();
    const heard: string[] = [];
    bus.on('test.happened', async (_ctx, e) => {
      await new Promise((r) => setTimeout(r, 5));
      heard.push(`first ${e.n}`);
      return undefined;
    });
    bus.on('test.happened', async (_ctx, e) => {
      heard.push(`second ${e.n}`);
      return undefined;
    });
    expect(await bus.emit(contextOf(bus), 'test.happened', { n: 7 })).toEqual([]);
    expect(heard).toEqual(['first 7', 'second 7']);
  });

  it('gathers the badges every listener answered, in order; an event nobody hears earns none', async () => {
    const bus = new EventBus<ServiceContext>();
    bus.on('test.happened', async () => [badge('a'), badge('b')]);
    bus.on('test.happened', async () => undefined);
    bus.on('test.happened', async () => [badge('c')]);
    const earned = await bus.emit(contextOf(bus), 'test.happened', { n: 1 });
    expect(earned.map((b) => b.slug)).toEqual(['a', 'b', 'c']);
    expect(await bus.emit(contextOf(bus), 'test.unheard', { n: 1 })).toEqual([]);
  });

  it('an event that declares its answer gathers it: the badges of many players, each naming its player', async () => {
    const bus = new EventBus<ServiceContext>();
    bus.on('test.many', async (_ctx, e) => e.userIds.map((userId) => ({ userId, badge: badge(`top-${userId}`) })));
    bus.on('test.many', async (_ctx, e) => [{ userId: e.userIds[0]!, badge: badge('winner') }]);
    const earned = await bus.emit(contextOf(bus), 'test.many', { userIds: ['u1', 'u2'] });
    expectTypeOf(earned).toEqualTypeOf<{ userId: string; badge: EarnedBadgeInfo }[]>();
    expect(earned.map((e) => [e.userId, e.badge.slug])).toEqual([
      ['u1', 'top-u1'],
      ['u2', 'top-u2'],
      ['u1', 'winner'],
    ]);
    // an event without a declared answer still gathers badges
    expectTypeOf(await bus.emit(contextOf(bus), 'test.happened', { n: 1 })).toEqualTypeOf<EarnedBadgeInfo[]>();
    // @ts-expect-error -- a listener of such an event must name the player of each badge
    bus.on('test.many', async () => [badge('nameless')]);
  });

  it("hands each listener the announcer's context: inside a transaction, the listener writes in it", async () => {
    const bus = new EventBus<ServiceContext>();
    bus.on('test.happened', async (ctx, e) => {
      await note(ctx, `listener ${e.n}`);
      return undefined;
    });
    await withTransaction(contextOf(bus), async (tx) => {
      await note(tx, 'announcer 1');
      await tx.events.emit(tx, 'test.happened', { n: 1 });
    });
    expect(await happenings()).toEqual(['announcer 1', 'listener 1']);
    await sql`delete from happenings`.execute(db.kysely);
  });

  it("a listener that throws rejects the announcement, and the announcer's transaction rolls back", async () => {
    const bus = new EventBus<ServiceContext>();
    const later: number[] = [];
    bus.on('test.happened', async (ctx, e) => {
      await note(ctx, `listener ${e.n}`);
      return [badge('lost')];
    });
    bus.on('test.happened', async () => {
      throw new Error('refused');
    });
    bus.on('test.happened', async (_ctx, e) => {
      later.push(e.n);
      return undefined;
    });
    const announced = withTransaction(contextOf(bus), async (tx) => {
      await note(tx, 'announcer 2');
      return tx.events.emit(tx, 'test.happened', { n: 2 });
    });
    await expect(announced).rejects.toThrow('refused');
    // neither the announcer's write nor the first listener's survived, and the listener after the throw never ran
    expect(await happenings()).toEqual([]);
    expect(later).toEqual([]);
  });
});
