import type { StoredMail } from './mail-store';
import { eventData, eventsFor, outcomeFor, signNow, type WebhookTarget } from './webhook-events';

/** One report the emulator posted (or tried to), with what the product answered. */
export interface WebhookPost {
  at: string;
  event: string;
  severity: string | null;
  recipient: string;
  messageId: string;
  url: string;
  attempt: number;
  /** The product's HTTP status; null when the request failed (see error). */
  responseStatus: number | null;
  error: string | null;
}

export interface WebhookPosterOptions {
  /** Where reports go now (null: nowhere, the events are not produced). */
  target: () => WebhookTarget | null;
  /** Pause between taking a message and its first report, and between a message's reports. */
  stepMs: number;
  /** Pauses before each new try of a report the product did not take (2xx); one try more than listed. */
  retryDelaysMs: readonly number[];
}

export interface WebhookPoster {
  /** Reports what becomes of a message just taken, in the background, per recipient. */
  report(mail: StoredMail): void;
  /** Oldest first. */
  posts(): WebhookPost[];
  /** Messages whose reports are still on their way (waiting, being posted, or waiting to retry). */
  inFlight(): number;
  /** Forgets the log and stops every report on its way. */
  reset(): void;
}

// Like the other emulators' logs: `npm run dev` may run for days.
const MAX_POSTS = 1_000;
const POST_TIMEOUT_MS = 10_000;

/**
 * Posts the reports after the message was taken, never during the SMTP conversation (a provider
 * answers 250 first and delivers later). A report the product does not take with a 2xx is tried
 * again after each of `retryDelaysMs`, signed afresh, as Mailgun retries; 406 means "do not retry".
 */
export function createWebhookPoster(options: WebhookPosterOptions): WebhookPoster {
  let log: WebhookPost[] = [];
  let aborter = new AbortController();
  let running = 0;
  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false);
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  const keep = (post: WebhookPost) => {
    log.push(post);
    if (log.length > MAX_POSTS) log = log.slice(-MAX_POSTS);
  };

  /** One report, tried until the product takes it or the tries run out. */
  async function deliver(target: WebhookTarget, data: Record<string, unknown>, mail: StoredMail, signal: AbortSignal): Promise<void> {
    for (let attempt = 1; attempt <= options.retryDelaysMs.length + 1; attempt++) {
      if (attempt > 1 && !(await pause(options.retryDelaysMs[attempt - 2]!, signal))) return;
      const post: WebhookPost = { at: new Date().toISOString(), event: String(data.event), severity: (data.severity as string | undefined) ?? null, recipient: String(data.recipient), messageId: mail.messageId, url: target.url, attempt, responseStatus: null, error: null };
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signature: signNow(target.signingKey), 'event-data': data }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(POST_TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        post.responseStatus = response.status;
      } catch (error) {
        post.error = error instanceof Error ? error.message : String(error);
      }
      if (signal.aborted) return;
      keep(post);
      if (post.responseStatus !== null && ((post.responseStatus >= 200 && post.responseStatus < 300) || post.responseStatus === 406)) return;
    }
  }

  async function run(mail: StoredMail, signal: AbortSignal): Promise<void> {
    for (const recipient of mail.envelopeTo) {
      for (const step of eventsFor(mail.outcomes[recipient] ?? outcomeFor(recipient))) {
        if (!(await pause(options.stepMs, signal))) return;
        const target = options.target();
        if (!target) return;
        // One report at a time, in order: a complaint never overtakes its delivery.
        await deliver(target, eventData(mail, recipient, step, new Date()), mail, signal);
      }
    }
  }

  return {
    report(mail) {
      if (!options.target()) return;
      running++;
      void run(mail, aborter.signal).finally(() => running--);
    },
    posts: () => [...log],
    inFlight: () => running,
    reset() {
      aborter.abort();
      aborter = new AbortController();
      log = [];
    },
  };
}
