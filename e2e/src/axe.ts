import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core in the page (WCAG 2.0-2.2 A and AA plus best practices) and returns one readable
 * line per violation and element, so a failing assertion says what to fix and where.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${node.target.join(' ')} — ${violation.help}`),
  );
}
