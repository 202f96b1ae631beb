import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core in the page (WCAG 2.0-2.2 A and AA plus best practices, or WCAG alone for a
 * document that is not a page of ours, such as an e-mail, which has no landmarks) and returns one readable
 * line per violation and element, so a failing assertion says what to fix and where.
 */
export async function axeViolations(page: Page, rules: 'wcag and best practices' | 'wcag' = 'wcag and best practices'): Promise<string[]> {
  const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  const results = await new AxeBuilder({ page })
    .withTags(rules === 'wcag' ? wcag : [...wcag, 'best-practice'])
    // axe.run() in the page itself. The default runs each frame apart and then merges the parts in
    // a new tab it opens for every check (a renderer process started, axe compiled twice), which
    // cost a quarter of axe's share of the browser's work. Our pages have no cross-origin frames,
    // the one thing only the default mode reaches.
    .setLegacyMode()
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${node.target.join(' ')} — ${violation.help}`),
  );
}
