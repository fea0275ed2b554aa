import fs from 'node:fs';
import path from 'node:path';

/**
 * Every source file under src/ as one text: a locale test finds the keys a namespace is used with wherever the code
 * lives.
 */
export function allSources(): string {
  const root = path.resolve(import.meta.dirname, '../../../src');
  return (fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => /\.(ts|tsx|astro)$/.test(f))
    .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
    .join('\n');
}
