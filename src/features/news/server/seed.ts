import { sanitizeRichText } from '../../../platform/rich-text.ts';
import * as NewsRepository from './repository.ts';
import type { ServiceContext } from '../../../platform/context.ts';

const DAY = 24 * 3600_000;

/**
 * The news part of the demo: two published articles, in both languages, dated in the days before
 * the seeding, and one draft. Written through the repository rather than the admin service, which
 * audits an admin's act and dates a publication now.
 */
export async function seedNews(ctx: ServiceContext, now: Date): Promise<void> {
  const articles: {
    title: [string, string];
    summary: [string, string];
    body: [string, string];
    daysAgo: number | null;
  }[] = [
    {
      title: ['Il campionato Bomber entra nel vivo', 'The Bomber Championship heats up'],
      summary: [
        'Due qualificazioni giocate, la terza è aperta: ecco come scegliere la tua fazione.',
        'Two qualifiers played, the third is open: here is how to pick your faction.',
      ],
      body: [
        '<p>Le prime due qualificazioni hanno già dato punti alle fazioni <strong>Precision</strong> e ' +
          "<strong>Speed</strong>. La terza è aperta alle iscrizioni: dopo l'iscrizione scegli la tua fazione " +
          'dalla pagina del torneo o del campionato.</p>' +
          '<p>I migliori accedono ai playoff online e poi alla finale dal vivo.</p>',
        '<p>The first two qualifiers have already given points to the <strong>Precision</strong> ' +
          'and <strong>Speed</strong> factions. The third is open for sign-up: once you have joined, ' +
          'pick your faction from the tournament page or the championship page.</p>' +
          '<p>The best go through to the online playoffs and then to the live final.</p>',
      ],
      daysAgo: 1,
    },
    {
      title: ['Badge e crediti: come funzionano', 'Badges and credits: how they work'],
      summary: [
        'Iscriviti, fai il check-in, completa il profilo: ' +
          'ogni traguardo vale un badge e crediti da spendere nel marketplace.',
        'Sign up, check in, complete your profile: ' +
          'each milestone earns a badge and credits to spend in the marketplace.',
      ],
      body: [
        '<p>Ogni badge si sblocca da solo quando raggiungi il traguardo: la registrazione, ' +
          'il primo torneo, il check-in, la scelta della fazione, il profilo completo, il primo acquisto.</p>' +
          '<p>I crediti finiscono nel tuo portafoglio e si spendono nel marketplace.</p>',
        '<p>Each badge unlocks by itself when you reach the milestone: signing up, ' +
          'your first tournament, checking in, picking a faction, completing your profile, ' +
          'your first purchase.</p><p>The credits go to your wallet and can be spent in the marketplace.</p>',
      ],
      daysAgo: 4,
    },
    {
      title: ['Calendario della finale (bozza)', 'Finals schedule (draft)'],
      summary: [
        'Bozza non pubblicata: visibile solo nel cruscotto.',
        'Unpublished draft: visible only in the dashboard.',
      ],
      body: ['<p>Da completare.</p>', '<p>To be completed.</p>'],
      daysAgo: null,
    },
  ];
  for (const a of articles) {
    await NewsRepository.insert(ctx.db.kysely, ctx.config.ownerId, {
      title_it: a.title[0],
      title_en: a.title[1],
      summary_it: a.summary[0],
      summary_en: a.summary[1],
      body_it: sanitizeRichText(a.body[0]),
      body_en: sanitizeRichText(a.body[1]),
      image: '',
      published: a.daysAgo === null ? 0 : 1,
      published_at: a.daysAgo === null ? null : new Date(now.getTime() - a.daysAgo * DAY).toISOString(),
    });
  }
}
