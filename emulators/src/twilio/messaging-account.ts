import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DELIVERY_ERRORS, type DeliveryOutcome } from './delivery-failures';
import { sameNumber } from './message-store';

// The account's sending setup as Twilio's REST API shows it: the one number the product sends
// from, the Messaging Service holding it, that service's A2P 10DLC campaign and, for a toll-free
// number, its toll-free verification. `npm run sms:check` reads these through the twilio SDK; the
// control API (POST /_emulator/account) puts them in the states a real account can be in.

/** The A2P campaign statuses Twilio reports (UsAppToPerson.campaign_status). */
export const CAMPAIGN_STATUSES = ['VERIFIED', 'PENDING', 'IN_PROGRESS', 'FAILED', 'SUSPENDED', 'EXPIRED'] as const;
/** Toll-free verification statuses (Tollfree Verification.status). */
export const TOLLFREE_STATUSES = ['PENDING_REVIEW', 'IN_REVIEW', 'TWILIO_APPROVED', 'TWILIO_REJECTED'] as const;

// NANP toll-free area codes (800, 833, 844, 855, 866, 877, 888).
const TOLL_FREE = /^\+18(00|33|44|55|66|77|88)\d{7}$/;
export const isTollFree = (phone: string): boolean => TOLL_FREE.test(phone);

export interface AccountNumber {
  sid: string;
  phoneNumber: string;
  smsCapable: boolean;
  /** The number's own "A message comes in" webhook (IncomingPhoneNumber.sms_url). */
  smsUrl: string | null;
}

export interface Campaign {
  sid: string;
  status: (typeof CAMPAIGN_STATUSES)[number];
  /** Why vetting failed, as Twilio lists them (UsAppToPerson.errors). */
  errors: { error_code: number; description: string; fields: string[]; url: string }[];
}

export interface MessagingService {
  sid: string;
  friendlyName: string;
  inboundRequestUrl: string | null;
  /** Console: "Defer to sender's webhook" — the number's sms_url is called instead. */
  useInboundWebhookOnNumber: boolean;
  statusCallback: string | null;
  /** Whether the account's number is in the service's sender pool. */
  holdsNumber: boolean;
  campaign: Campaign | null;
}

export interface TollfreeVerification {
  sid: string;
  status: (typeof TOLLFREE_STATUSES)[number];
  rejectionReason: string | null;
  errorCode: number | null;
}

export interface MessagingAccount {
  number: AccountNumber;
  service: MessagingService | null;
  tollfreeVerification: TollfreeVerification | null;
  createdAt: Date;
}

export interface AccountDefaults {
  accountSid: string;
  phoneNumber: string;
  webhookUrl: string | null;
  statusCallbackUrl: string | null;
}

/** A SID of `prefix` that stays the same for the same account (so a restart shows the same ids). */
function stableSid(prefix: string, accountSid: string, what: string): string {
  return `${prefix}${createHash('sha256').update(`${accountSid}:${what}`).digest('hex').slice(0, 32)}`;
}

/**
 * The account ready to text US phones, as the product's setup guide leaves it: the number in a
 * Messaging Service whose incoming-message webhook is ours, with a verified A2P campaign (a local
 * number) or an approved toll-free verification (a toll-free one).
 */
export function readyAccount(defaults: AccountDefaults): MessagingAccount {
  const tollFree = isTollFree(defaults.phoneNumber);
  return {
    number: { sid: stableSid('PN', defaults.accountSid, 'number'), phoneNumber: defaults.phoneNumber, smsCapable: true, smsUrl: defaults.webhookUrl },
    service: {
      sid: stableSid('MG', defaults.accountSid, 'service'),
      friendlyName: 'Cleaning texts',
      inboundRequestUrl: defaults.webhookUrl,
      useInboundWebhookOnNumber: false,
      statusCallback: defaults.statusCallbackUrl,
      holdsNumber: true,
      campaign: tollFree ? null : { sid: stableSid('QE', defaults.accountSid, 'campaign'), status: 'VERIFIED', errors: [] },
    },
    tollfreeVerification: tollFree ? { sid: stableSid('HH', defaults.accountSid, 'tollfree'), status: 'TWILIO_APPROVED', rejectionReason: null, errorCode: null } : null,
    createdAt: new Date(),
  };
}

/** Where Twilio posts a text sent to `to`: the service's inbound URL unless it defers to the number. */
export function inboundWebhookFor(account: MessagingAccount, to: string): string | null {
  if (!sameNumber(account.number.phoneNumber, to)) return null;
  const service = account.service;
  if (service?.holdsNumber && !service.useInboundWebhookOnNumber) return service.inboundRequestUrl;
  return account.number.smsUrl;
}

/** Points the webhook Twilio would call for the number (its service's, unless that defers). */
export function setEffectiveWebhook(account: MessagingAccount, url: string | null): void {
  const service = account.service;
  if (service?.holdsNumber && !service.useInboundWebhookOnNumber) service.inboundRequestUrl = url;
  else account.number.smsUrl = url;
}

/**
 * How Twilio ends a text from the account's own number while that number is not registered for
 * US traffic: `failed` with 30034 (a local number outside a Messaging Service with a verified A2P
 * campaign) or 30032 (a toll-free number without an approved verification). Null for any other
 * sender (the emulator cannot know those numbers' registration) and for non-US recipients.
 */
export function registrationBlock(account: MessagingAccount, sender: { from: string | null; messagingServiceSid: string | null }, to: string): DeliveryOutcome | null {
  const { number, service } = account;
  const viaService = sender.messagingServiceSid !== null && service?.holdsNumber === true && sender.messagingServiceSid === service.sid;
  const ours = viaService || (sender.from !== null && sameNumber(number.phoneNumber, sender.from));
  if (!ours || !/^\+1\d{10}$/.test(number.phoneNumber) || !to.startsWith('+1')) return null;
  const failed = (errorCode: number): DeliveryOutcome => ({ status: 'failed', errorCode, errorMessage: DELIVERY_ERRORS[errorCode]! });
  if (isTollFree(number.phoneNumber)) return account.tollfreeVerification?.status === 'TWILIO_APPROVED' ? null : failed(30032);
  return service?.holdsNumber && service.campaign?.status === 'VERIFIED' ? null : failed(30034);
}

const url = z.url({ protocol: /^https?$/ }).nullable();

/** POST /_emulator/account: each part given replaces that part; `service: null` removes the service. */
export const accountPatchSchema = z.strictObject({
  number: z
    .strictObject({
      phoneNumber: z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be an E.164 number').optional(),
      smsCapable: z.boolean().optional(),
      smsUrl: url.optional(),
    })
    .optional(),
  service: z
    .strictObject({
      inboundRequestUrl: url.optional(),
      useInboundWebhookOnNumber: z.boolean().optional(),
      statusCallback: url.optional(),
      holdsNumber: z.boolean().optional(),
      campaign: z
        .strictObject({
          status: z.enum(CAMPAIGN_STATUSES),
          errors: z.array(z.strictObject({ error_code: z.number().int().min(30000).max(30999), description: z.string().min(1), fields: z.array(z.string()).default([]) })).optional(),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  tollfreeVerification: z
    .strictObject({
      status: z.enum(TOLLFREE_STATUSES),
      rejectionReason: z.string().nullable().optional(),
      errorCode: z.number().int().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type AccountPatch = z.input<typeof accountPatchSchema>;

export const ACCOUNT_PATCH_SHAPE =
  "{ number?: { phoneNumber?, smsCapable?, smsUrl? }, service?: null | { inboundRequestUrl?, useInboundWebhookOnNumber?, statusCallback?, holdsNumber?, campaign?: null | { status: 'VERIFIED' | 'PENDING' | 'IN_PROGRESS' | 'FAILED' | 'SUSPENDED' | 'EXPIRED', errors? } }, tollfreeVerification?: null | { status: 'PENDING_REVIEW' | 'IN_REVIEW' | 'TWILIO_APPROVED' | 'TWILIO_REJECTED', rejectionReason?, errorCode? } }";

/** Applies a patch (already parsed) to the account, creating the service or verification when absent. */
export function patchAccount(account: MessagingAccount, accountSid: string, patch: z.output<typeof accountPatchSchema>): void {
  if (patch.number) Object.assign(account.number, patch.number);
  if (patch.service === null) account.service = null;
  else if (patch.service) {
    const { campaign, ...fields } = patch.service;
    const service: MessagingService = account.service ?? {
      sid: stableSid('MG', accountSid, 'service'),
      friendlyName: 'Cleaning texts',
      inboundRequestUrl: null,
      useInboundWebhookOnNumber: false,
      statusCallback: null,
      holdsNumber: true,
      campaign: null,
    };
    Object.assign(service, fields);
    if (campaign === null) service.campaign = null;
    else if (campaign) {
      const errors = (campaign.errors ?? []).map((e) => ({ ...e, url: `https://www.twilio.com/docs/api/errors/${e.error_code}` }));
      service.campaign = { sid: service.campaign?.sid ?? stableSid('QE', accountSid, 'campaign'), status: campaign.status, errors };
    }
    account.service = service;
  }
  if (patch.tollfreeVerification === null) account.tollfreeVerification = null;
  else if (patch.tollfreeVerification) {
    const { status, rejectionReason, errorCode } = patch.tollfreeVerification;
    account.tollfreeVerification = {
      sid: account.tollfreeVerification?.sid ?? stableSid('HH', accountSid, 'tollfree'),
      status,
      rejectionReason: rejectionReason ?? null,
      errorCode: errorCode ?? null,
    };
  }
}
