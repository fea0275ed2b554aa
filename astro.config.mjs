// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// Italian at /, English under /en/ (DESIGN section 1). Pages are static unless they opt out with
// `export const prerender = false`; those run through @astrojs/node in middleware mode inside Fastify.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  i18n: { locales: ['it', 'en'], defaultLocale: 'it', routing: { prefixDefaultLocale: false } },
  build: { format: 'file' },
  trailingSlash: 'never',
  compressHTML: true,
  vite: {
    plugins: [tailwindcss()],
    // /media: uploaded images are served by the API process at the site root
    server: { proxy: { '/api': `http://127.0.0.1:${Number(process.env.PORT || 4321) + 1}`, '/media': `http://127.0.0.1:${Number(process.env.PORT || 4321) + 1}` } },
  },
});
