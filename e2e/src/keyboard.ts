import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Keyboard-only browser tests: focus moves by Tab and Shift+Tab alone, and every stop must show
 * where focus is (an outline of at least 2 px or a box shadow, WCAG 2.4.7). Nothing here clicks.
 */

/** How the focused element shows focus, or why it does not ('' when it does). */
async function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return 'focus is on no control';
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    if (outlined || style.boxShadow !== 'none') return '';
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    const type = el.getAttribute('type');
    return `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name.trim().slice(0, 40)}" shows no focus`;
  });
}

/** A short name of the focused element, for failure messages. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing)';
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
  });

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has focus, at most `max` times, and
 * checks that the focus is visible there. Fails naming where focus went instead.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expect(await focusProblem(page)).toBe('');
      return;
    }
    seen.push(await focusedName(page));
  }
  throw new Error(`Tab never reached the control; focus went to: ${seen.join(', ')}`);
}

/** Whether focus is on `target` (or inside it). */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/**
 * Walks the whole tab order from the top of the page and returns the controls inside `scope`
 * that Tab never reached (a radio group counts once: Tab enters it, arrows move inside), and
 * every stop that showed no focus. Both should be empty.
 */
export async function tabOrderGaps(page: Page, scope: Locator): Promise<{ unreachable: string[]; invisible: string[] }> {
  const controls = await scope.evaluate((root) => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const visible = (el: HTMLElement) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const found: string[] = [];
    let n = 0;
    for (const el of root.querySelectorAll<HTMLElement>(selector)) {
      if (el.matches(':disabled, [tabindex="-1"], input[type="hidden"]') || el.closest('[inert]') || !visible(el)) continue;
      // A radio group is one stop: tag every radio of the group with the same key.
      const key = el instanceof HTMLInputElement && el.type === 'radio' ? `radio:${el.name}` : `control:${(n += 1)}`;
      el.dataset.kbKey = key;
      if (!found.includes(key)) found.push(key);
    }
    return found;
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  const invisible: string[] = [];
  // Enough presses to pass every control of the page once, and the header and footer.
  for (let i = 0; i < controls.length + 80; i += 1) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kbKey ?? null);
    if (key === null) continue;
    if (reached.has(key) && reached.size === controls.length) break;
    reached.add(key);
    const problem = await focusProblem(page);
    if (problem) invisible.push(problem);
  }
  const unreachable = await scope.evaluate(
    (root, missing) =>
      missing.map((key) => {
        const el = root.querySelector<HTMLElement>(`[data-kb-key="${key}"]`);
        return `${el?.tagName.toLowerCase()} "${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40)}"`;
      }),
    controls.filter((key) => !reached.has(key)),
  );
  return { unreachable, invisible: [...new Set(invisible)] };
}

/** The text a screen reader reads as the element's description (its aria-describedby targets). */
export async function accessibleDescription(target: Locator): Promise<string> {
  return target.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}
