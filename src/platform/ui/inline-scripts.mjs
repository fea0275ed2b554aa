// The site's two inline scripts, in one place so astro.config.mjs can hash them for the
// Content-Security-Policy (`security.csp.scriptDirective.hashes`): Astro hashes the scripts it
// bundles, never an `is:inline` one. The pages render these exact strings (`set:html`), so the
// hash always matches what the browser runs. Keep them plain ES5-ish: they are not bundled.

/** PageHead: before first paint, so the header shows the right account controls without shifting. */
export const sessionFlagScript =
  // its long line is cut in two only to keep the source's lines short: the pieces join into the line the browser runs
  `
  try {
    document.documentElement.dataset.session = localStorage.getItem('token') && ` +
  `localStorage.getItem('user') ? 'user' : 'guest';
  } catch (e) {}
`;

/** Home page: with a hash in the URL, scroll smoothly to its target after 100 ms. */
export const scrollToHashScript = `
  if (location.hash.length > 1) {
    var scrollToHash = function (behavior) {
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView({ behavior: behavior });
    };
    setTimeout(function () {
      scrollToHash(matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
    }, 100);
    // the tournaments above the FAQ load after that and change its position: realign once,
    // unless the visitor has scrolled by hand in the meantime
    var moved = false;
    addEventListener('wheel', function () { moved = true; }, { once: true, passive: true });
    addEventListener('touchmove', function () { moved = true; }, { once: true, passive: true });
    document.addEventListener('grid:settled', function () {
      if (!moved) setTimeout(function () { scrollToHash('auto'); }, 120);
    }, { once: true });
  }
`;

/**
 * Every layout, before any module: zod 4 probes `new Function` once to decide whether to compile
 * fast parsers, and under the site's CSP (no 'unsafe-eval') that probe is refused and reported as a
 * violation (zod then falls back by itself). The browser parses small forms and answers, so it
 * takes the interpreted path from the start; this is the global that `z.config({ jitless: true })`
 * writes (tests/unit/platform/inline-scripts.test.ts holds zod to it).
 */
export const zodJitlessScript =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';
