import twilio from 'twilio';
// Type-only deep imports: the SDK's index does not re-export the option and response types.
import type RequestClientBase from 'twilio/lib/base/RequestClient';
import type TwilioResponse from 'twilio/lib/http/response';

export type TwilioClient = twilio.Twilio;

export interface TwilioClientOptions {
  accountSid: string;
  authToken: string;
  /** Emulator origin (e.g. http://127.0.0.1:4020); unset talks to the real Twilio. */
  baseUrl?: string;
  /** Per-request timeout. */
  timeoutMs?: number;
}

// The SDK's default is 30 s. A hung request holds a worker slot, and the job is retried anyway,
// so give up sooner; real message creates answer well within this.
const DEFAULT_TIMEOUT_MS = 15_000;

function isTwilioHost(hostname: string): boolean {
  return hostname === 'twilio.com' || hostname.endsWith('.twilio.com');
}

/**
 * Moves a Twilio API URI onto `baseUrl`, keeping path and query. The SDK builds absolute URIs
 * itself (api.twilio.com, or api.<edge>.<region>.twilio.com, and next_page_uri made absolute),
 * so rewriting the origin is the only way to aim it elsewhere. Non-Twilio URIs pass untouched.
 */
export function rewriteTwilioUri(uri: string, baseUrl: string): string {
  const target = new URL(uri);
  if (!isTwilioHost(target.hostname)) return uri;
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}${target.pathname}${target.search}`;
}

/** The SDK's documented custom-client route: twilio 6.x has no base-URL option. */
class RewritingRequestClient extends twilio.RequestClient {
  readonly #baseUrl: string;

  constructor(baseUrl: string, options: RequestClientBase.RequestClientOptions) {
    super(options);
    this.#baseUrl = baseUrl;
  }

  override request<TData>(opts: RequestClientBase.RequestOptions<TData>): Promise<TwilioResponse<TData>> {
    return super.request({ ...opts, uri: rewriteTwilioUri(opts.uri, this.#baseUrl) });
  }
}

export function createTwilioClient(options: TwilioClientOptions): TwilioClient {
  // RequestClient's `timeout` becomes axios' per-request timeout (connect phase plus socket
  // inactivity, so a server that never answers is cut off) and the https agent's socket timeout.
  // Retries are left to BullMQ: the SDK's autoRetry stays off so one job attempt is one request.
  const clientOptions: RequestClientBase.RequestClientOptions = {
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    autoRetry: false,
  };
  const httpClient = options.baseUrl
    ? new RewritingRequestClient(options.baseUrl, clientOptions)
    : new twilio.RequestClient(clientOptions);
  return twilio(options.accountSid, options.authToken, { httpClient });
}

export interface SmsToSend {
  to: string;
  /** A phone number, or a Messaging Service SID (MG…) that picks the sender. */
  from: string;
  body: string;
  /** Where Twilio posts the message's status changes (delivered, undelivered, ...). */
  statusCallback?: string;
  /**
   * Seconds the message may wait in Twilio's outgoing queue before Twilio drops it (failed,
   * 30036); whole seconds within TWILIO_VALIDITY_PERIOD. Unset: Twilio's default, 10 hours.
   */
  validityPeriod?: number;
}

/**
 * The Messages resource's ValidityPeriod: whole seconds from 1 to 36,000 (the default); Twilio
 * recommends more than 5, and answers a value outside the range with 21624.
 */
export const TWILIO_VALIDITY_PERIOD = { min: 1, recommendedMin: 6, max: 36_000 } as const;

export async function sendSms(client: TwilioClient, sms: SmsToSend): Promise<{ sid: string; status: string }> {
  const sender = sms.from.startsWith('MG') ? { messagingServiceSid: sms.from } : { from: sms.from };
  const callback = sms.statusCallback ? { statusCallback: sms.statusCallback } : {};
  const validity = sms.validityPeriod === undefined ? {} : { validityPeriod: sms.validityPeriod };
  const message = await client.messages.create({ to: sms.to, body: sms.body, ...sender, ...callback, ...validity });
  return { sid: message.sid, status: message.status };
}

export type TwilioErrorClass =
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'transient'; reason: string }
  | { kind: 'permanent'; status: number; code: number | null; message: string };

// Twilio's 429s carry no Retry-After, and the SDK's RestException would drop headers anyway; this
// is the pause to take before the next try (the queue's own backoff may wait longer).
export const TWILIO_RATE_LIMIT_RETRY_MS = 1_000;

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decides what a failed Twilio call means for the job. HTTP answers surface as the SDK's
 * RestException (or TwilioServiceException for RFC 9457 bodies), both with a numeric `status`
 * and Twilio's numeric `code`; no answer at all surfaces as an axios or Node error with a string
 * `code` (ECONNABORTED for our timeout, ECONNREFUSED, ECONNRESET "socket hang up", ...).
 */
export function classifyTwilioError(error: unknown): TwilioErrorClass {
  const status = property(error, 'status');
  const code = property(error, 'code');
  if (typeof status === 'number' && status >= 400) {
    const twilioCode = typeof code === 'number' ? code : null;
    const message = messageOf(error);
    if (status === 429) return { kind: 'rate-limited', retryAfterMs: TWILIO_RATE_LIMIT_RETRY_MS };
    if (status >= 500 || status === 408) {
      return { kind: 'transient', reason: `HTTP ${status}${twilioCode ? ` (Twilio ${twilioCode})` : ''}: ${message}` };
    }
    // Bad number, opted-out recipient, wrong credentials: sending again cannot succeed.
    return { kind: 'permanent', status, code: twilioCode, message };
  }
  if (typeof code === 'string') return { kind: 'transient', reason: `${code}: ${messageOf(error)}` };
  // Anything else never reached Twilio's answer; the job's bounded attempts decide, and the last
  // failure stays visible in the failed set.
  return { kind: 'transient', reason: messageOf(error) };
}
