import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { QueueName } from '../queue/queues';

/**
 * The contract between the api, which writes outbox events with its requests, and the worker,
 * which turns them into jobs: every event type, the queue its job runs on, its payload, and what
 * "done" means for it. Postgres is the truth and the queue a cache of it: an event dispatched to
 * a job that then vanished (the queue store lost its data) is found by the worker's reconciler
 * through `doneSql` and dispatched again. Payloads name rows; they never carry the words or the
 * number of a text, so a job added by hand cannot make the company say anything it did not write.
 */
interface EventContract<S extends z.ZodType> {
  queue: QueueName;
  payload: S;
  /** aggregate_type of its rows: the kind of row the event is about. */
  aggregateType: string;
  /** What done means, in words (the reconciler's log, docs/operations.md). */
  done: string;
  /**
   * SQL condition over the outbox row `e`, true once the work is done or can no longer be done
   * (its row is gone). Besides it, any event whose job completed (`e.completed_at`) is done.
   */
  doneSql: string;
}

const rowId = z.string().min(1).max(64);

/** The payload of a job a schedule starts: nothing, the job reads its cursors from Postgres. */
const scheduledPayload = z.object({}).strict();

/** "Its row is gone or has crm_synced_at": how every push to HubSpot is done. */
const syncedRow = (table: string, idField: string) =>
  `NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = e.payload->>'${idField}' AND r.crm_synced_at IS NULL)`;

/** "Its text row is gone or no longer due to be logged in HubSpot": how logging a text is done. */
const textLogged = (table: string, idField: string) =>
  `NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = e.payload->>'${idField}' AND r.hubspot_log_due_at IS NOT NULL)`;

/**
 * What a customer text is about besides its deal (which its message row names): the appointment
 * a confirmation, a move or a reminder is about, the invoice, the ticket of an answered request,
 * or the recurring plan a plan's confirmation is about.
 */
const noticeSubject = z
  .object({
    scheduledAt: z.iso.datetime().optional(),
    invoiceId: rowId.optional(),
    ticketId: rowId.optional(),
    planId: rowId.optional(),
    /** Which reminder of an unpaid invoice (1 or 2). */
    reminder: z.number().int().min(1).max(2).optional(),
  })
  .strict();

/**
 * A text names its sms_message row, and a customer notice its subject; nothing else. The worker
 * reads the number, the purpose, the login code's challenge and the deal from the row and writes
 * the words from our templates, so a job added by hand with a number and words of its own fails
 * this schema and texts nobody.
 */
const smsPayload = z.object({ messageId: rowId, subject: noticeSubject.optional() }).strict();

const contract = <S extends z.ZodType>(c: EventContract<S>) => c;

export const OUTBOX_EVENTS = {
  'crm.push-booking': contract({
    queue: 'crm',
    payload: z.object({ dealId: rowId }).strict(),
    aggregateType: 'deal',
    done: 'its contact, deal and line items have HubSpot ids (deal.crm_synced_at), or the deal is gone',
    doneSql: syncedRow('deal', 'dealId'),
  }),
  'crm.push-change-request': contract({
    queue: 'crm',
    payload: z.object({ ticketId: rowId }).strict(),
    aggregateType: 'ticket',
    done: 'its ticket is in HubSpot (ticket.crm_synced_at), or the ticket is gone',
    doneSql: syncedRow('ticket', 'ticketId'),
  }),
  'crm.push-support-ticket': contract({
    queue: 'crm',
    payload: z.object({ contactTicketId: rowId }).strict(),
    aggregateType: 'contact_ticket',
    done: 'its support ticket is in HubSpot (contact_ticket.crm_synced_at), or it is gone',
    doneSql: syncedRow('contact_ticket', 'contactTicketId'),
  }),
  'crm.record-signup': contract({
    queue: 'crm',
    payload: z.object({ signupId: rowId }).strict(),
    aggregateType: 'notify_signup',
    done: 'its signup is on a HubSpot contact (notify_signup.crm_synced_at), or it is gone',
    doneSql: syncedRow('notify_signup', 'signupId'),
  }),
  'crm.assign-owner': contract({
    queue: 'crm',
    payload: z.object({ dealId: rowId, ownerId: rowId.nullable() }).strict(),
    aggregateType: 'deal',
    done: 'its job completed, or staff assigned the deal again since (the later assignment is pushed instead)',
    doneSql: `EXISTS (SELECT 1 FROM outbox_event later WHERE later.type = e.type AND later.aggregate_type = e.aggregate_type
                      AND later.aggregate_id = e.aggregate_id AND later.created_at > e.created_at)`,
  }),
  'crm.note-portal-confirmed': contract({
    queue: 'crm',
    payload: z.object({ dealId: rowId }).strict(),
    aggregateType: 'deal',
    done: 'its job completed, or the deal is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM deal d WHERE d.id = e.payload->>'dealId')`,
  }),
  'crm.attach-photo': contract({
    queue: 'crm',
    // The photo's row id only: the bytes stay in Postgres, never in the outbox, a job or a log.
    payload: z.object({ photoId: rowId }).strict(),
    aggregateType: 'visit_photo',
    done: 'the photo is in HubSpot, on a note of its deal (visit_photo.sent_at), or the photo is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM visit_photo p WHERE p.id::text = e.payload->>'photoId' AND p.sent_at IS NULL)`,
  }),
  'crm.attach-claim-photo': contract({
    queue: 'crm',
    // As a cleaner's photo: the row id only, never the bytes.
    payload: z.object({ photoId: rowId }).strict(),
    aggregateType: 'claim_photo',
    done: 'the photo is in HubSpot, on a note of its claim\'s ticket (claim_photo.sent_at), or the photo is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM claim_photo p WHERE p.id::text = e.payload->>'photoId' AND p.sent_at IS NULL)`,
  }),
  'crm.apply-deal-command': contract({
    queue: 'crm',
    payload: z.object({ commandId: rowId }).strict(),
    aggregateType: 'deal_command',
    done: 'its command left pending (applied in HubSpot, refused by a conflict, or failed), or it is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM deal_command c WHERE c.id::text = e.payload->>'commandId' AND c.status = 'pending')`,
  }),
  'crm.apply-quote-answer': contract({
    queue: 'crm',
    payload: z.object({ answerId: rowId }).strict(),
    aggregateType: 'quote_answer',
    done: 'its answer left pending (the deal moved in HubSpot, or failed), or it is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM quote_answer a WHERE a.id::text = e.payload->>'answerId' AND a.status = 'pending')`,
  }),
  /** An approved quote's invoice (docs/payments.md), made open in HubSpot with its lines. */
  'crm.make-invoice': contract({
    queue: 'crm',
    payload: z.object({ invoiceId: z.uuid() }).strict(),
    aggregateType: 'made_invoice',
    done: 'its invoice left pending (open in HubSpot, or refused for good), or it is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM made_invoice i WHERE i.id::text = e.payload->>'invoiceId' AND i.status = 'pending')`,
  }),
  'crm.log-text-received': contract({
    queue: 'crm',
    payload: z.object({ inboundTextId: rowId }).strict(),
    aggregateType: 'inbound_text',
    done: 'its text is logged in HubSpot or was skipped (inbound_text.hubspot_log_due_at cleared), or the text is gone',
    doneSql: textLogged('inbound_text', 'inboundTextId'),
  }),
  'crm.log-text-sent': contract({
    queue: 'crm',
    payload: z.object({ messageId: rowId }).strict(),
    aggregateType: 'sms_message',
    done: 'its text is logged in HubSpot or was skipped (sms_message.hubspot_log_due_at cleared), or the text is gone',
    doneSql: textLogged('sms_message', 'messageId'),
  }),
  /** An e-mail sent to a customer, to log on their HubSpot timeline; it names the row, whose words were fixed when it went. */
  'crm.log-email': contract({
    queue: 'crm',
    payload: z.object({ emailId: z.uuid() }).strict(),
    aggregateType: 'email_message',
    done: 'its e-mail is logged in HubSpot or was skipped (email_message.hubspot_log_due_at cleared), or the e-mail is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM email_message m WHERE m.id::text = e.payload->>'emailId' AND m.hubspot_log_due_at IS NOT NULL)`,
  }),
  'sms.send': contract({
    queue: 'sms',
    payload: smsPayload,
    aggregateType: 'sms_message',
    done: 'its message row left `queued` (sent, refused or canceled), or the row is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM sms_message m WHERE m.id = e.payload->>'messageId' AND m.status = 'queued')`,
  }),
  /** An e-mail names its email_message row; its notice, address and words are ours, read by the worker. */
  'email.send': contract({
    queue: 'email',
    payload: z.object({ emailId: z.uuid() }).strict(),
    aggregateType: 'email_message',
    done: 'its e-mail row left `queued` (sent, failed or canceled), or the row is gone',
    doneSql: `NOT EXISTS (SELECT 1 FROM email_message m WHERE m.id::text = e.payload->>'emailId' AND m.status = 'queued')`,
  }),
} as const;

/** Jobs a repeatable schedule starts, never an outbox event. */
export const SCHEDULED_JOBS = {
  'crm.pull': { queue: 'crm', payload: scheduledPayload },
  'crm.sweep': { queue: 'crm', payload: scheduledPayload },
  'housekeeping.purge-expired': { queue: 'housekeeping', payload: scheduledPayload },
  /** Recurring plans' visits made ahead (Postgres only: their pushes to HubSpot are outbox events). */
  'plans.make-visits': { queue: 'housekeeping', payload: scheduledPayload },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type OutboxEventType = keyof typeof OUTBOX_EVENTS;
export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
export type JobName = OutboxEventType | ScheduledJobName;
export type OutboxPayload<T extends OutboxEventType> = z.input<(typeof OUTBOX_EVENTS)[T]['payload']>;

/** Every job kind with its queue and payload: the worker's job definitions take theirs from here. */
export const JOBS: { readonly [N in JobName]: N extends OutboxEventType ? (typeof OUTBOX_EVENTS)[N] : N extends ScheduledJobName ? (typeof SCHEDULED_JOBS)[N] : never } = {
  ...OUTBOX_EVENTS,
  ...SCHEDULED_JOBS,
};

export function isOutboxEventType(value: string): value is OutboxEventType {
  return Object.hasOwn(OUTBOX_EVENTS, value);
}

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(JOBS, value);
}

/** The queue of every job kind. */
export const JOB_QUEUES = Object.fromEntries(Object.entries(JOBS).map(([name, job]) => [name, job.queue])) as { readonly [N in JobName]: QueueName };

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An outbox row ready to insert (Prisma's outboxEvent.create data): its payload checked by the contract. */
export interface NewOutboxEvent {
  id: string;
  type: OutboxEventType;
  payload: { [key: string]: JsonValue };
  aggregateType: string;
  aggregateId: string;
  availableAt?: Date;
}

/**
 * The one way to write an outbox event: the payload is parsed by its type's schema (a wrong one
 * throws here, inside the request's transaction, so nothing is written), the aggregate type is
 * the contract's.
 */
export function outboxEvent<T extends OutboxEventType>(
  type: T,
  payload: OutboxPayload<T>,
  about: { aggregateId: string; id?: string; availableAt?: Date },
): NewOutboxEvent {
  const spec = OUTBOX_EVENTS[type];
  return {
    id: about.id ?? randomUUID(),
    type,
    payload: spec.payload.parse(payload) as NewOutboxEvent['payload'],
    aggregateType: spec.aggregateType,
    aggregateId: about.aggregateId,
    ...(about.availableAt && { availableAt: about.availableAt }),
  };
}
