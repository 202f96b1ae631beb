import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createPrismaClient, type Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { STAGE } from '@app/shared/deal-stages';
import {
  EMAIL_REMINDERS_STOPPED,
  EMAIL_SEND_AGAIN,
  EMAIL_SENDING_AGAIN,
  EMAIL_STOP_REMINDERS,
  TEXTS_ON_TICK_REQUIRED,
  TEXTS_TURN_OFF,
  TEXTS_TURN_ON,
  TEXTS_TURNED_OFF,
  TEXTS_TURNED_ON,
} from '@app/shared/reach-channels';
import { portalTextsWords, SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { axeViolations } from '../src/axe';
import { launchBrowser, type BrowserSession } from '../src/browser';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf } from '../src/form-errors';
import { subjectsTo } from '../src/mail-inbox';
import { createPortalCustomer, crmStages, type PortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { waitForText } from '../src/sent-texts';
import { openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

const PHONE = { width: 390, height: 844 };
const WORDS = portalTextsWords(COMPANY)!;

/** The customer page of the staff area, with what we sent loaded. */
async function openCustomer(page: Page, email: string): Promise<Locator> {
  const context = await openStaffCustomer(page, email, 'Riley Portal');
  await context.getByRole('region', { name: 'What we sent' }).locator('[data-email-standing]').waitFor();
  return context;
}

/** One notice's row and its text's and e-mail's cells. */
function noticeRow(list: Locator, kind: string) {
  const row = list.locator(`tr[data-notice="${kind}"]`);
  return { row, text: row.locator('td[data-label="Text"]'), email: row.locator('td[data-label="E-mail"]') };
}

/**
 * How we reach a customer, through the whole system: the customer chooses in the portal (texts on
 * with the program's terms, reminders by e-mail off), staff confirm a cleaning in HubSpot, the
 * worker's pull plans the notices and the send jobs text the Twilio emulator and mail the mail
 * emulator as those choices allow, and the staff customer page lists what went on which channel
 * and why not. Then a bounced address is e-mailed again on the customer's word, and texts are
 * turned off.
 */
describe('how we reach a customer, end to end', () => {
  const browser = useBrowserPage();
  // The office's browser, beside the customer's.
  let office: BrowserSession;
  let db: Db;
  beforeAll(async () => {
    office = await launchBrowser();
    db = createPrismaClient(inject('databaseUrl'));
  }, 60_000);
  afterAll(async () => {
    await office?.close();
    await db?.$disconnect();
  });

  async function confirmCleaningRemindedSoon(customer: PortalCustomer): Promise<void> {
    const stages = crmStages();
    const deal = await customer.crm.createDeal(
      { dealname: 'Deep Clean (reach test)', pipeline: stages.dealPipelineId, dealstage: stages.dealStageId(STAGE.CLEAN_REQUESTED), service_type: 'Deep Clean', amount: '289.00' },
      customer.hubspotContactId,
    );
    // Nothing is sent about a deal first seen: wait for the mirror to hold it, then confirm it.
    await expect.poll(() => db.deal.count({ where: { hubspotId: deal.id } }), { timeout: 45_000, interval: 250 }).toBe(1);
    // A day ahead and a little: its reminder (24 hours before) falls due shortly.
    const at = new Date(Date.now() + 24 * 3_600_000 + 25_000);
    await customer.crm.patchDeal(deal.id, { dealstage: stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: at.toISOString() });
  }

  it('the portal turns texts on and reminders by e-mail off; the office sees what went on which channel and why not', { timeout: 300_000 }, async () => {
    const { page } = browser;
    // Booked with the text box left unticked: no texts but login codes.
    const customer = await createPortalCustomer('reach', { textsAgreed: false });
    await withCookieConsent(page);
    await signInToPortal(page, customer);
    const section = page.getByRole('region', { name: 'How we reach you' });
    const texts = section.getByRole('group', { name: /^Texts to / });
    await texts.waitFor();
    expect(await texts.getAttribute('data-texts')).toBe('not_agreed');
    expect(await texts.locator('[data-texts-standing]').innerText()).toMatch(/^Off: you didn't choose texts when you booked/);
    expect(await axeViolations(page)).toEqual([]);

    // Turning texts on shows the box and the program's terms; it is refused unticked, naming the box.
    await texts.getByRole('button', { name: TEXTS_TURN_ON }).click();
    const form = section.getByRole('form', { name: TEXTS_TURN_ON });
    const box = form.getByRole('checkbox', { name: WORDS.textsOptIn });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.locator('[data-sms-terms]').innerText()).toBe(`${WORDS.disclosure} See our Privacy Policy and Terms.`);
    await form.getByRole('button', { name: TEXTS_TURN_ON }).click();
    await expect.poll(() => errorOf(box)).toBe(TEXTS_ON_TICK_REQUIRED);
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await box.check();
    await form.getByRole('button', { name: TEXTS_TURN_ON }).click();
    await section.getByRole('status').getByText(TEXTS_TURNED_ON, { exact: true }).waitFor();
    expect(await texts.getAttribute('data-texts')).toBe('on');
    // The form is gone: the keyboard goes on from the texts' new standing.
    await expect.poll(() => texts.evaluate((el) => el === document.activeElement)).toBe(true);
    // Kept as the booking's consent is: the version and the words shown.
    const kept = await db.smsConsent.findFirstOrThrow({ where: { phone: customer.phone, form: 'portal' } });
    expect(kept).toMatchObject({ version: SMS_CONSENT_VERSION, words: WORDS.words, textsAgreed: true });

    // Reminders and rating requests by e-mail: off.
    const email = section.getByRole('group', { name: `E-mail to ${customer.email}` });
    await email.getByRole('button', { name: EMAIL_STOP_REMINDERS }).click();
    await section.getByRole('status').getByText(EMAIL_REMINDERS_STOPPED, { exact: true }).waitFor();
    expect(await email.locator('[data-email-reminders]').getAttribute('data-email-reminders')).toBe('off');
    // On a phone: nothing runs off the side, and the section passes axe.
    await page.setViewportSize(PHONE);
    expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The office confirms a cleaning in HubSpot: the confirmation goes by text and e-mail, the
    // reminder by text only (its e-mail was unsubscribed).
    await confirmCleaningRemindedSoon(customer);
    await waitForText(customer.phone, (body) => body.includes('is confirmed for'), 45_000);
    await waitForText(customer.phone, (body) => body.includes('reminder: your cleaning is'), 90_000);
    await expect.poll(async () => (await subjectsTo(customer.email)).some((s) => s.startsWith('Your cleaning is confirmed for')), { timeout: 30_000, interval: 500 }).toBe(true);
    await expect
      .poll(async () => (await db.emailMessage.findMany({ where: { to: customer.email, purpose: 'reminder' }, select: { status: true } })).map((m) => m.status), { timeout: 30_000, interval: 500 })
      .toEqual(['canceled']);
    expect((await subjectsTo(customer.email)).filter((s) => s.startsWith('Reminder:'))).toEqual([]);

    // The office's customer page: each notice, per channel, and why not.
    const staffPage = await office.newPage();
    await withCookieConsent(staffPage);
    await signInAsStaff(staffPage, 'reach');
    await waitForApp(staffPage);
    let context = await openCustomer(staffPage, customer.email);
    let sent = context.getByRole('region', { name: 'What we sent' });
    expect(await sent.locator('[data-email-standing]').innerText()).toContain('unsubscribed from reminders and rating requests');
    const received = noticeRow(sent, 'request_received');
    expect(await received.text.innerText()).toMatch(/^None: the booking left the text box unticked/);
    expect(await received.email.innerText()).toMatch(/^(Sent|Delivered)/);
    const confirmed = noticeRow(sent, 'cleaning_confirmed');
    expect(await confirmed.text.innerText()).toMatch(/^(Sent|Delivered)/);
    expect(await confirmed.email.innerText()).toMatch(/^(Sent|Delivered)/);
    const reminder = noticeRow(sent, 'reminder');
    expect(await reminder.text.innerText()).toMatch(/^(Sent|Delivered)/);
    expect(await reminder.email.innerText()).toMatch(/^Not sent: the customer unsubscribed from reminders and rating requests\./);
    // Newest first: the reminder was planned with the confirmation, after the booking's notice.
    const kinds = await sent.locator('tr[data-notice]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-notice')));
    expect(kinds.indexOf('request_received')).toBe(kinds.length - 1);
    // The consent list names the portal's choice.
    expect(await context.getByRole('region', { name: 'Text consent' }).innerText()).toContain('portal (How we reach you)');
    expect(await axeViolations(staffPage)).toEqual([]);

    // Back in the portal: the address bounced (as the provider's report records it, another
    // part's write), is told with the reason, and is e-mailed again on the customer's word.
    const reason = '550 5.1.1 The email account that you tried to reach does not exist';
    await db.emailSuppression.update({ where: { address: customer.email }, data: { bouncedAt: new Date(), reason } });
    await page.reload();
    const bounced = section.locator('[data-email-bounced]');
    await bounced.waitFor();
    expect(await bounced.innerText()).toContain(`(the mail server said: ${reason})`);
    expect(await axeViolations(page)).toEqual([]);
    await bounced.getByRole('button', { name: EMAIL_SEND_AGAIN }).click();
    await section.getByRole('status').getByText(EMAIL_SENDING_AGAIN, { exact: true }).waitFor();
    expect(await bounced.count()).toBe(0);
    expect(await db.emailSuppression.findUniqueOrThrow({ where: { address: customer.email } })).toMatchObject({ bouncedAt: null, reason: null });

    // Texts off again: the office's page says only login codes go, by the customer's choice in the portal.
    await texts.getByRole('button', { name: TEXTS_TURN_OFF }).click();
    await section.getByRole('status').getByText(TEXTS_TURNED_OFF, { exact: true }).waitFor();
    expect(await texts.getAttribute('data-texts')).toBe('turned_off');
    await staffPage.reload();
    context = staffPage.getByRole('article', { name: 'Riley Portal' });
    sent = context.getByRole('region', { name: 'What we sent' });
    await sent.locator('[data-email-standing]').waitFor();
    expect(await context.locator('[data-texts-not-agreed="portal"]').innerText()).toContain('the customer turned texts off in the portal');
    expect(await sent.locator('[data-email-standing]').innerText()).not.toContain('bounced');
    await staffPage.close();
    expect(office.takeProblems()).toEqual([]);
  });
});
