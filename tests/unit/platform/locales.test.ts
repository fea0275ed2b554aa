import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { errorCodes } from '../../../src/app/error-codes.ts';

const root = path.resolve(import.meta.dirname, '../../../locales');
const read = (locale: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, locale, file), 'utf8'));
const itFiles = fs
  .readdirSync(path.join(root, 'it'))
  .filter((f) => f.endsWith('.json'))
  .sort();
const enFiles = fs
  .readdirSync(path.join(root, 'en'))
  .filter((f) => f.endsWith('.json'))
  .sort();

/** Every leaf as "a.b.c" → value. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node))
      for (const [lk, lv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(lk, lv);
  } else out.set(prefix, node);
  return out;
}

test('both locales have the same namespaces', () => {
  expect(itFiles.length).toBeGreaterThan(0);
  expect(enFiles).toEqual(itFiles);
});

describe.each(itFiles)('%s', (file) => {
  const it = leaves(read('it', file));
  const en = leaves(read('en', file));

  test('has the same keys in Italian and English', () => {
    expect([...en.keys()].sort()).toEqual([...it.keys()].sort());
  });

  test('has no empty or non-string texts', () => {
    for (const [locale, map] of [
      ['it', it],
      ['en', en],
    ] as const)
      for (const [key, value] of map) {
        expect(typeof value, `${locale}/${file} ${key}`).toBe('string');
        expect((value as string).trim(), `${locale}/${file} ${key}`).not.toBe('');
      }
  });

  test('uses the same placeholders in both languages', () => {
    const names = (s: unknown) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of it) if (en.has(key)) expect(names(en.get(key)), `${file} ${key}`).toEqual(names(value));
  });
});

test.each(['it', 'en'])('every API error code has a text in %s/errors.json', (locale) => {
  const errors = read(locale, 'errors.json');
  for (const code of errorCodes) {
    expect(typeof errors[code], `${locale} ${code}`).toBe('string');
    expect(errors[code].trim(), `${locale} ${code}`).not.toBe('');
  }
});

test.each(['it', 'en'])('the reset e-mail in %s has a subject and a text with the link and lifetime', (locale) => {
  const email = read(locale, 'email.json');
  expect(email.reset.subject).toBeTruthy();
  expect(email.reset.text).toContain('{link}');
  expect(email.reset.text).toContain('{minutes}');
});
