import type { Page } from 'playwright-core';

/**
 * What a screen reader would announce on its own, recorded in the page: text that appears in a
 * live region (role status, alert or log, or aria-live) that was already on the page, and any
 * role="alert" element as it is inserted. A status region inserted together with its text is
 * not counted: screen readers only follow regions they already know. Call before the page loads.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const LIVE = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';
    const said: string[] = [];
    Object.defineProperty(window, '__announcements', { value: said });
    const say = (text: string | null | undefined) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (clean) said.push(clean);
    };
    const observer = new MutationObserver((mutations) => {
      const inserted = mutations.flatMap((m) => [...m.addedNodes]).filter((n): n is Element => n instanceof Element);
      const isNew = (el: Element) => inserted.some((added) => added.contains(el));
      for (const element of inserted) {
        if (element.matches('[role="alert"]')) say(element.textContent);
        for (const alert of element.querySelectorAll('[role="alert"]')) say(alert.textContent);
      }
      for (const m of mutations) {
        const target = m.target instanceof Element ? m.target : m.target.parentElement;
        const region = target?.closest(LIVE);
        if (!region || isNew(region)) continue;
        if (m.type === 'characterData') say(region.textContent);
        else for (const node of m.addedNodes) say(node.textContent);
      }
    });
    const start = () => observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
}

/** Everything announced so far, in order. */
export async function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __announcements: string[] }).__announcements ?? []);
}
