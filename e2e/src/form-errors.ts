import type { Locator } from 'playwright-core';

/**
 * The validation message tied to a control (input, select or a radio group's fieldset) through
 * aria-describedby, exactly as a screen reader would read it; '' when it has none. Reading it this
 * way also checks the wiring: a message that is shown but not linked is not found.
 */
export async function errorOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  if (ids.length === 0) return '';
  const page = control.page();
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** A 1×1 PNG, enough for the browser to decode and preview. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A unique address per test, so tests sharing the database and the CRM emulator never meet. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
