import type { TwilioClient } from './twilio-client';
import { checkTable } from '../check-table';

/**
 * What `npm run sms:check` verifies before texts go to US phones (docs/twilio.md, "Before
 * launch"): the sender exists and can text, it sits in a Messaging Service, Twilio calls our
 * webhooks, and the number is registered (an A2P 10DLC campaign on the service for a local
 * number, an approved toll-free verification for a toll-free one). Read-only: it changes nothing.
 */

export type CheckStatus = 'ok' | 'warning' | 'missing' | 'mismatch' | 'pending' | 'failed';

export interface CheckItem {
  subject: string;
  status: CheckStatus;
  detail: string;
}

export interface SmsAccountReport {
  items: CheckItem[];
  ready: boolean;
  /** The blocking items as sentences. */
  problems: string[];
}

export interface SmsCheckExpectations {
  /** TWILIO_FROM: an E.164 number or a Messaging Service SID (MG...). */
  from: string;
  /** Where Twilio must post texts people send us (the api's TWILIO_INBOUND_URL). */
  inboundUrl: string;
  /** TWILIO_STATUS_CALLBACK_URL, which the worker passes with every message; null when unset. */
  statusCallbackUrl: string | null;
  /** Talking to the real Twilio (no TWILIO_BASE_URL): our URLs must be reachable from the internet. */
  realTwilio: boolean;
}

const BLOCKING: ReadonlySet<CheckStatus> = new Set(['missing', 'mismatch', 'pending', 'failed']);

// NANP toll-free area codes: texts from them need toll-free verification, not A2P 10DLC.
const TOLL_FREE = /^\+18(00|33|44|55|66|77|88)\d{7}$/;
const US_NUMBER = /^\+1\d{10}$/;

interface Sender {
  sid: string;
  phoneNumber: string;
}

interface ServiceView {
  sid: string;
  friendlyName: string;
  inboundRequestUrl: string | null;
  useInboundWebhookOnNumber: boolean;
  statusCallback: string | null;
}

/** A host Twilio cannot reach: this machine, a private network, a name only local DNS knows. */
function unreachableHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    !host.includes('.') ||
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host === '::1' ||
    /^f[cd][0-9a-f]{2}:/i.test(host)
  );
}

function twilioMessage(error: unknown): string {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const status = typeof record.status === 'number' ? `HTTP ${record.status}` : null;
  const code = typeof record.code === 'number' || typeof record.code === 'string' ? `code ${record.code}` : null;
  const message = error instanceof Error ? error.message : String(error);
  return [status, code].filter(Boolean).join(', ') + (status || code ? ': ' : '') + message;
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

export async function checkSmsAccount(client: TwilioClient, expect: SmsCheckExpectations): Promise<SmsAccountReport> {
  const items: CheckItem[] = [];
  const add = (subject: string, status: CheckStatus, detail: string) => items.push({ subject, status, detail });
  try {
    await runChecks(client, expect, add);
  } catch (error) {
    // Credentials refused (20003), Twilio unreachable, an answer we could not read: say so and stop.
    add('Twilio API', 'failed', `${twilioMessage(error)} (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: the account's live credentials)`);
  }
  const problems = items.filter((i) => BLOCKING.has(i.status)).map((i) => `${i.subject}: ${i.status} (${i.detail})`);
  return { items, ready: problems.length === 0, problems };
}

type Add = (subject: string, status: CheckStatus, detail: string) => void;

async function runChecks(client: TwilioClient, expect: SmsCheckExpectations, add: Add): Promise<void> {
  const messaging = client.messaging.v1;

  // 1. The sender and the Messaging Service that holds it.
  let service: ServiceView | null;
  let senders: Sender[];
  if (expect.from.startsWith('MG')) {
    try {
      const found = await messaging.services(expect.from).fetch();
      service = { sid: found.sid, friendlyName: found.friendlyName, inboundRequestUrl: found.inboundRequestUrl, useInboundWebhookOnNumber: found.useInboundWebhookOnNumber, statusCallback: found.statusCallback };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      add('sender', 'missing', `TWILIO_FROM names Messaging Service ${expect.from}, which this account does not have: copy the SID from Console → Messaging → Services`);
      return;
    }
    const pool = await messaging.services(service.sid).phoneNumbers.list({ limit: 400 });
    senders = pool.map((n) => ({ sid: n.sid, phoneNumber: n.phoneNumber }));
    if (senders.length === 0) {
      add('sender', 'missing', `Messaging Service "${service.friendlyName}" (${service.sid}) has no phone number: add one in its Sender Pool`);
      return;
    }
    const notSms = pool.filter((n) => !n.capabilities.map((c) => c.toUpperCase()).includes('SMS'));
    if (notSms.length > 0) add('sender', 'mismatch', `not SMS-capable: ${notSms.map((n) => n.phoneNumber).join(', ')}: remove from the Sender Pool or use SMS-capable numbers`);
    else add('sender', 'ok', `Messaging Service "${service.friendlyName}" (${service.sid}) sends from ${senders.map((s) => s.phoneNumber).join(', ')}`);
    add('Messaging Service', 'ok', `TWILIO_FROM is the service ${service.sid}`);
  } else {
    const owned = await client.incomingPhoneNumbers.list({ phoneNumber: expect.from, limit: 20 });
    const number = owned.find((n) => n.phoneNumber === expect.from);
    if (!number) {
      add('sender', 'missing', `${expect.from} (TWILIO_FROM) is not a phone number of this account: buy or port it (Console → Phone Numbers), or correct TWILIO_FROM`);
      return;
    }
    if (!number.capabilities.sms) add('sender', 'mismatch', `${expect.from} cannot send SMS: use an SMS-capable number`);
    else add('sender', 'ok', `${expect.from} (${number.sid}), SMS-capable`);
    senders = [{ sid: number.sid, phoneNumber: number.phoneNumber }];
    service = await serviceHolding(client, number.sid, expect.from);
    if (service) add('Messaging Service', 'ok', `"${service.friendlyName}" (${service.sid}) holds ${expect.from}`);
    else {
      add('Messaging Service', 'missing', `${expect.from} is in no Messaging Service: create one (Console → Messaging → Services, use case "notifications"), add the number to its Sender Pool, and register the A2P campaign on that service`);
    }
  }

  // 2. Texts people send us: the service's inbound URL, or each number's own when it defers.
  const defersToNumber = !service || service.useInboundWebhookOnNumber;
  if (defersToNumber) {
    const how = service ? `service "${service.friendlyName}" defers to the sender's webhook, so the number's own` : 'no service, so the number\'s own';
    for (const sender of senders) {
      const [number] = await client.incomingPhoneNumbers.list({ phoneNumber: sender.phoneNumber, limit: 1 });
      compareUrl(add, `incoming webhook ${sender.phoneNumber}`, number?.smsUrl || null, expect.inboundUrl, `${how} "A message comes in" webhook`, 'Console → Phone Numbers → the number → Messaging configuration');
    }
  } else {
    compareUrl(add, 'incoming webhook', service!.inboundRequestUrl, expect.inboundUrl, `service "${service!.friendlyName}" sends a webhook to`, `Console → Messaging → Services → ${service!.friendlyName} → Integration → "Send a webhook", Request URL, HTTP POST`);
  }

  // 3. Delivery reports: the worker names its callback with every message, which overrides the service's.
  if (expect.statusCallbackUrl) {
    const serviceOwn = service?.statusCallback && service.statusCallback !== expect.statusCallbackUrl ? ` (it overrides the service's ${service.statusCallback})` : '';
    add('status callback', 'ok', `${expect.statusCallbackUrl}, passed with every message${serviceOwn}`);
  } else {
    add('status callback', 'missing', 'TWILIO_STATUS_CALLBACK_URL is unset: no delivery reports, so 30034, 30006 or 30007 would never show. Set it on the api and the worker to https://<your site>/api/twilio/status');
  }

  // 4. Registration of each sender.
  for (const sender of senders) await checkRegistration(client, service, sender, add);

  // 5. Twilio calls our URLs from the internet.
  if (expect.realTwilio) {
    const urls = [expect.inboundUrl, ...(expect.statusCallbackUrl ? [expect.statusCallbackUrl] : [])];
    const unreachable = urls.filter(unreachableHost);
    if (unreachable.length > 0) add('public URLs', 'mismatch', `Twilio cannot reach ${unreachable.join(', ')}: set PUBLIC_URL (or TWILIO_INBOUND_URL, TWILIO_STATUS_CALLBACK_URL) to the site's public https address`);
    else if (urls.some((u) => u.startsWith('http:'))) add('public URLs', 'warning', `${urls.filter((u) => u.startsWith('http:')).join(', ')} is plain http: use https so requests and their signatures cannot be read on the way`);
    else add('public URLs', 'ok', urls.join(', '));
  }
}

function compareUrl(add: Add, subject: string, actual: string | null, wanted: string, what: string, where: string): void {
  if (!actual) add(subject, 'missing', `${what} is not set: set it to ${wanted} (${where})`);
  else if (actual !== wanted) add(subject, 'mismatch', `${what} is ${actual}, not ${wanted}: STOP, START and HELP replies would not reach us (${where})`);
  else add(subject, 'ok', `${what} ${actual}`);
}

/** The Messaging Service whose Sender Pool has the number, if any. */
async function serviceHolding(client: TwilioClient, numberSid: string, phoneNumber: string): Promise<ServiceView | null> {
  const services = await client.messaging.v1.services.list({ limit: 400 });
  for (const found of services) {
    const pool = await client.messaging.v1.services(found.sid).phoneNumbers.list({ limit: 400 });
    if (pool.some((n) => n.sid === numberSid || n.phoneNumber === phoneNumber)) {
      return { sid: found.sid, friendlyName: found.friendlyName, inboundRequestUrl: found.inboundRequestUrl, useInboundWebhookOnNumber: found.useInboundWebhookOnNumber, statusCallback: found.statusCallback };
    }
  }
  return null;
}

async function checkRegistration(client: TwilioClient, service: ServiceView | null, sender: Sender, add: Add): Promise<void> {
  const messaging = client.messaging.v1;
  if (TOLL_FREE.test(sender.phoneNumber)) {
    const subject = `toll-free verification ${sender.phoneNumber}`;
    const [verification] = await messaging.tollfreeVerifications.list({ tollfreePhoneNumberSid: sender.sid, limit: 20 });
    if (!verification) {
      add(subject, 'missing', 'none submitted: texts to US and Canadian phones fail with 30032 until it is approved (Console → Phone Numbers → Regulatory Compliance → Toll-free verifications)');
    } else if (verification.status === 'TWILIO_APPROVED') add(subject, 'ok', `approved (${verification.sid})`);
    else if (verification.status === 'TWILIO_REJECTED') {
      const why = [verification.errorCode ? `error ${verification.errorCode}` : null, verification.rejectionReason].filter(Boolean).join(': ');
      add(subject, 'failed', `rejected${why ? ` (${why})` : ''}: correct the submission and resubmit${verification.editAllowed ? ' (edits allowed)' : ', or submit a new one'}; texts fail with 30032 meanwhile`);
    } else add(subject, 'pending', `${String(verification.status ?? 'unknown').toLowerCase().replace('_', ' ')} (${verification.sid}): texts fail with 30032 until it is approved`);
    return;
  }
  if (!US_NUMBER.test(sender.phoneNumber)) {
    add(`registration ${sender.phoneNumber}`, 'warning', 'not a US number: A2P 10DLC does not apply; check the destination countries\' sender rules');
    return;
  }
  const subject = `A2P 10DLC campaign ${sender.phoneNumber}`;
  if (!service) {
    add(subject, 'missing', 'a local number texts US phones only through an approved A2P campaign on its Messaging Service (texts fail with 30034 meanwhile): put the number in a service first');
    return;
  }
  const campaigns = await messaging.services(service.sid).usAppToPerson.list({ limit: 20 });
  const verified = campaigns.find((c) => c.campaignStatus === 'VERIFIED');
  if (verified) {
    add(subject, 'ok', `verified${verified.campaignId ? ` (campaign ${verified.campaignId})` : ''} on "${service.friendlyName}"`);
    return;
  }
  const [campaign] = campaigns;
  // Twilio's field is a free string (IN_PROGRESS, PENDING, FAILED, ...); never trust it to be set.
  const status = String(campaign?.campaignStatus ?? 'unknown');
  if (!campaign) {
    add(subject, 'missing', `no campaign on service "${service.friendlyName}": register the brand and campaign (Console → Trust Hub → A2P 10DLC); texts fail with 30034 until it is verified`);
  } else if (status === 'FAILED' || status === 'SUSPENDED' || status === 'EXPIRED') {
    const reasons = (campaign.errors ?? [])
      .map((e) => {
        const error = e as { error_code?: unknown; description?: unknown };
        return [error.error_code, error.description].filter((v) => v !== undefined && v !== null).join(' ');
      })
      .filter(Boolean);
    add(subject, 'failed', `${status.toLowerCase()}${reasons.length ? ` (${reasons.join('; ')})` : ''}: fix the campaign and resubmit it; texts fail with 30034 meanwhile`);
  } else {
    add(subject, 'pending', `${status.toLowerCase().replace('_', ' ')}: vetting takes days to weeks; texts fail with 30034 until it is verified`);
  }
}

/** The report as a table for people, like `crm:setup --check` prints its own. */
export function formatSmsReport(report: SmsAccountReport): string {
  const verdict = report.ready
    ? 'Ready: texts to US phones can go out from this account.'
    : `NOT ready: ${report.problems.length} problem(s) above (missing, mismatch, pending, failed). Texts to US phones would fail (30034, 30032) or replies and delivery reports would not reach us.`;
  return checkTable(report.items, verdict);
}
