// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { scrollToHashScript, sessionFlagScript, zodJitlessScript } from './src/platform/ui/inline-scripts.mjs';

/**
 * Brotli and gzip copies of the built pages, scripts, styles and images (x.js.br, x.js.gz), which the
 * server holds in memory and sends to browsers that accept them (src/platform/http/static-site.ts):
 * the site's CSS is 93 KB as built and 15 KB gzip, and the server compresses nothing at run time.
 */
/** @returns {import('astro').AstroIntegration} */
function precompress() {
  const compressible = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
  /** @type {(dir: string) => string[]} */
  const walk = (dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'arena:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let count = 0;
        for (const file of walk(root)) {
          if (!compressible.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue; // not worth a round of decoding
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
          count++;
        }
        logger.info(`${count} files precompressed (br, gz)`);
      },
    },
  };
}

/** A CSP source for an inline script or style: the browser hashes its exact text. */
/** @param {string} text */
const cspHash = (text) =>
  /** @type {`sha256-${string}`} */ (`sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}`);

/**
 * sonner (the dashboard's and forms' toasts) adds its stylesheet as a <style> element when its
 * module loads; the CSP allows that element by the hash of its text, read from the installed
 * package so an upgrade keeps the hash true (and the build fails if the call ever changes shape).
 */
function sonnerStyleHash() {
  const source = fs.readFileSync(
    fileURLToPath(import.meta.resolve('sonner')).replace(/index\.(c?js|mjs)$/, 'index.mjs'),
    'utf8',
  );
  const call = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!call)
    throw new Error(
      'sonner no longer inserts its CSS with __insertCSS("…"): update sonnerStyleHash in astro.config.mjs',
    );
  return cspHash(JSON.parse(call[1]));
}

// Italian at /, English under /en/. Pages are static unless they opt out with
// `export const prerender = false`; those run through @astrojs/node in middleware mode inside Fastify.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  i18n: { locales: ['it', 'en'], defaultLocale: 'it', routing: { prefixDefaultLocale: false } },
  build: { format: 'file' },
  trailingSlash: 'never',
  compressHTML: true,
  // a CSP meta tag in every page with the hashes of its inline scripts and styles; the server mirrors
  // them into the Content-Security-Policy header with the rest of the policy (src/platform/http/security-headers.ts)
  security: {
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { hashes: [sessionFlagScript, scrollToHashScript, zodJitlessScript].map(cspHash) },
      styleDirective: { hashes: [sonnerStyleHash()] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // Bundled into the server build rather than loaded from node_modules at run time: date-fns is
    // hundreds of small modules behind its index, and Node loading them on the first /cortina
    // blocked that process for seconds (liveness included); bundled, only the functions used remain.
    ssr: { noExternal: ['date-fns'] },
    // /media: uploaded images are served by the API process at the site root
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${Number(process.env.PORT || 4321) + 1}`,
        '/media': `http://127.0.0.1:${Number(process.env.PORT || 4321) + 1}`,
      },
    },
  },
});
