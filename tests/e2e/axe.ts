import fs from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe-core that AxeBuilder itself imports, in its minified build and loaded once per page. AxeBuilder sends
 * the source it is given into the page twice for every analysis, and by default that is the unminified build
 * (1.4 MB): each page then parsed and ran 2.9 MB of script before axe looked at anything. The minified build holds
 * the same rules in less than half the text, and the guard makes the second sending a no-op once axe is loaded.
 */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = `if (!window.axe) {\n${fs.readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of what the page shows now, one
 * line each with the page, the rule and the first nodes: what the accessibility walks assert empty.
 */
export async function seriousViolations(page: Page, label = page.url()): Promise<string[]> {
  // Details of the violations only: the passes and the undecided are not read, and skipping them saves about a
  // third of the time. A page without frames is analysed in legacy mode, by one run of axe inside the page: the
  // default mode, built to reach into frames, injects axe-core again into a new blank page of the context to merge
  // the frames' results, which costs more than the analysis itself.
  const framed = page.frames().length > 1;
  const result = await new AxeBuilder({ page, axeSource })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(!framed)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label} ${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
