import { requestBookingResponseSchema, ticketsResponseSchema } from '@app/shared/api-responses';
import type { ManageBookingInput } from '@app/shared/manage-booking';
import type { RequestCode } from '@app/shared/login';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { bookingBody, type Customer } from './customers';
import { CustomerClient, type Answer } from './http-client';
import type { RequestKind, SentRequest } from './requests';
import { nextStep } from './retry';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer signed in to the portal, with the booking their change request is about. */
export interface SignedIn {
  customer: Customer;
  client: CustomerClient;
  dealId: string;
}

const BOOKING_PATH = '/api/hubspot/portal/requestBooking';
const MANAGE_PATH = '/api/hubspot/portal/manageBooking';
const TICKETS_PATH = '/api/hubspot/portal/fetchTickets';
export const REQUEST_CODE_PATH = '/api/portal/auth/request-code';
export const VERIFY_CODE_PATH = '/api/portal/auth/verify-code';

/**
 * The requests of one fault (or of a preparation), each sent as the web app's users send it:
 * tried again after 429, 5xx and dropped connections, honouring Retry-After, until a 2xx or
 * until `takeWithinMs` has passed. Every request is recorded with every answer it got.
 */
export class Traffic {
  readonly requests: SentRequest[] = [];
  /** Answers that no retry would change (a 4xx about the request): they point at chaos or the api. */
  readonly refusals: string[] = [];

  constructor(
    private readonly apiOrigin: URL,
    private readonly takeWithinMs: number,
  ) {}

  client(customer: Customer): CustomerClient {
    return new CustomerClient(this.apiOrigin, customer.address);
  }

  /** The public booking form; the deal id once taken. One Idempotency-Key for every attempt, as the form does. */
  async book(customer: Customer, preferredDate: string): Promise<string | undefined> {
    const client = this.client(customer);
    const key = `chaos-${customer.email}`;
    const request = await this.send(
      'booking',
      null,
      () => client.post(BOOKING_PATH, bookingBody(customer, preferredDate), { 'Idempotency-Key': key }),
      (answer) => requestBookingResponseSchema.safeParse(answer.body).data?.request?.dealId,
    );
    return request.takenAt === null ? undefined : (request.key ?? undefined);
  }

  /** Step 1 of the portal login: a code texted to the customer's phone. */
  async requestCode(customer: Customer, client: CustomerClient = this.client(customer)): Promise<SentRequest> {
    const body: RequestCode = { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION };
    return this.send('login code', customer.phone, () => client.post(REQUEST_CODE_PATH, body), () => customer.phone);
  }

  /** A signed-in customer asks to change their booking: a ticket for HubSpot. */
  async changeRequest({ customer, client, dealId }: SignedIn): Promise<SentRequest> {
    const body: ManageBookingInput = {
      email: customer.email,
      dealId,
      action: 'change',
      changeType: 'Other',
      hs_ticket_category: 'Reschedule Request',
      reason: 'Chaos test: please move this cleaning.',
    };
    return this.send(
      'change request',
      null,
      () => client.post(MANAGE_PATH, body),
      (answer) => ((answer.body as { ticketId?: unknown } | undefined)?.ticketId as string | undefined),
      // An earlier attempt that got no answer may have been recorded: the deal then has its
      // request in progress, and the portal shows it, so the customer knows it was taken.
      async (answer, attempt) => {
        if (attempt === 1 || answer.code !== 'request_in_progress') return undefined;
        const tickets = ticketsResponseSchema.safeParse((await client.get(`${TICKETS_PATH}?dealIds=${encodeURIComponent(dealId)}`)).body);
        return tickets.data?.ticketsByDealId[dealId]?.[0]?.id;
      },
    );
  }

  private async send(
    kind: RequestKind,
    key: string | null,
    call: () => Promise<Answer>,
    keyOf: (answer: Answer) => string | undefined,
    takenAfterAll?: (answer: Answer, attempt: number) => Promise<string | undefined>,
  ): Promise<SentRequest> {
    const request: SentRequest = { kind, key, sentAt: Date.now(), takenAt: null, answers: [] };
    this.requests.push(request);
    const deadline = request.sentAt + this.takeWithinMs;
    for (let attempt = 1; ; attempt += 1) {
      const answer = await call();
      request.answers.push(answer.status);
      const step = nextStep(answer, attempt);
      if (step.kind === 'taken') {
        request.key = keyOf(answer) ?? null;
        if (request.key === null) this.refusals.push(`${kind}: answered ${answer.status} without its id`);
        else request.takenAt = Date.now();
        return request;
      }
      if (step.kind === 'refused') {
        const found = await takenAfterAll?.(answer, attempt);
        if (found) {
          request.key = found;
          request.takenAt = Date.now();
        } else {
          const message = (answer.body as { error?: unknown } | undefined)?.error;
          this.refusals.push(`${kind}: ${answer.status} ${answer.code ?? ''} ${typeof message === 'string' ? message : ''}`.trim());
        }
        return request;
      }
      if (Date.now() + step.afterMs > deadline) return request;
      await sleep(step.afterMs);
    }
  }
}
