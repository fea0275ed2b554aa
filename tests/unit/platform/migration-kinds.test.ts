import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { releaseMigrations } from '../../../migrations/index.ts';

/**
 * Every migration says what it does to the release before it (expand or contract), and every file
 * in the folder is registered: an unregistered or undeclared one would escape the rule that decides
 * whether an older release may still serve the schema (docs/operations.md, "Upgrades, migrations and rollback").
 */
const folder = path.resolve(import.meta.dirname, '../../../migrations');

describe('migrations', () => {
  test('each file is registered under its own name', () => {
    const files = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(releaseMigrations).sort()).toEqual(files);
  });

  test.each(Object.keys(releaseMigrations))('%s declares whether it expands or contracts the schema', async (name) => {
    const module = (await import(path.join(folder, `${name}.ts`))) as { kind?: unknown };
    expect(['expand', 'contract']).toContain(module.kind);
    expect(releaseMigrations[name].kind).toBe(module.kind);
  });
});
