import { describe, expect, it } from 'vitest';
import { renderNoticeEmail } from '../../worker/src/email/render-notice';
import { EVERY_KIND, SAMPLE_COMPANY } from '../../worker/src/email/sample-notices';
import { axeViolations } from '../src/axe';
import { useBrowserPage } from '../src/use-browser-page';

/**
 * Every notice e-mail as a phone's mail program shows it: Chromium at 390 px, in the light and the
 * dark colour scheme. Each fits the width (nothing to scroll sideways), follows the scheme, and
 * passes axe's WCAG rules, its colour contrast included.
 */
describe('notice e-mails in a browser, at 390 px, light and dark', () => {
  const browser = useBrowserPage();

  it.each(EVERY_KIND.map((notice) => [notice.kind, notice] as const))('%s', async (_kind, notice) => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const { html } = await renderNoticeEmail(notice, SAMPLE_COMPANY);
    const looks: unknown[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setContent(html);
      const look = await page.evaluate(() => {
        const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number) as [number, number, number];
        return { fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth, dark: r + g + b < 3 * 96 };
      });
      looks.push({ scheme, ...look, violations: await axeViolations(page, 'wcag') });
    }
    expect(looks).toEqual([
      { scheme: 'light', fits: true, dark: false, violations: [] },
      { scheme: 'dark', fits: true, dark: true, violations: [] },
    ]);
  });
});
