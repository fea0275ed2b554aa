// Gzip size of the JavaScript a built page loads before any interaction: its module scripts,
// inline scripts, modulepreloads and the islands' component and renderer modules, with every
// static import they pull in. Usage: node scripts/page-weight.mjs [dist/client] page.html…
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function pageWeight(clientDir, htmlFile) {
  const html = fs.readFileSync(path.join(clientDir, htmlFile), 'utf8');
  const seen = new Set();
  let bytes = 0;
  const visit = (url) => {
    if (!url.startsWith('/')) return;
    const file = path.join(clientDir, url.split('?')[0]);
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file);
    bytes += zlib.gzipSync(code, { level: 9 }).length;
    // static imports only: `import x from "./a.js"`, `import "./a.js"`, `export … from "./a.js"`
    for (const m of code.toString().matchAll(/(?:import|export)\s*(?:[^'"();]*?from\s*)?["']([^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(url), m[1]));
  };
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) visit(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) visit(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) visit(m[1]);
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1].trim()) bytes += zlib.gzipSync(m[1], { level: 9 }).length;
    for (const i of m[1].matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) visit(i[1]);
  }
  return { bytes, files: seen.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist/client', ...pages] = process.argv.slice(2);
  for (const p of pages.length ? pages : ['index.html', 'en.html', 'login.html', 'signup.html', 'settings.html', 'privacy-policy.html', '404.html', 'dashboard.html']) {
    const { bytes, files } = pageWeight(dir, p);
    console.log(`${p.padEnd(28)} ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip  (${files} files)`);
  }
}
