import type { StageMap } from '@app/worker/crm/account/stage-map';
import { STAGE } from '@app/shared/deal-stages';
import type { HubSpotCrm } from './hubspot-crm';
import { waitUntil } from '../net';

/**
 * Walks a new deal through every change that texts its customer, the way staff make them in
 * HubSpot (through the emulator), and waits for each text in the Twilio emulator: the
 * confirmation, the invoice, the answer to a change request, the move, and the day-before
 * reminder of the new date (set to fall due shortly). Used by `npm run demo:texts` and by the
 * customer-texts browser test.
 */
export interface TextsDemoOptions {
  crm: HubSpotCrm;
  stages: StageMap;
  /** The customer, in HubSpot (the deal is theirs) and the phone our database holds for them. */
  contactHubspotId: string;
  phone: string;
  /** The Twilio emulator's origin (its control API). */
  twilioUrl: string;
  /** Long enough for the worker's next CRM pull to have run (its interval and a margin). */
  pullWaitMs: number;
  /**
   * Whether our mirror holds the new deal and ticket yet (HubSpot ids). Given, the demo waits for
   * it instead of for `pullWaitMs`: a pull delayed past that wait would first see the deal
   * already confirmed, and a deal first seen is never texted about.
   */
  mirrored?: (hubspot: { dealId: string; ticketId: string }) => Promise<boolean>;
  /** The worker's reminder lead (REMINDER_LEAD_HOURS). */
  reminderLeadMs: number;
  /** How soon after the move the reminder of the new date falls due. */
  reminderDueInMs: number;
  /** How long to wait for each text. */
  textTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface DemoText {
  sid: string;
  body: string;
  status: string;
}

export interface TextsDemoOutcome {
  /** The deal in HubSpot. */
  dealId: string;
  ticketId: string;
  /** The texts that arrived, in the order they were awaited. */
  texts: { step: string; body: string }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function textsTo(twilioUrl: string, phone: string): Promise<DemoText[]> {
  const response = await fetch(`${twilioUrl}/_emulator/messages?to=${encodeURIComponent(phone)}`);
  return ((await response.json()) as { messages: DemoText[] }).messages;
}

/** Waits until a text to `phone` not in `seen` contains `phrase`; returns it (and marks it seen). */
async function awaitText(o: TextsDemoOptions, seen: Set<string>, phrase: string): Promise<DemoText> {
  const deadline = Date.now() + (o.textTimeoutMs ?? 60_000);
  for (;;) {
    const found = (await textsTo(o.twilioUrl, o.phone)).find((m) => !seen.has(m.sid) && m.body.includes(phrase));
    if (found) {
      seen.add(found.sid);
      return found;
    }
    if (Date.now() > deadline) throw new Error(`no text containing "${phrase}" reached ${o.phone}`);
    await sleep(250);
  }
}

export async function runTextsDemo(o: TextsDemoOptions): Promise<TextsDemoOutcome> {
  const log = o.log ?? (() => {});
  const seen = new Set((await textsTo(o.twilioUrl, o.phone)).map((m) => m.sid));
  const texts: TextsDemoOutcome['texts'] = [];
  const expect = async (step: string, phrase: string) => {
    const text = await awaitText(o, seen, phrase);
    texts.push({ step, body: text.body });
    log(`  ${step}: ${text.body}`);
  };

  log('A new request in HubSpot, with a change request on it; waiting for the mirror to see them (nothing is texted about a deal first seen)…');
  const deal = await o.crm.createDeal(
    { dealname: 'Deep Clean (texts demo)', pipeline: o.stages.dealPipelineId, dealstage: o.stages.dealStageId(STAGE.CLEAN_REQUESTED), service_type: 'Deep Clean', amount: '289.00' },
    o.contactHubspotId,
  );
  const ticket = await o.crm.createTicket(
    { subject: 'Reschedule Request: texts demo', hs_pipeline: o.stages.ticketPipelineId, hs_pipeline_stage: o.stages.ticketStageId('1'), hs_ticket_category: 'Reschedule Request' },
    deal.id,
    o.contactHubspotId,
  );
  const { mirrored } = o;
  if (mirrored) {
    const seen = await waitUntil(() => mirrored({ dealId: deal.id, ticketId: ticket.id }), o.textTimeoutMs ?? 60_000, 250);
    if (!seen) throw new Error(`the mirror did not see deal ${deal.id} and ticket ${ticket.id}`);
  } else {
    await sleep(o.pullWaitMs);
  }

  log('Staff confirm it for three days ahead, send the invoice and complete the change request…');
  const firstDate = new Date(Date.now() + 3 * 86_400_000);
  await o.crm.patchDeal(deal.id, { dealstage: o.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: firstDate.toISOString() });
  await o.crm.attachInvoice(deal.id, { status: 'open', amount: '289.00', number: `DEMO-${deal.id}` });
  await o.crm.updateTicket(ticket.id, { hs_pipeline_stage: o.stages.ticketStageId('1613485805') });
  await expect('confirmed', 'is confirmed for');
  await expect('invoice ready', 'your invoice for $289.00 is ready');
  await expect('request answered', 'answered your change request');

  log('Staff move it to a time whose reminder falls due shortly…');
  const newDate = new Date(Date.now() + o.reminderLeadMs + o.reminderDueInMs);
  await o.crm.patchDeal(deal.id, { scheduledAt: newDate.toISOString() });
  await expect('rescheduled', 'has moved to');
  await expect('reminder', 'reminder: your cleaning is');
  return { dealId: deal.id, ticketId: ticket.id, texts };
}
