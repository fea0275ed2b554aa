import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config.ts';

/** Islands are server-rendered first; clicks before hydration are lost, so wait until none is pending. */
export async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export async function goto(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** The newest .eml in the outbox addressed to `to`, waiting for it to be written. */
export async function latestMailTo(to: string): Promise<string> {
  const dir = path.join(e2eDataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(() => {
      if (!fs.existsSync(dir)) return undefined;
      const files = fs.readdirSync(dir).sort().reverse();
      found = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes(`To: ${to}`));
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A mail body may fold long lines (quoted-printable); this undoes it before reading a link. */
export function decodeQuotedPrintable(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
