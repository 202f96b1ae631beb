import { describe, expect, it } from 'vitest';
import { renderNoticeEmail } from './render-notice';
import { EVERY_KIND, SAMPLE_COMPANY, SAMPLE_PORTAL_URL } from './sample-notices';
import type { EmailNotice } from './templates/notices';

const company = SAMPLE_COMPANY;
const portalUrl = SAMPLE_PORTAL_URL;

describe('notice e-mails', () => {
  it.each(EVERY_KIND.map((notice) => [notice.kind, notice] as const))('%s: HTML and plain text with the company, its address and phone', async (_kind, notice) => {
    const email = await renderNoticeEmail(notice, company);
    for (const part of [email.html, email.text]) {
      expect(part).toContain(company.name);
      expect(part).toContain(company.address);
      expect(part).toContain(company.phone);
    }
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    expect(email.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(email.text).not.toContain('<');
    // Only reminders and rating requests carry an unsubscribe link.
    const optional = notice.kind === 'reminder' || notice.kind === 'rating_request';
    expect(email.text.includes('Unsubscribe from reminders and rating requests')).toBe(optional);
  });

  it('names the times in Eastern Time with ET, and the quote its price and frequency', async () => {
    expect((await renderNoticeEmail(EVERY_KIND[2]!, company)).subject).toBe('Your cleaning is confirmed for Tue, Dec 8 at 10:00 AM ET');
    const quote = await renderNoticeEmail(EVERY_KIND[1]!, company);
    expect(quote.subject).toBe('Your quote for AHC-1234 is ready');
    expect(quote.text).toContain('$233.10 a visit, weekly');
    expect(quote.text).toContain(`${portalUrl}#quote`);
    const answered = await renderNoticeEmail(EVERY_KIND[6]!, company);
    expect(answered.subject).toBe('Your cleaning AHC-1234 is moved to Tue, Dec 8 at 10:00 AM ET');
    expect(answered.text).toContain("We've moved your cleaning AHC-1234 to Tue, Dec 8 at 10:00 AM ET, as you asked.");
    const onMyWay = await renderNoticeEmail(EVERY_KIND[9]!, company);
    expect(onMyWay.text).toContain('Maria is on the way and should arrive between 9:50 AM and 10:10 AM ET.');
    const plan = await renderNoticeEmail(EVERY_KIND.find((n) => n.kind === 'plan_confirmed')!, company);
    expect(plan.subject).toBe('Your recurring plan is set: Every Tuesday at 10:00 AM');
    expect(plan.text).toContain('Your next visits: Tue, Dec 8 at 10:00 AM ET; Tue, Dec 15 at 10:00 AM ET; Tue, Dec 22 at 10:00 AM ET.');
  });

  it('says how to rate: by text, to our number, or as a reply to our text without one', async () => {
    const rating = await renderNoticeEmail(EVERY_KIND[8]!, company);
    expect(rating.subject).toBe('How did your Atlanta Home Cleaning cleaning go?');
    expect(rating.text).toContain('Text us a rating from 1 (poor) to 5 (great) at (404) 555-0123: just the number, like 5.');
    const viaService = await renderNoticeEmail({ ...(EVERY_KIND[8] as Extract<EmailNotice, { kind: 'rating_request' }>), textTo: null }, company);
    expect(viaService.text).toContain('Reply to our text with a rating from 1 (poor) to 5 (great): just the number, like 5.');
  });

  it('escapes what customers and staff typed', async () => {
    const email = await renderNoticeEmail({ kind: 'portal_invite', firstName: '<img src=x onerror=alert(1)>', signInUrl: `${portalUrl}/login` }, company);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
