import sharp from 'sharp';
import type { ServiceContext } from '../../../platform/context.ts';
import { CAMPAIGN_SLUG, SEASON_NOTE } from '../contract.ts';
import { mediaUrl } from '../../../platform/storage/media-contract.ts';
import * as CampaignRepository from './repository.ts';
import { getCampaign } from './service.ts';
import { pixelHash } from '../../../platform/storage/pixel-hash.ts';
import { contentName } from '../../../platform/storage/media-storage.ts';

export interface CampaignSeedPlayer {
  id: string;
  /** the in-game name typed in the upload modal */
  name: string;
  email: string;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Midnight in Rome of the day `days` after the day of `now`: the campaign's windows are whole Rome days. */
export function romeMidnight(now: Date, days: number): Date {
  const ymd = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now.getTime() + days * DAY));
  const utcMidnight = Date.parse(`${ymd}T00:00:00Z`);
  // Rome's offset at that moment (one or two hours, by the season)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(utcMidnight))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return new Date(utcMidnight - (wall - utcMidnight));
}

/**
 * The demo's campaign schedule, relative to the seeding day, so /cortina tells one story whenever
 * the demo is started: phases 1 and 2 closed (their standings final), phase 3 open now for
 * uploads, phase 4 to come; the countdown runs to the close of the open window. A production
 * setup keeps the published dates (defaultCampaign), which admins edit.
 */
export function demoCampaignSchedule(now: Date) {
  const at = (days: number) => romeMidnight(now, days).toISOString();
  const phases = [
    { phase: 1, opensAt: at(-30), closesAt: at(-16) },
    { phase: 2, opensAt: at(-16), closesAt: at(-2) },
    { phase: 3, opensAt: at(-2), closesAt: at(12) },
    { phase: 4, opensAt: at(12), closesAt: at(26) },
  ];
  return { deadline: phases[2].closesAt, phases };
}

/**
 * A "screenshot" drawn here: a dark frame with a score bar of the player's colour. Small PNGs (a
 * few hundred bytes) rendered by sharp, so seeding stays fast and each picture has its own pixels.
 */
async function screenshot(ctx: ServiceContext, hue: number, fill: number): Promise<{ url: string; hash: string }> {
  const bar = Math.round(20 + fill * 200);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="135">
  <rect width="240" height="135" fill="hsl(${hue}, 45%, 14%)"/>
  <rect x="10" y="10" width="220" height="70" rx="6" fill="hsl(${(hue + 180) % 360}, 60%, 70%)" fill-opacity="0.35"/>
  <rect x="10" y="100" width="${bar}" height="20" rx="4" fill="hsl(${hue}, 80%, 60%)"/></svg>`;
  const data = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  const bucket = ctx.config.agencyName;
  const name = contentName(data, 'png');
  await ctx.mediaStorage.put(bucket, name, data, 'image/png');
  return { url: mediaUrl(bucket, name), hash: await pixelHash(ctx, data) };
}

/**
 * The campaign part of the demo: the campaign on the demo's schedule (demoCampaignSchedule), and approved
 * screenshots in phases 1 and 2 (closed by then, so their standings are final) for the first
 * players, so the public standings show data. One player improves within phase 1 (only the best
 * counts) and one screenshot is rejected, as moderation would leave them.
 */
export async function seedCampaign(
  ctx: ServiceContext,
  ids: { adminId?: string; players: CampaignSeedPlayer[] },
  now = new Date(),
): Promise<void> {
  const db = ctx.db.kysely;
  const owner = ctx.config.ownerId;
  // the row with the published dates first, then the demo's own schedule over it
  await getCampaign(ctx, owner, now);
  await CampaignRepository.update(db, owner, CAMPAIGN_SLUG, demoCampaignSchedule(now));
  const campaign = await getCampaign(ctx, owner, now);
  const plan: { phase: number; players: CampaignSeedPlayer[] }[] = [
    { phase: 1, players: ids.players.slice(0, 10) },
    { phase: 2, players: ids.players.slice(2, 10) },
  ];
  let n = 0;
  for (const { phase, players } of plan) {
    const window = campaign.phases.find((p) => p.phase === phase);
    if (!window) continue;
    const opens = Date.parse(window.opensAt);
    const reviewedAt = new Date(Date.parse(window.closesAt) - HOUR).toISOString();
    const send = async (player: CampaignSeedPlayer, score: number | null, i: number, reason?: string) => {
      const image = await screenshot(ctx, (n++ * 47) % 360, score === null ? 0.1 : score / 2500);
      await CampaignRepository.insertSubmission(db, {
        owner,
        campaign: CAMPAIGN_SLUG,
        note: SEASON_NOTE,
        phase,
        userId: player.id,
        username: player.name,
        email: player.email,
        imageUrl: image.url,
        imageHash: image.hash,
        status: score === null ? 'rejected' : 'approved',
        score,
        reason: reason ?? null,
        reviewedBy: ids.adminId ?? null,
        reviewedAt,
        // spread over the first days of the window, a few hours apart
        createdAt: new Date(opens + (3 + i * 5) * HOUR + phase * 60_000).toISOString(),
      });
    };
    for (const [i, player] of players.entries()) await send(player, 2400 - i * 170 - phase * 35, i);
    if (phase === 1 && players[3]) {
      // a later, better screenshot: this one counts, the earlier one stays in the history
      await send(players[3], 2450, players.length + 1);
      await send(
        players[4] ?? players[3],
        null,
        players.length + 2,
        'Il punteggio non è leggibile / The score is not readable',
      );
    }
  }
}
