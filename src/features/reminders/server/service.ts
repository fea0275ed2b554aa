import type { ServiceContext } from '../../../platform/context.ts';
import { transaction } from '../../../platform/db/database.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../platform/i18n/date-time.ts';
import { createT, type Locale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { standingsRowSchema, type StandingsRow } from '../../results/contract.ts';
import { eliminationPlacing } from '../../brackets/contract.ts';
import * as Tournaments from '../../tournaments/server/service.ts';
import { finalOutcome } from '../../results/server/finalise-service.ts';
import {
  CHECKIN_CLOSING_LEAD_MS,
  defaultNotificationPreferences,
  preferenceOf,
  RESULTS_MAIL_WINDOW_MS,
  type NotificationPreferences,
  type ReminderKind,
} from '../contract.ts';
import * as ReminderRepository from './repository.ts';

// ---------------------------------------------------------------------------------------------
// the player's choice

export async function preferences(ctx: ServiceContext, userId: string): Promise<NotificationPreferences> {
  const row = await ReminderRepository.preferences(ctx.db.kysely, userId);
  if (!row) return { ...defaultNotificationPreferences };
  return {
    checkinOpen: row.checkin_open === 1,
    checkinClosing: row.checkin_closing === 1,
    resultsFinal: row.results_final === 1,
  };
}

/** A closed account keeps no reminder choices and no record of the reminders it was sent. */
export function forget(ctx: ServiceContext, userId: string): Promise<void> {
  return ReminderRepository.forget(ctx.db.kysely, userId);
}

export async function savePreferences(
  ctx: ServiceContext,
  userId: string,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  await ReminderRepository.savePreferences(ctx.db.kysely, userId, input, new Date().toISOString());
  return preferences(ctx, userId);
}

// ---------------------------------------------------------------------------------------------
// the poll: what is due now, decided by a row per player (reminders_sent), mailed through the
// outbox in the same transaction as that row. Nothing here remembers anything between ticks:
// a restart, or another API process ticking at the same moment, finds the same rows.

/** Tournaments read per query. */
const PAGE = 50;
/** Players decided per transaction. */
const BATCH = 100;
/** Mails queued per tick at most; the rest go on the next one (the windows last longer than a tick). */
const MAX_PER_TICK = 500;

type Person = Awaited<ReturnType<typeof Tournaments.membersToRemind>>[number];
type Reminded = Tournaments.RemindedTournament;

interface TickState {
  now: number;
  budget: number;
  sent: Record<ReminderKind, number>;
}

/**
 * One look at what is due at `now` (the poll calls it every REMINDER_POLL_MS; tests call it with
 * their own clock). Only windows open now count: a tournament whose check-in opened before this
 * feature existed, or while every process was down, gets its reminder only if check-in is still
 * open, never a late "check-in is open" for a window long closed. Answers how many mails it queued.
 */
export async function tick(ctx: ServiceContext, now: number = Date.now()): Promise<Record<ReminderKind, number>> {
  const state: TickState = {
    now,
    budget: MAX_PER_TICK,
    sent: { checkin_open: 0, checkin_closing: 0, results_final: 0 },
  };
  try {
    await forEachPage(
      (after) => Tournaments.checkInsOpen(ctx, now, { after, limit: PAGE }),
      state,
      async (t) => {
        const members = await Tournaments.membersToRemind(ctx, t.id);
        await remind(ctx, state, t, 'checkin_open', members, (p) => checkinOpenMail(ctx, t, p));
        // the last quarter hour of the window: those who have not checked in yet
        if (t.endCheckin && Date.parse(t.endCheckin) - now <= CHECKIN_CLOSING_LEAD_MS) {
          const missing = members.filter((p) => !p.checkedIn);
          await remind(ctx, state, t, 'checkin_closing', missing, (p) => checkinClosingMail(ctx, t, p));
        }
      },
    );
    await forEachPage(
      (after) => Tournaments.finalisedSince(ctx, now - RESULTS_MAIL_WINDOW_MS, { after, limit: PAGE }),
      state,
      async (t) => {
        const standings = standingsRowSchema.array().safeParse(t.finalStandings);
        if (!standings.success) {
          ctx.log.warn({ tournament: t.id }, 'finalised tournament without readable final standings');
          return;
        }
        const members = await Tournaments.membersToRemind(ctx, t.id);
        const placed = placements(standings.data);
        const players = members.flatMap((p) => {
          const row = placed(p);
          return row ? [{ ...p, row }] : [];
        });
        const total = standings.data.length;
        const outcome = await finalOutcome(ctx, t.id);
        await remind(ctx, state, t, 'results_final', players, (p) =>
          resultsMail(ctx, t, p, { row: p.row, total, outcome }),
        );
      },
    );
  } finally {
    // whatever was committed before a failure goes out
    if (state.sent.checkin_open + state.sent.checkin_closing + state.sent.results_final > 0) ctx.mailQueue.wake();
  }
  return state.sent;
}

async function forEachPage<T>(
  read: (after: string) => Promise<Tournaments.ReminderPage<T>>,
  state: TickState,
  each: (t: T) => Promise<void>,
) {
  let after = '';
  for (;;) {
    const page = await read(after);
    for (const t of page.tournaments) {
      if (state.budget <= 0) return;
      await each(t);
    }
    if (page.next === null) return;
    after = page.next;
  }
}

/** A player's line of the final standings: their own (solo) or their team's, whose rank is theirs. */
function placements(rows: StandingsRow[]) {
  const byEntrant = new Map(rows.map((r) => [r.entrantId, r]));
  const byUsername = new Map(rows.flatMap((r) => r.members.map((m) => [m, r] as const)));
  return (p: Person) => byEntrant.get(p.id) ?? byUsername.get(p.username);
}

/**
 * Mails `people` this reminder unless they had it or turned it off. The reads come first (a window
 * open for hours is looked at on every tick); then, per batch, one transaction inserts the rows,
 * and only the players whose row it actually inserted get a mail, queued in that same transaction.
 */
async function remind<P extends Person>(
  ctx: ServiceContext,
  state: TickState,
  t: Reminded,
  kind: ReminderKind,
  people: P[],
  compose: (p: P) => Mail,
) {
  const db = ctx.db.kysely;
  for (let i = 0; i < people.length && state.budget > 0; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    const ids = batch.map((p) => p.id);
    const [had, off] = [
      await ReminderRepository.alreadySent(db, t.id, kind, ids),
      await ReminderRepository.optedOut(db, preferenceOf[kind], ids),
    ];
    const due = batch.filter((p) => !had.has(p.id) && !off.has(p.id)).slice(0, state.budget);
    if (!due.length) continue;
    // written before the transaction, which holds a connection (SQLite's only one) while it runs
    const mails = new Map(due.map((p) => [p.id, compose(p)]));
    const queued = await transaction(db, async (trx) => {
      // asked again inside: a player who opted out a moment ago is not mailed
      const nowOff = await ReminderRepository.optedOut(
        trx,
        preferenceOf[kind],
        due.map((p) => p.id),
      );
      const wanted = due.filter((p) => !nowOff.has(p.id));
      const recorded = new Set(
        await ReminderRepository.record(
          trx,
          t.id,
          kind,
          wanted.map((p) => p.id),
          new Date().toISOString(),
        ),
      );
      await ctx.mailQueue.send(
        wanted.filter((p) => recorded.has(p.id)).map((p) => mails.get(p.id)!),
        trx,
      );
      return recorded.size;
    });
    state.budget -= queued;
    state.sent[kind] += queued;
  }
}

// ---------------------------------------------------------------------------------------------
// the mails, in the player's language

const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

function letter(ctx: ServiceContext, p: Person, subject: string, body: string): Mail {
  const t = createT(messages[p.locale].email);
  const footer = t('reminders.footer', {
    settingsLink: `${ctx.config.publicOrigin}${localePrefix(p.locale)}/settings`,
  });
  return { to: p.email, subject, text: `${body}\n\n--\n${footer}` };
}

/** What a check-in mail says to one player: their name, the tournament's, its page and when check-in closes. */
function checkinVars(ctx: ServiceContext, tournament: Reminded, p: Person) {
  return {
    name: p.name,
    tournament: tournament.name[p.locale],
    link: Tournaments.detailUrl(ctx, tournament.id, p.locale),
    // the tournaments' clock is Italy's (the admin enters Rome times), named: "26 nov 2026, 18:45 CET"
    closes: formatDateTime(tournament.endCheckin, p.locale, { timeZone: SITE_TIME_ZONE, zoneName: true }),
  };
}

function checkinOpenMail(ctx: ServiceContext, tournament: Reminded, p: Person): Mail {
  const t = createT(messages[p.locale].email);
  const vars = checkinVars(ctx, tournament, p);
  let body = t('reminders.checkinOpen.text', vars);
  // the calendar speaks the mail's language (its name and the page it links), not the browser's that opens it
  if (tournament.calendarUrl)
    body += `\n\n${t('reminders.checkinOpen.calendar', { calendar: `${tournament.calendarUrl}?lang=${p.locale}` })}`;
  return letter(ctx, p, t('reminders.checkinOpen.subject', vars), body);
}

function checkinClosingMail(ctx: ServiceContext, tournament: Reminded, p: Person): Mail {
  const t = createT(messages[p.locale].email);
  const vars = checkinVars(ctx, tournament, p);
  return letter(ctx, p, t('reminders.checkinClosing.subject', vars), t('reminders.checkinClosing.text', vars));
}

type Outcome = Awaited<ReturnType<typeof finalOutcome>>;

/** The results mail's closing lines: the credits the player won (when any) and who made the results final. */
function outcomeLines(t: ReturnType<typeof createT>, p: Person, outcome: Outcome, locale: Locale): string {
  const credits = outcome.credits.get(p.id);
  const lines = [
    credits
      ? t('reminders.resultsOutcome.credits', { credits: credits.toLocaleString(locale, { useGrouping: true }) })
      : '',
    outcome.finalisedBy ? t('reminders.resultsOutcome.finalisedBy', { admin: outcome.finalisedBy }) : '',
  ].filter(Boolean);
  return lines.length ? `\n\n${lines.join('\n')}` : '';
}

/** How a player finished a tournament, for their results mail: their standings row among `total`, what it paid. */
interface Finish {
  row: StandingsRow;
  total: number;
  outcome: Outcome;
}

function resultsMail(ctx: ServiceContext, tournament: Reminded, p: Person, finish: Finish): Mail {
  if (tournament.format !== 'battle_royale') return bracketResultsMail(ctx, tournament, p, finish);
  const { row, total, outcome } = finish;
  const t = createT(messages[p.locale].email);
  const vars = {
    name: p.name,
    tournament: tournament.name[p.locale],
    rank: row.rank,
    total,
    points: row.points,
    link: `${Tournaments.detailUrl(ctx, tournament.id, p.locale)}/standings`,
  };
  const body = t('reminders.resultsFinal.text', vars) + outcomeLines(t, p, outcome, p.locale);
  return letter(ctx, p, t('reminders.resultsFinal.subject', vars), body);
}

/**
 * A bracket's results: a bracket has no points, so the mail tells how far the player went (single
 * elimination: champion, finalist, semi-finalist, out in round N; a round robin or any other place:
 * the rank) and links to the bracket page, not to the standings.
 */
function bracketResultsMail(ctx: ServiceContext, tournament: Reminded, p: Person, finish: Finish): Mail {
  const { row, total, outcome } = finish;
  const t = createT(messages[p.locale].email);
  const placing = tournament.format === 'single_elimination' ? eliminationPlacing(row.rank, total) : null;
  const base = { tournament: tournament.name[p.locale], rank: row.rank, total };
  const told =
    placing === null
      ? t('reminders.resultsFinalBracket.placing.rank', base)
      : placing.kind === 'out'
        ? t('reminders.resultsFinalBracket.placing.out', { round: placing.round })
        : t(`reminders.resultsFinalBracket.placing.${placing.kind}`);
  const vars = {
    ...base,
    name: p.name,
    placing: told,
    link: `${Tournaments.detailUrl(ctx, tournament.id, p.locale)}/bracket`,
  };
  return letter(
    ctx,
    p,
    t('reminders.resultsFinalBracket.subject', vars),
    t('reminders.resultsFinalBracket.text', vars) + outcomeLines(t, p, outcome, p.locale),
  );
}
