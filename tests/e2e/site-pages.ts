import { brandSlug } from '../../src/platform/brand.ts';

/**
 * The site's pages, once, for the specs that walk all of them (page budgets, CSP). Paths are the
 * Italian ones; `en()` gives the English twin. `{tournament}` and `{article}` are filled by each spec.
 */
export const en = (p: string) => (p === '/' ? '/en/' : `/en${p}`);

/** Visitor pages: no React unless an above-the-fold island needs it at once. */
export const staticPages = [
  '/',
  '/competitions',
  '/tournaments',
  `/${brandSlug}-bomber-championship`,
  '/cortina',
  '/cortina/standings/1',
  '/news',
  '/news/{article}',
  '/privacy-policy',
  '/cookie-policy',
  '/terms',
  '/my-backpack',
  '/my-wallet',
  '/my-orders',
  '/my-tournaments',
  '/marketplace/redeem',
  // a battle royale's live standings: a few lines of plain script, no framework
  '/tournament/{tournament}/standings',
  // a bracket, drawn in HTML and CSS; a side's report form is a small custom element
  '/tournament/{tournament}/bracket',
  // a player's public page (the demo's giulia): server-rendered, no script of its own
  '/player/giulia',
];

/**
 * Pages shared links and ads bring visitors to, with more to do than a static page: the tournament
 * page renders everything on the server, its button is plain script, its dialogs load on the first click.
 */
export const landingPages = ['/tournament/{tournament}'];

/** Pages whose main content is a React island. */
export const appPages = ['/login', '/signup', '/resetPassword', '/confirmEmail', '/marketplace', '/settings'];
