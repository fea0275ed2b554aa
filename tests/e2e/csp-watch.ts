import type { Page, Response } from '@playwright/test';
import { arena, expect } from './fixtures.ts';

/**
 * The Content-Security-Policy checks a page walk makes on every page it visits. The policy is the header
 * of src/platform/http/security-headers.ts together with the meta tag Astro writes (astro.config.mjs).
 * The walks that visit every page anyway (the accessibility walks) carry these checks, so each page is
 * loaded once for both.
 */

/**
 * Records violations from the start of every document: the `securitypolicyviolation` event (sent to
 * the console by an init script) and Chromium's own console line, which Playwright's console event
 * does not carry (it is a browser log entry, read here through the DevTools protocol).
 */
export async function watchViolations(page: Page) {
  const found: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/Content Security Policy/i.test(entry.text)) found.push(`${page.url()}: ${entry.text}`);
  });
  await cdp.send('Log.enable');
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP-VIOLATION ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ` +
          `(${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      );
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/CSP-VIOLATION|Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text))
      found.push(`${page.url()}: ${text}`);
  });
  return found;
}

/**
 * The rule of the headers: documents carry the CSP, the files they load (scripts, styles, images,
 * fonts of this origin) do not, as the browser reads a policy from the document only; uploaded
 * images carry the short one that allows nothing. Returns the files that broke it.
 */
export function watchFileHeaders(page: Page) {
  const wrong: string[] = [];
  const origin = new URL(arena().url).origin;
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    const file = ['script', 'stylesheet', 'image', 'font'].includes(type);
    if (!res.url().startsWith(origin) || !file || res.status() !== 200) return;
    const policy = (await res.allHeaders().catch(() => null))?.['content-security-policy'];
    if (!policy) return;
    // an uploaded image keeps the short policy that allows nothing (user content opened on its own)
    if (new URL(res.url()).pathname.startsWith('/media/') && policy.startsWith("default-src 'none'")) return;
    wrong.push(`${type} ${res.url()} carries a CSP: ${policy.slice(0, 40)}…`);
  });
  return wrong;
}

/** Both watchers on one page; `check()` asserts that nothing was found. */
export async function watchPolicy(page: Page) {
  const violations = await watchViolations(page);
  const filesWithPolicy = watchFileHeaders(page);
  return {
    check() {
      expect(violations).toEqual([]);
      expect(filesWithPolicy).toEqual([]);
    },
  };
}

/** The server's whole policy is on the document, also on the on-demand pages Astro renders (it writes its own). */
export function expectServerPolicy(res: Response | null, url: string) {
  expect(res, url).not.toBeNull();
  expect(res!.headers()['content-security-policy'], `${url} has the server's CSP header`).toContain(
    "frame-ancestors 'self'",
  );
}
