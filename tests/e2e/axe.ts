import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of what the page shows now, one
 * line each with the page, the rule and the first nodes: what the accessibility walks assert empty.
 */
export async function seriousViolations(page: Page, label = page.url()): Promise<string[]> {
  // details of the violations only: the passes and the undecided are not read, and skipping them saves about a third of the time
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
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
