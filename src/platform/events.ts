import type { EarnedBadgeInfo } from './schemas.ts';

/**
 * Every event a feature announces, by name, with what it carries. Each feature declares its own events
 * in its contract, by adding to this interface:
 *
 *   declare module '../../platform/events.ts' {
 *     interface DomainEvents { 'accounts.registered': { ownerId: string; userId: string } }
 *   }
 *
 * A feature announces what happened to it; a feature above it in the tree (docs/architecture.md)
 * listens. That is how a lower feature causes work in a higher one without importing it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

/**
 * What the listeners of an event answer, one item at a time, when it is not the badges of the one player the
 * event is about: an event about many players (a finalised tournament) declares here, beside its
 * DomainEvents entry, an answer that names each item's player:
 *
 *   interface EventAnswers { 'results.finalised': { userId: string; badge: EarnedBadgeInfo } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface EventAnswers {}

/** One item of what a listener of `E` answers: the event's declared answer, or else a badge its player earned. */
export type AnswerOf<E extends EventName> = E extends keyof EventAnswers ? EventAnswers[E] : EarnedBadgeInfo;

/**
 * Runs in the announcer's context, so inside its transaction: the listener's writes commit or roll back
 * with the change the event is about. It answers with what the event earned (AnswerOf: by default the badges
 * the player earned), or nothing, which the announcer hands back to the caller (the API shows them with its answer).
 */
export type Listener<Ctx, E extends EventName> = (
  ctx: Ctx,
  event: DomainEvents[E],
) => Promise<readonly AnswerOf<E>[] | undefined>;

/**
 * Listeners by event; the composition root registers them once, at start. `Ctx` is the services'
 * context (src/platform/context.ts), a parameter here so the two modules do not import each other.
 */
export class EventBus<Ctx> {
  private readonly listeners = new Map<EventName, Listener<Ctx, EventName>[]>();

  on<E extends EventName>(name: E, listener: Listener<Ctx, E>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as unknown as Listener<Ctx, EventName>);
    this.listeners.set(name, list);
  }

  /** Runs every listener of `name`, one after another, and gathers what they answered (the badges they awarded). */
  async emit<E extends EventName>(ctx: Ctx, name: E, event: DomainEvents[E]): Promise<AnswerOf<E>[]> {
    const earned: AnswerOf<E>[] = [];
    for (const listener of this.listeners.get(name) ?? []) {
      const got = await (listener as unknown as Listener<Ctx, E>)(ctx, event);
      if (got) earned.push(...got);
    }
    return earned;
  }
}
