import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  ADMIN,
  authenticate,
  png,
  randomColour,
  signUpPlayer,
  storeSession,
  submitScreenshot as submit,
  windowsAround,
  type Session,
} from './campaign-helpers.ts';
import { goto, toast } from '../helpers.ts';

/**
 * The dashboard's campaign section in both languages: the moderation queue against the real API
 * (approve with a score, reject with a reason, the duplicate warning, a closed window's final
 * decisions), the public standings it feeds, the schedule editor and the admin guard.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const GIULIA = { email: 'giulia@demo.arena', password: 'demo-player-2026' };

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

async function setWindows(request: APIRequestContext, admin: Session, open: number | null) {
  const phases = windowsAround(open);
  const res = await call(request, admin.token, 'PUT', '/campaigns/cortina', { phases });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.currentPhase).toBe(open);
  return phases;
}

/** Opens the queue on one player's submissions (search box, debounced) with the given status filter. */
async function openQueue(
  page: Page,
  lang: 'it' | 'en',
  search: string,
  status: 'pending' | 'approved' | 'rejected' | 'all' = 'pending',
) {
  await goto(page, at(lang, '/dashboard/campaign'));
  await expect(page.getByTestId('dashboard-section-title')).toHaveText(
    lang === 'it' ? 'Campagna Cortina' : 'Cortina campaign',
  );
  await expect(page.getByTestId('dashboard-nav-campaign')).toHaveAttribute('aria-current', 'page');
  if (status !== 'pending') await page.getByTestId('campaign-filter-status').selectOption(status);
  await page.getByTestId('campaign-search').fill(search);
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`admin campaign in ${lang}`, () => {
    // the schedule is typed on the organisers' clock
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US', timezoneId: 'Europe/Rome' });
    const phase = lang === 'it' ? 1 : 2;
    const T = {
      it: {
        pending: 'Da valutare',
        approved: 'Approvato',
        rejected: 'Rifiutato',
        phase: `Sessione ${phase}`,
        scoreRequired: 'Inserisci il punteggio.',
        reasonRequired: 'Indica il motivo del rifiuto.',
        dup: 'Immagine già inviata in un altro invio',
        frozen: 'La sessione è chiusa',
        schedule: 'Le finestre delle sessioni devono essere in ordine',
        saved: 'Calendario della campagna salvato.',
      },
      en: {
        pending: 'Pending',
        approved: 'Approved',
        rejected: 'Rejected',
        phase: `Session ${phase}`,
        scoreRequired: 'Enter the score.',
        reasonRequired: 'Give a reason for the rejection.',
        dup: 'Same image sent in another submission',
        frozen: 'This session is closed',
        schedule: 'Session windows must be in order',
        saved: 'Campaign schedule saved.',
      },
    }[lang];

    test(`an admin approves a screenshot with a score and the player enters the public standings (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setWindows(page.request, admin, phase);
      const player = await signUpPlayer(page.request, `cmp${lang}a`);
      // a name typed into the call is set aside: the queue shows the sender's account username
      const sent = await submit(page.request, player, `Typed ${player.user.username}`, png(randomColour()));
      expect(sent).toMatchObject({ phase, status: 'pending' });

      await storeSession(page, admin);
      await openQueue(page, lang, player.user.username);
      const row = page.getByTestId(`submission-row-${sent.id}`);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('campaign-table').locator('tbody tr')).toHaveCount(1);
      await expect(row.getByTestId('submission-row-name')).toHaveText(player.user.username);
      await expect(row.getByTestId('submission-row-account')).toContainText(player.user.username);
      await expect(row.getByTestId('submission-row-email')).toHaveText(player.user.email);
      await expect(row.getByTestId('submission-row-phase')).toHaveText(T.phase);
      await expect(row.getByTestId('submission-status')).toHaveText(T.pending);
      await expect(row.getByTestId('submission-duplicates')).toHaveCount(0);

      // the thumbnail opens the full image, which the server really serves
      await row.getByTestId('submission-row-thumb').click();
      const full = page.getByTestId('image-dialog-full');
      await expect(full).toBeVisible();
      await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
      await page.getByTestId('image-dialog-close').click();
      await expect(page.getByTestId('image-dialog')).toBeHidden();

      // the score is required before anything is sent
      await row.getByTestId('submission-row-review').click();
      const dialog = page.getByTestId('review-dialog');
      await expect(dialog.getByTestId('review-name')).toHaveText(player.user.username);
      await dialog.getByTestId('review-approve').click();
      await expect(dialog.getByTestId('review-score-error')).toHaveText(T.scoreRequired);
      await expect(dialog.getByTestId('review-score')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByTestId('review-score').fill('4321');
      const reviewed = page.waitForResponse(
        (r) => r.url().endsWith(`/api/marketplace/submissions/${sent.id}/review`) && r.request().method() === 'POST',
      );
      await dialog.getByTestId('review-approve').click();
      expect((await reviewed).status()).toBe(200);
      await expect(toast(page)).toContainText('4321');
      await expect(dialog).toBeHidden();
      // no longer pending: it leaves the default queue and shows under "approved" with its score
      await expect(page.getByTestId('campaign-empty')).toBeVisible();
      await page.getByTestId('campaign-filter-status').selectOption('approved');
      await expect(row.getByTestId('submission-status')).toHaveText(T.approved);
      await expect(row.getByTestId('submission-row-outcome')).toContainText('4321');

      // the standings link of the phase leads to the public page, which lists the player
      const link = page.getByTestId(`campaign-standings-link-${phase}`);
      await expect(link).toHaveAttribute('href', at(lang, `/cortina/standings/${phase}`));
      const standings = await call(
        page.request,
        admin.token,
        'GET',
        `/campaigns/cortina/phases/${phase}/standings?limit=500`,
      );
      expect(standings.body.data.entries).toContainEqual(
        expect.objectContaining({ username: player.user.username, score: 4321, winner: true }),
      );
      await goto(page, at(lang, `/cortina/standings/${phase}`));
      await expect(page.getByText(player.user.username)).toBeVisible();

      // once the window has closed the decision is final: the dialog says so in the admin's language
      await setWindows(page.request, admin, null);
      await openQueue(page, lang, player.user.username, 'all');
      await row.getByTestId('submission-row-review').click();
      await expect(dialog.getByTestId('review-score')).toHaveValue('4321');
      await dialog.getByTestId('review-reason').fill('late change');
      await dialog.getByTestId('review-reject').click();
      await expect(dialog.getByTestId('review-error')).toContainText(T.frozen);
      const mine = await call(page.request, player.token, 'GET', '/marketplace/submissions/mine');
      expect(mine.body.data).toContainEqual(expect.objectContaining({ id: sent.id, status: 'approved', score: 4321 }));
    });

    test(`the same image from two players shows the duplicate warning; a rejection needs a reason (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      await setWindows(page.request, admin, phase);
      const first = await signUpPlayer(page.request, `cmp${lang}b`);
      const second = await signUpPlayer(page.request, `cmp${lang}c`);
      const image = png(randomColour());
      const original = await submit(page.request, first, first.user.username, image);
      const copy = await submit(page.request, second, second.user.username, image);

      await storeSession(page, admin);
      await openQueue(page, lang, second.user.username);
      const row = page.getByTestId(`submission-row-${copy.id}`);
      const warning = row.getByTestId('submission-duplicates');
      await expect(warning).toContainText(T.dup);
      await expect(warning.getByTestId('submission-duplicate')).toHaveCount(1);
      await expect(warning.getByTestId('submission-duplicate')).toContainText(first.user.username);
      // the "duplicates only" filter keeps it; the original shows the warning the other way round
      await page.getByTestId('campaign-filter-duplicates').check();
      await expect(row).toBeVisible();
      await page.getByTestId('campaign-search').fill(first.user.username);
      await expect(page.getByTestId(`submission-row-${original.id}`).getByTestId('submission-duplicate')).toContainText(
        second.user.username,
      );
      await page.getByTestId('campaign-search').fill(second.user.username);

      await row.getByTestId('submission-row-review').click();
      const dialog = page.getByTestId('review-dialog');
      await expect(dialog.getByTestId('submission-duplicates')).toContainText(first.user.username);
      await dialog.getByTestId('review-reject').click();
      await expect(dialog.getByTestId('review-reason-error')).toHaveText(T.reasonRequired);
      await dialog.getByTestId('review-reason').fill('Same screenshot as another player');
      await dialog.getByTestId('review-reject').click();
      await expect(toast(page)).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.getByTestId('campaign-filter-status').selectOption('rejected');
      await expect(row.getByTestId('submission-status')).toHaveText(T.rejected);
      await expect(row.getByTestId('submission-row-outcome')).toHaveText('Same screenshot as another player');
      // the player reads the outcome among their own submissions
      const mine = await call(page.request, second.token, 'GET', '/marketplace/submissions/mine');
      expect(mine.body.data).toContainEqual(
        expect.objectContaining({ id: copy.id, status: 'rejected', reason: 'Same screenshot as another player' }),
      );
    });

    test(`an admin edits the campaign's dates on the Rome clock and a bad order is refused (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      const phases = await setWindows(page.request, admin, phase);
      await storeSession(page, admin);
      await goto(page, at(lang, '/dashboard/campaign'));
      await page.getByTestId('campaign-tab-schedule').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/campaign/schedule')}$`));
      await expect(page.getByTestId('schedule-zone')).toContainText('Europe/Rome');
      const rome = (iso: string) =>
        new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' })
          .format(new Date(iso))
          .replace(' ', 'T');
      await expect(page.getByTestId('schedule-phase-1-opensAt')).toHaveValue(rome(phases[0].opensAt));
      await expect(page.getByTestId(`schedule-phase-${phase}-state`)).toHaveText(lang === 'it' ? 'Aperta' : 'Open');

      // phase 3 opening before phase 2 closes overlaps: refused, nothing saved
      await page.getByTestId('schedule-phase-3-opensAt').fill(rome(phases[1].opensAt));
      await page.getByTestId('schedule-submit').click();
      await expect(page.getByTestId('schedule-error')).toContainText(T.schedule);
      expect((await call(page.request, admin.token, 'GET', '/campaigns/cortina')).body.data.phases[2].opensAt).toBe(
        phases[2].opensAt,
      );

      // a valid change is saved as the Rome instant, together with a linked competition
      await page.getByTestId('schedule-phase-3-opensAt').fill(rome(phases[2].opensAt));
      await page.getByTestId('schedule-deadline').fill('2031-07-01T18:30');
      const competition = page.getByTestId('schedule-competition');
      await expect(competition).toBeEnabled();
      const choice = await competition.locator('option').nth(1).getAttribute('value');
      expect(choice).toBeTruthy();
      await competition.selectOption(choice!);
      await page.getByTestId('schedule-submit').click();
      await expect(toast(page)).toContainText(T.saved);
      await expect(page.getByTestId('schedule-error')).toHaveCount(0);
      const saved = (await call(page.request, admin.token, 'GET', '/campaigns/cortina')).body.data;
      expect(saved.deadline).toBe('2031-07-01T16:30:00.000Z');
      expect(saved.competitionId).toBe(choice);
      expect(saved.currentPhase).toBe(phase);
      // back to "the brand's next tournaments" for the other tests
      await competition.selectOption('');
      await page.getByTestId('schedule-submit').click();
      await expect
        .poll(async () => (await call(page.request, admin.token, 'GET', '/campaigns/cortina')).body.data.competitionId)
        .toBeNull();
    });

    test(`a player who opens the campaign section is sent home (${lang})`, async ({ page }) => {
      await storeSession(page, await authenticate(page.request, GIULIA));
      await page.goto(at(lang, '/dashboard/campaign'));
      await expect(page).toHaveURL(lang === 'it' ? /\/$/ : /\/en\/?$/);
      await expect(page.getByTestId('flash')).toBeVisible();
      await expect(page.getByTestId('campaign-queue')).toHaveCount(0);
    });
  });
}
