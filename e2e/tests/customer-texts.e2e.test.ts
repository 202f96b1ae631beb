import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { formatUsPhone } from '@app/shared/phone';
import { loginSmsOptedOut } from '@app/shared/texts';
import { runTextsDemo } from '../../dev/src/demo/texts-demo';
import { withCookieConsent } from '../src/consent';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
import { useBrowserPage } from '../src/use-browser-page';
import { requestLoginCode } from '../src/portal-login';
import { textFrom } from '../src/sent-texts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the worker sent to `phone` through the API (not Twilio's own answers to keywords), oldest first. */
async function sentTo(phone: string): Promise<string[]> {
  const url = new URL('/_emulator/messages', inject('twilioUrl'));
  url.searchParams.set('to', phone);
  const { messages } = (await (await fetch(url)).json()) as { messages: { body: string; direction: string }[] };
  return messages.filter((m) => m.direction === 'outbound-api').map((m) => m.body).reverse();
}

/**
 * Every customer text through the whole system: staff change a deal in HubSpot (the emulator),
 * the worker's pull writes the texts with the mirror change, the outbox hands them to the queue,
 * the send job texts the Twilio emulator. Then the customer replies STOP through the emulator,
 * which posts it signed to the api, and nothing more goes out, login codes included.
 */
describe('customer texts, end to end', () => {
  const browser = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('texts each change once, keeps quiet after STOP (the login page says how to opt back in) and texts again after START', { timeout: 240_000 }, async () => {
    const customer = await createPortalCustomer('texts');
    const interval = inject('crmPullIntervalMs');
    const outcome = await runTextsDemo({
      crm: customer.crm,
      stages: crmStages(),
      contactHubspotId: customer.hubspotContactId,
      phone: customer.phone,
      twilioUrl: inject('twilioUrl'),
      pullWaitMs: interval + 3_000,
      mirrored: async ({ dealId, ticketId }) =>
        (await db.deal.count({ where: { hubspotId: dealId } })) > 0 && (await db.ticket.count({ where: { hubspotId: ticketId } })) > 0,
      reminderLeadMs: 24 * 3_600_000,
      reminderDueInMs: 8_000,
      textTimeoutMs: 45_000,
    });
    expect(outcome.texts.map((t) => t.step)).toEqual(['confirmed', 'invoice ready', 'request answered', 'rescheduled', 'reminder']);

    // Later pulls read the same changes again (the re-read window): still one text per occasion.
    await sleep(2 * interval + 2_000);
    const all = await sentTo(customer.phone);
    // The open invoice's own reminders (here 10 and 20 s after it opened: INVOICE_REMINDER_DELAY_SECONDS) are occasions of their own, at most one each.
    const isInvoiceReminder = (body: string) => body.includes('a reminder, your invoice for $289.00');
    expect(all.filter(isInvoiceReminder).length).toBeLessThanOrEqual(2);
    const sent = all.filter((body) => !isInvoiceReminder(body));
    for (const phrase of ['we got your cleaning request', 'is confirmed for', 'your invoice for $289.00 is ready', 'answered your change request', 'has moved to', 'reminder: your cleaning is']) {
      expect(sent.filter((body) => body.includes(phrase)), phrase).toHaveLength(1);
    }
    expect(sent).toHaveLength(6);
    // The move wrote one new reminder, for the new date; the first date's waits to be dropped when due.
    const deal = await db.deal.findUniqueOrThrow({ where: { hubspotId: outcome.dealId }, select: { id: true, scheduledAt: true } });
    const reminders = await db.smsMessage.findMany({ where: { dealId: deal.id, purpose: 'reminder' }, orderBy: { createdAt: 'asc' } });
    expect(reminders.map((r) => r.dedupeKey?.split(':')[2])).toHaveLength(2);
    expect(reminders[1]).toMatchObject({ dedupeKey: `reminder:${deal.id}:${deal.scheduledAt!.toISOString()}`, sid: expect.stringMatching(/^SM/) });
    expect(reminders[0]).toMatchObject({ status: 'queued', sid: null });

    // STOP: Twilio answers it, the api records it. Nothing more goes out from here until START
    // (an invoice reminder then due is canceled like any text).
    const sentBeforeStop = (await sentTo(customer.phone)).length;
    const stopped = await textFrom(customer.phone, 'STOP');
    expect(stopped.webhook?.status).toBe(200);
    expect(await db.smsOptOut.findUnique({ where: { phone: customer.phone } })).toMatchObject({ source: 'keyword', keyword: 'STOP' });

    // A new move is mirrored and its text written, but it never goes out.
    await customer.crm.patchDeal(outcome.dealId, { scheduledAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    await expect
      .poll(async () => (await db.smsMessage.findMany({ where: { dealId: deal.id, purpose: 'rescheduled' }, orderBy: { createdAt: 'asc' } })).map((m) => m.status), { timeout: 30_000, interval: 500 })
      .toEqual([expect.stringMatching(/^(sent|delivered)$/), 'canceled']);
    expect(await sentTo(customer.phone)).toHaveLength(sentBeforeStop);

    // The login page refuses to text a code, and says how to opt back in.
    const { page, session } = browser;
    await withCookieConsent(page);
    await requestLoginCode(page, customer);
    await page.getByRole('alert').getByText(loginSmsOptedOut(formatUsPhone(EMULATOR_DEFAULTS.TWILIO_FROM)), { exact: true }).waitFor();
    expect(await sentTo(customer.phone)).toHaveLength(sentBeforeStop);
    // The refused request is the browser's only console message.
    expect(session.takeProblems()).toEqual([expect.stringMatching(/status of 403 .*\/api\/portal\/auth\/request-code/)]);

    // START: the next code goes out.
    await textFrom(customer.phone, 'START');
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    await expect.poll(async () => (await sentTo(customer.phone)).length, { timeout: 20_000, interval: 250 }).toBe(sentBeforeStop + 1);
  });
});
