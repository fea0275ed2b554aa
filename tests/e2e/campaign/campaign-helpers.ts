import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { unique } from '../helpers.ts';

/**
 * What the winter campaign's e2e tests share: sessions made through the API, the four upload
 * windows placed around now, and small generated screenshots. Tests share one server and
 * database, so each sets the windows it needs.
 */
export const ADMIN = { email: 'admin@demo.arena', password: 'demo-admin-2026' };
export const HOUR = 3_600_000;

export interface Session {
  token: string;
  user: { id: string; username: string; email: string };
}

export async function authenticate(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<Session> {
  const res = await request.post('/api/users/authenticate', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** A fresh player, so a test's names are unique in the shared database and a search finds only them. */
export async function signUpPlayer(request: APIRequestContext, prefix: string): Promise<Session> {
  const username = unique(prefix).toLowerCase().slice(0, 30);
  const who = { email: `${username}@e2e.arena`, password: 'e2e-player-2026' };
  const res = await request.post('/api/users/pp', { data: { username, ...who, nickname: username, gender: 'female' } });
  expect(res.status()).toBe(201);
  return authenticate(request, who);
}

/** Stores a session the way the login form does, so guards and islands read it. */
export async function storeSession(page: Page, session: Session) {
  await page.goto('/privacy-policy');
  await page.evaluate(({ user, token }) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', token);
  }, session);
}

/**
 * Four back-to-back windows placed so that `open` is the one running now (an hour either side)
 * and the others before or after it; `open: null` puts every window in the past.
 */
export function windowsAround(open: number | null, now = Date.now()) {
  const centre = open ?? 6; // null: phase 4 ends hours before now
  return [1, 2, 3, 4].map((phase) => {
    const opensAt = now + (phase - centre) * 2 * HOUR - HOUR;
    return {
      phase,
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(opensAt + 2 * HOUR - 60_000).toISOString(),
    };
  });
}

/** A valid 8×8 PNG of one colour: each upload is a picture of its own unless a test reuses one. */
export function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const randomColour = (): [number, number, number] => [
  Math.floor(Math.random() * 256),
  Math.floor(Math.random() * 256),
  Math.floor(Math.random() * 256),
];

/**
 * POST /marketplace/submissions as the player (multipart, the image last, as the contract asks): the 201's submission.
 */
export async function submitScreenshot(request: APIRequestContext, player: Session, typedName: string, image: Buffer) {
  const res = await request.post('/api/marketplace/submissions', {
    headers: { authorization: `Bearer ${player.token}` },
    multipart: {
      username: typedName,
      email: player.user.email,
      note: 'season1',
      file: { name: 'score.png', mimeType: 'image/png', buffer: image },
    },
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(201);
  return body.data as { id: string; phase: number; status: string };
}
