import type { APIRequestContext } from '@playwright/test';
import { arena, expect, test } from '../fixtures.ts';
import { fillText, goto, localeTexts } from '../helpers.ts';
import {
  ADMIN,
  HOUR,
  authenticate,
  png,
  randomColour,
  signUpPlayer,
  storeSession,
  windowsAround,
  type Session,
} from './campaign-helpers.ts';
import { defaultCampaign } from '../../../src/features/campaign/contract.ts';
import { demoCampaignSchedule } from '../../../src/features/campaign/server/seed.ts';

/**
 * The /cortina campaign page and its standings, as players see them, in both languages: the login
 * toast, the upload dialog against the real API, moderation showing up in the public standings,
 * and the countdown. Tests share one server and database, so each sets the campaign it needs.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const DAY = 24 * HOUR;

/** PUT /campaigns/cortina as the admin: phase `open` running now (others before and after it), and the deadline. */
async function setCampaign(request: APIRequestContext, admin: Session, open: number | null, deadline: number) {
  const res = await request.put('/api/campaigns/cortina', {
    data: { phases: windowsAround(open), deadline: new Date(deadline).toISOString() },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  expect(body.data.currentPhase).toBe(open);
}

const T = {
  it: {
    open: 'Aperta',
    closed: 'Chiusa',
    upcoming: 'In arrivo',
    loginRequired: 'Per caricare uno screenshot devi accedere.',
    // the field errors of every form (errors.json)
    required: 'Questo campo è obbligatorio',
    usernameHint: 'Lo screenshot viene inviato con il nome utente del tuo account.',
    tooLarge: "L'immagine supera i 2 MB.",
    sent: 'Screenshot inviato: gli organizzatori lo verificheranno a breve.',
    pending: 'In verifica',
    approved: 'Approvato',
    score: 'Punteggio: 54.321',
    scoreCell: '54.321',
    winner: 'Vincitore',
    heading: 'Classifica · Sessione',
    windowClosed: 'Nessuna sessione di caricamento è aperta in questo momento.',
    ended: 'Il tempo è scaduto: la scadenza è passata.',
  },
  en: {
    open: 'Open',
    closed: 'Closed',
    upcoming: 'Upcoming',
    loginRequired: 'You need to log in to upload a screenshot.',
    required: 'This field is required',
    usernameHint: "Your screenshot is sent under your account's username.",
    tooLarge: 'The image is larger than 2 MB.',
    sent: 'Screenshot sent: the organisers will check it shortly.',
    pending: 'Under review',
    approved: 'Approved',
    score: 'Score: 54,321',
    scoreCell: '54,321',
    winner: 'Winner',
    heading: 'Standings · Session',
    windowClosed: 'No upload session is open right now.',
    ended: 'Time is up: the deadline has passed.',
  },
};

for (const lang of ['it', 'en'] as const) {
  test.describe(`cortina campaign in ${lang}`, () => {
    const text = T[lang];
    // each language runs in its own phase, so the two standings tests never see each other's rows
    const phase = lang === 'it' ? 2 : 3;

    // the story: two closed sessions with their standings, one open for uploads, a countdown running
    test(`the demo's schedule tells one story: closed sessions, one open for uploads, a countdown (${lang})`, async ({
      page,
    }) => {
      // what the demo seed writes (dates relative to now), put back in case an earlier test moved the windows
      const admin = await authenticate(page.request, ADMIN);
      const res = await page.request.put('/api/campaigns/cortina', {
        data: demoCampaignSchedule(new Date()),
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.status()).toBe(200);
      await goto(page, at(lang, '/cortina'));
      await expect(page.getByTestId('session-1-state')).toHaveText(text.closed);
      await expect(page.getByTestId('session-2-state')).toHaveText(text.closed);
      await expect(page.getByTestId('session-3-state')).toHaveText(text.open);
      await expect(page.getByTestId('session-4-state')).toHaveText(text.upcoming);
      await expect(page.locator('[data-campaign-upload]')).toHaveCount(1);
      await expect(page.getByTestId('session-3-upload')).toBeEnabled();
      // the deadline is the open session's close, 11 or 12 days ahead, and the countdown names that session
      await expect(page.locator('#countdown-title')).toHaveText(
        fillText(localeTexts(lang, 'campaign').countdown.sessionTitle, { n: 3 }),
      );
      await expect(page.getByRole('timer')).toHaveAccessibleName(
        fillText(localeTexts(lang, 'campaign').countdown.sessionTitle, { n: 3 }),
      );
      await expect(page.getByTestId('countdown-ended')).toBeHidden();
      expect(Number(await page.getByTestId('countdown-days').textContent())).toBeGreaterThanOrEqual(11);
      // a closed session's standings are final and hold the seeded approved screenshots
      await goto(page, at(lang, '/cortina/standings/1'));
      await expect(page.getByTestId('standings-final')).toBeVisible();
      await expect(page.getByTestId('standings-score').first()).toBeVisible();
      // its (at least ten) players a few at a time: the first page links only on, a later one back and on
      await goto(page, at(lang, '/cortina/standings/1?limit=4'));
      await expect(page.getByTestId('standings-row')).toHaveCount(4);
      await expect(page.getByTestId('standings-prev')).toHaveCount(0);
      await page.getByTestId('standings-next').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/cortina/standings/1')}\\?limit=4&offset=4$`));
      await expect(page.getByTestId('standings-row')).toHaveCount(4);
      await expect(page.getByTestId('standings-prev')).toHaveAttribute('rel', 'prev');
      await expect(page.getByTestId('standings-prev')).toHaveAttribute(
        'href',
        at(lang, '/cortina/standings/1?limit=4'),
      );
      await expect(page.getByTestId('standings-next')).toHaveAttribute('href', /\?limit=4&offset=8$/);
    });

    test(`a logged-out visitor who clicks upload gets the login toast (${lang})`, async ({ page }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setCampaign(page.request, admin, phase, Date.now() + 3 * DAY);
      // reached from the main navigation
      await goto(page, at(lang, '/'));
      await page.getByTestId('nav-cortina').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/cortina')}$`));
      await expect(page).toHaveTitle('Cortina Winter Challenge | Arena');
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/cortina$/);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        lang === 'it' ? 'it_IT' : 'en_US',
      );
      // the picture a shared link shows (social ads bring the campaign's traffic)
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toMatch(/^https?:\/\/.+\/cortina\/og\.png$/);
      const picture = await page.request.get(new URL(ogImage!).pathname);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toBe('image/png');
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.getByTestId('campaign-header')).toBeVisible();

      await expect(page.getByTestId(`session-${phase}-state`)).toHaveText(text.open);
      await expect(page.getByTestId(`session-${phase - 1}-state`)).toHaveText(text.closed);
      await expect(page.getByTestId(`session-${phase + 1}-state`)).toHaveText(text.upcoming);
      // only the open session offers the upload
      await expect(page.locator('[data-campaign-upload]')).toHaveCount(1);

      await page.getByTestId(`session-${phase}-upload`).click();
      const toast = page.getByTestId('campaign-toast');
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(text.loginRequired);
      await expect(page.getByTestId('campaign-toast-login')).toHaveAttribute('href', at(lang, '/login'));
      await expect(page.getByTestId('upload-modal')).not.toBeVisible();
      // auto-closes after 3000 ms
      await expect(toast).toBeHidden({ timeout: 5000 });

      // the FAQ opens one question at a time
      await page.getByTestId('campaign-faq-frequency').locator('summary').click();
      await expect(page.getByTestId('campaign-faq-frequency')).toHaveAttribute('open', '');
      await page.getByTestId('campaign-faq-eligibility').locator('summary').click();
      await expect(page.getByTestId('campaign-faq-eligibility')).toHaveAttribute('open', '');
      await expect(page.getByTestId('campaign-faq-frequency')).not.toHaveAttribute('open', '');
    });

    // the standings are those of the screenshot's phase
    test(`a player uploads a screenshot, sees it pending, and after approval is in the standings (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setCampaign(page.request, admin, phase, Date.now() + 3 * DAY);
      const player = await signUpPlayer(page.request, `cor${lang}`);
      await storeSession(page, player);
      await goto(page, at(lang, '/cortina'));

      await page.getByTestId(`session-${phase}-upload`).click();
      const modal = page.getByTestId('upload-modal');
      await expect(modal).toBeVisible();
      // the player's own username, shown, not a field to type another name into
      await expect(page.getByTestId('upload-username')).toHaveText(player.user.username);
      await expect(modal.locator('input[name="username"]')).toHaveCount(0);
      await expect(page.getByTestId('upload-username-hint')).toHaveText(text.usernameHint);
      await expect(page.getByTestId('upload-email')).toHaveValue(player.user.email);
      await expect(page.getByTestId('upload-mine-empty')).toBeVisible();

      // checked before anything is sent: required fields and the 2 MB limit
      await page.getByTestId('upload-email').fill('');
      await page.getByTestId('upload-submit').click();
      await expect(page.getByTestId('upload-email-error')).toHaveText(text.required);
      await expect(page.getByTestId('upload-file-error')).toHaveText(text.required);
      await expect(page.getByTestId('upload-email')).toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('upload-email').fill(player.user.email);
      await expect(page.getByTestId('upload-email-error')).toBeHidden();
      await page.getByTestId('upload-file').setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([png([1, 2, 3]), Buffer.alloc(2 * 1024 * 1024)]),
      });
      await page.getByTestId('upload-submit').click();
      await expect(page.getByTestId('upload-file-error')).toHaveText(text.tooLarge);

      await page
        .getByTestId('upload-file')
        .setInputFiles({ name: 'score.png', mimeType: 'image/png', buffer: png(randomColour()) });
      await page.getByTestId('upload-submit').click();
      await expect(page.getByTestId('upload-success')).toBeVisible();
      await expect(page.getByTestId('upload-success')).toHaveText(text.sent);
      await expect(page.getByTestId('upload-error')).toBeHidden();
      const item = page.getByTestId('upload-mine-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId('upload-mine-status')).toHaveText(text.pending);
      await expect(item).toContainText(lang === 'it' ? `Sessione ${phase}` : `Session ${phase}`);
      await expect(item.locator('img')).toHaveAttribute('src', /\S+/);

      // Escape closes the dialog
      await page.keyboard.press('Escape');
      await expect(modal).not.toBeVisible();

      // the admin approves it with a score
      const queue = await page.request.get(
        `/api/marketplace/submissions?search=${encodeURIComponent(player.user.username)}&phase=${phase}`,
        {
          headers: { authorization: `Bearer ${admin.token}` },
        },
      );
      const rows = (await queue.json()).data as { id: string; status: string; username: string; note: string }[];
      // one submission: the oversized file never left the browser
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', username: player.user.username, note: 'season1' });
      const review = await page.request.post(`/api/marketplace/submissions/${rows[0].id}/review`, {
        data: { decision: 'approve', score: 54321 },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(review.status()).toBe(200);

      // the dialog shows the decision the next time it opens
      await page.getByTestId(`session-${phase}-upload`).click();
      await expect(item.getByTestId('upload-mine-status')).toHaveText(text.approved);
      await expect(item.getByTestId('upload-mine-detail')).toHaveText(text.score);

      // the API's refusal shows as our own text for its code: here no window is open any more
      await setCampaign(page.request, admin, null, Date.now() + 3 * DAY);
      await page
        .getByTestId('upload-file')
        .setInputFiles({ name: 'late.png', mimeType: 'image/png', buffer: png(randomColour()) });
      await page.getByTestId('upload-submit').click();
      await expect(page.getByTestId('upload-error')).toBeVisible();
      await expect(page.getByTestId('upload-error')).toHaveText(text.windowClosed);
      await expect(page.getByTestId('upload-success')).toBeHidden();
      await page.getByTestId('upload-close').click();
      await expect(modal).not.toBeVisible();
      await setCampaign(page.request, admin, phase, Date.now() + 3 * DAY);

      // the session card links to the phase's public standings, which list the account's name
      await page.getByTestId(`session-${phase}-standings`).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, `/cortina/standings/${phase}`)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${text.heading} ${phase}`);
      await expect(page.getByTestId('standings-state')).toHaveText(text.open);
      await expect(page.getByTestId('standings-final')).toHaveCount(0);
      const row = page.locator(`[data-testid="standings-row"][data-username="${player.user.username}"]`);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('standings-score')).toHaveText(text.scoreCell);
      await expect(row.getByTestId('standings-winner')).toHaveText(text.winner);
      // the standings themselves need no script: only the header's account menu and language switch load one
      const scripts = await page
        .locator('script[src], script[type="module"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src || e.textContent || ''));
      expect(scripts.filter((s) => !/SessionMenu|data-language-switch/.test(s))).toEqual([]);

      // links between phases and back
      await page.getByTestId(`standings-phase-${phase - 1}`).click();
      await expect(page.getByTestId('standings-page')).toHaveAttribute('data-phase', String(phase - 1));
      await expect(page.locator(`[data-testid="standings-row"][data-username="${player.user.username}"]`)).toHaveCount(
        0,
      );
      await page.getByTestId('standings-back').click();
      await expect(page.getByTestId('campaign-page')).toBeVisible();
    });

    test(`a closed phase's standings are final and an unknown phase is the 404 page (${lang})`, async ({ page }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setCampaign(page.request, admin, phase, Date.now() + 3 * DAY);
      const res = await page.goto(at(lang, `/cortina/standings/${phase - 1}`));
      // the same for every visitor: a CDN may keep it a minute
      expect(res?.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      await expect(page.getByTestId('standings-state')).toHaveText(text.closed);
      await expect(page.getByTestId('standings-final')).toBeVisible();

      for (const bad of ['5', '0', 'x']) {
        const res = await page.goto(at(lang, `/cortina/standings/${bad}`));
        expect(res?.status()).toBe(404);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
    });

    test(`the countdown ticks every second and shows the ended text once the deadline passed (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setCampaign(page.request, admin, phase, Date.now() + 2 * DAY + 5 * HOUR);
      // the page's clock is moved on by the test, not waited for
      await page.clock.install();
      await goto(page, at(lang, '/cortina'));
      // days after the last window closes: no session's deadline, the campaign's
      await expect(page.locator('#countdown-title')).toHaveText(localeTexts(lang, 'campaign').countdown.title);

      const countdown = page.getByTestId('campaign-countdown');
      await expect(countdown).toHaveAttribute('data-state', 'running');
      await expect(page.getByTestId('countdown-days')).toHaveText('2');
      await expect(page.getByTestId('countdown-hours')).toHaveText(/^0[45]$/);
      const seconds = page.getByTestId('countdown-seconds');
      const first = await seconds.textContent();
      await page.clock.runFor(1000);
      await expect(seconds).not.toHaveText(first!);
      const second = await seconds.textContent();
      await page.clock.runFor(1000);
      await expect(seconds).not.toHaveText(second!);
      await expect(page.getByTestId('countdown-ended')).toBeHidden();

      // a deadline a few seconds ahead runs out on the page, without a reload (a generous margin for
      // the reload itself: the machine running the suite may be busy)
      await setCampaign(page.request, admin, phase, Date.now() + 12_000);
      await page.reload();
      await expect(countdown).toHaveAttribute('data-state', 'running');
      await page.clock.runFor(13_000);
      await expect(page.getByTestId('countdown-ended')).toBeVisible();
      await expect(page.getByTestId('countdown-ended')).toHaveText(text.ended);
      await expect(page.getByTestId('countdown-seconds')).toBeHidden();
      await expect(countdown).toHaveAttribute('data-state', 'ended');
    });
  });
}

test.afterAll(async ({ playwright }) => {
  // leave the campaign with a fresh deployment's default dates for whatever runs next on this database
  const request = await playwright.request.newContext({ baseURL: arena().url });
  const admin = await authenticate(request, ADMIN);
  const res = await request.put('/api/campaigns/cortina', {
    data: { deadline: defaultCampaign.deadline, phases: defaultCampaign.phases },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status()).toBe(200);
  await request.dispose();
});
