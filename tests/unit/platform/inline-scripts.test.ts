import { expect, test } from 'vitest';
import { z } from 'zod';
import { zodJitlessScript } from '../../../src/platform/ui/inline-scripts.mjs';

/**
 * The pages switch zod to its interpreted parsers with an inline script that writes zod's global
 * configuration before any module loads (src/platform/ui/inline-scripts.mjs): that global must stay the one
 * `z.config` writes, or the CSP would report zod's `new Function` probe again.
 */
test('the inline script writes the configuration object z.config uses', () => {
  const before = (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig;
  expect(z.config()).toBe(before);
  new Function(zodJitlessScript)();
  try {
    expect(z.config().jitless).toBe(true);
  } finally {
    z.config({ jitless: undefined });
  }
});
