import { z } from 'zod';
import { PLAN_FREQUENCIES } from './plan-schedule';
import { visitViewSchema } from './cleaning-visit';
import { CLOSE_OUT_OUTCOMES } from './close-out';
import { waitingConversationSchema } from './conversations';
import { dealCommandViewSchema } from './deal-commands';
import { dealRequestSchema } from './deal-request';
import { quoteViewSchema } from './quote';
import { STAGE_NEED_KINDS } from './deal-transitions';
import type { TicketCategoryKey } from './tickets';

const instant = z.iso.datetime({ offset: true });

/** A cleaning (deal) as the staff board and the requests list show it, read from the mirror. */
export const boardDealSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  serviceType: z.string().nullable(),
  address: z.string().nullable(),
  scheduledAt: instant.nullable(),
  /** Expected duration in minutes; null when none was planned. */
  durationMinutes: z.number().int().nullable(),
  /** How a closed-out cleaning went. */
  visitOutcome: z.enum(CLOSE_OUT_OUTCOMES).nullable(),
  /** What the customer asked for, before a time was set: 'YYYY-MM-DD' and a time of day. */
  preferredDate: z.string().nullable(),
  timeOfDay: z.string().nullable(),
  stageId: z.string(),
  stageLabel: z.string(),
  cleaner: z.string().nullable(),
  /** The cleaner's owner id; null when unassigned. */
  cleanerId: z.string().nullable(),
  invoiceStatus: z.string().nullable(),
  /** Invoice amount (else the deal's), dollars with cents. */
  amount: z.string().nullable(),
  /** The deal's own amount in cents (not the invoice's): a command sends it back as seen. */
  amountCents: z.number().int().nullable(),
  createdAt: instant,
  /** The deal's record in HubSpot; null while it is not synced or the account id is not configured. */
  hubspotUrl: z.string().nullable(),
  /** The deal's version as the mirror holds it (HubSpot's hs_lastmodifieddate): sent back with a command. */
  version: instant.nullable(),
});
export type BoardDeal = z.output<typeof boardDealSchema>;

export const REQUEST_KINDS = ['booking', 'reschedule', 'cancellation', 'reclean', 'unhappy'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Readonly<Record<RequestKind, string>> = {
  booking: 'New booking',
  reschedule: 'Change request',
  cancellation: 'Cancellation request',
  reclean: 'Re-clean claim',
  unhappy: 'Unhappy customer',
};
/** The kinds a ticket is: a customer's request on a cleaning, or an unhappy customer for staff to call. */
export type TicketRequestKind = Exclude<RequestKind, 'booking'>;
/** The tickets answered from the staff pages (approve or decline); an unhappy customer is called, and the ticket closed in HubSpot. */
export type AnswerableKind = Exclude<TicketRequestKind, 'unhappy'>;
export const isAnswerableKind = (kind: RequestKind): kind is AnswerableKind => kind !== 'booking' && kind !== 'unhappy';
/** The request kind of each ticket category (by the database's name), and back. */
export const REQUEST_KIND_OF_CATEGORY = {
  RescheduleRequest: 'reschedule',
  CancellationRequest: 'cancellation',
  RecleanClaim: 'reclean',
  UnhappyCustomer: 'unhappy',
} as const satisfies Record<TicketCategoryKey, TicketRequestKind>;
export const CATEGORY_OF_REQUEST_KIND = {
  reschedule: 'RescheduleRequest',
  cancellation: 'CancellationRequest',
  reclean: 'RecleanClaim',
  unhappy: 'UnhappyCustomer',
} as const satisfies Record<TicketRequestKind, TicketCategoryKey>;

/** Something a customer asked for that staff have not handled yet. */
export const staffRequestSchema = z.object({
  /** The deal's id for a new booking, the ticket's for a change, a cancellation or a re-clean claim. */
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  /** When the customer asked: how long they have been waiting. */
  createdAt: instant,
  /** The cleaning it belongs to (for a booking: the requested cleaning itself). */
  deal: boardDealSchema,
  /** The customer's words: a booking's description, a ticket's reason (for a claim: what was missed). */
  reason: z.string().nullable(),
  changeType: z.string().nullable(),
  /** The day a reschedule request asks for instead ('YYYY-MM-DD', Eastern); null when none. */
  requestedDate: z.string().nullable(),
  /** The ticket's (or, for a booking, the deal's) HubSpot record. */
  hubspotUrl: z.string().nullable(),
  /** Photos the customer added to a re-clean claim: in HubSpot, on the ticket's notes. */
  photos: z.number().int().default(0),
  /**
   * A change or cancel request or a re-clean claim, to answer here (docs/staff-actions.md); null for a
   * booking and for an unhappy customer (staff call them, and close the ticket in HubSpot).
   */
  answerable: z
    .object({
      /** The deal's version, sent back with the answer. */
      version: instant.nullable(),
      /** The latest answer to this request: on its way, refused because HubSpot changed the deal, failed. */
      answer: dealCommandViewSchema.nullable(),
      /** Another change of the deal is on its way to HubSpot: no answer until it is there. */
      otherPending: z.boolean(),
    })
    .nullable(),
});
export type StaffRequest = z.output<typeof staffRequestSchema>;

const listed = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

/** Ratings customers gave by text (docs/conversations.md#ratings): an average to one decimal (null without any) and how many. */
const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export const boardRatingsSchema = ratingSummarySchema.extend({
  /** By the cleaner at the time of the cleaning, best average first; cleanings without a cleaner are left out. */
  cleaners: z.array(ratingSummarySchema.extend({ id: z.string(), name: z.string() })),
});
export type BoardRatings = z.output<typeof boardRatingsSchema>;

/** A cleaning of the board's earlier, today's or tomorrow's list, with its live state (docs/cleaner-day.md). */
export const boardCleaningSchema = boardDealSchema.extend({ visit: visitViewSchema });
export type BoardCleaning = z.output<typeof boardCleaningSchema>;

/** GET /api/internal/admin/today: what needs doing today, from the mirror. */
export const todayBoardSchema = z.object({
  generatedAt: instant,
  /** Late cleanings first (not started 15 minutes after their start), then in time order. */
  today: z.object({ date: z.string(), cleanings: z.array(boardCleaningSchema) }),
  tomorrow: z.object({ date: z.string(), cleanings: z.array(boardCleaningSchema) }),
  /**
   * Cleanings of earlier days still scheduled, never closed out: oldest first, the first few of
   * them (the count is whole). Optional for clients of an older api: none.
   */
  earlier: z.object({ count: z.number().int(), cleanings: z.array(boardCleaningSchema) }).default({ count: 0, cleanings: [] }),
  /** Customers who rated a cleaning 1 to 3, while their ticket is open: first on the board. */
  unhappy: listed(staffRequestSchema),
  newBookings: listed(staffRequestSchema),
  /** Open change and cancel requests and re-clean claims (unhappy customers are listed above). */
  openChanges: listed(staffRequestSchema),
  /** Scheduled in the next 7 days without a cleaner. */
  unassigned: listed(boardDealSchema),
  /** Invoices still open after the cleaning's date. */
  unpaid: listed(boardDealSchema),
  /**
   * Recurring plans whose next visit needs the office (docs/recurring-plans.md): no cleaner, a
   * closed day it could not move off, or another cleaning of its cleaner at the same time; each
   * plan's next visit, soonest first. Optional for clients of an older api: none.
   */
  plans: listed(boardDealSchema).default({ count: 0, items: [] }),
  /**
   * Deals paid in the last month that did not move on to be scheduled (docs/payments.md): paid
   * while canceled or before approval, or while another change was on its way. Optional for
   * clients of an older api: none.
   */
  paidElsewhere: listed(boardDealSchema).default({ count: 0, items: [] }),
  /** Customers' texts waiting for an answer, oldest first (docs/conversations.md). */
  conversations: listed(waitingConversationSchema),
  /** Ratings given in the last 30 days, overall and per cleaner. */
  ratings: boardRatingsSchema,
  sync: z.object({
    outboxPending: z.number().int(),
    outboxOldestAgeSeconds: z.number(),
    failedJobs: z.number().int().nullable(),
    lastPullAt: instant.nullable(),
    crmReady: z.boolean().nullable(),
  }),
  /** Customer texts written in the last 7 days, by kind and outcome, and the phones that opted out. */
  texts: z.object({
    kinds: z.array(
      z.object({
        kind: z.string(),
        label: z.string(),
        delivered: z.number().int(),
        /** Waiting for their time, with Twilio, or sent without a delivery report yet. */
        pending: z.number().int(),
        /** Twilio could not deliver them (or refused them). */
        failed: z.number().int(),
        /** Never sent: the phone opted out, or what they were about changed. */
        canceled: z.number().int(),
      }),
    ),
    optedOut: z.number().int(),
  }),
});
export type TodayBoard = z.output<typeof todayBoardSchema>;

/** GET /api/internal/admin/requests?kind=&q=: open requests, oldest first. */
export const requestsQuerySchema = z.object({
  kind: z.enum(['all', ...REQUEST_KINDS]).default('all'),
  q: z.string().trim().max(100).default(''),
});
export type RequestsQuery = z.output<typeof requestsQuerySchema>;
export const requestsListSchema = z.object({ count: z.number().int(), items: z.array(staffRequestSchema) });
export type RequestsList = z.output<typeof requestsListSchema>;

/** GET /api/internal/admin/deals/:id: one cleaning with what a dispatcher needs (the calendar's details panel). */
export const dealDetailsSchema = boardDealSchema.extend({
  /** Rooms ticked on the request, as one line ('Kitchen, 2 bathrooms'). */
  rooms: z.string().nullable(),
  /** The customer's own words on the request. */
  notes: z.string().nullable(),
  /** What the booking left open for the office to settle with the customer (shared/src/booking-request.ts toSettle). */
  toSettle: z.array(z.string()).default([]),
  /** Photos the cleaner added from My day: in HubSpot, on the deal's notes. */
  photos: z.number().int().default(0),
  /** A map search for the address. */
  mapUrl: z.string().nullable(),
  invoice: z.object({ number: z.string().nullable(), url: z.string().nullable(), pdfUrl: z.string().nullable() }),
  /**
   * The invoice the product made (docs/payments.md), the newest: an approved quote's or a plan
   * visit's, on its way to HubSpot, made open there, or refused by it with why. Optional for
   * clients of an older api: none.
   */
  madeInvoice: z
    .object({ source: z.enum(['quote', 'visit']), status: z.enum(['pending', 'made', 'failed']), error: z.string().nullable(), createdAt: z.string(), madeAt: z.string().nullable() })
    .nullable()
    .default(null),
  /** Whether a date, time, duration and cleaner can be set now (shared/schedule.ts); false while a command is pending. */
  canSchedule: z.boolean(),
  /** Whether the cleaning can be closed out now, else why not (shared/close-out.ts); null when it is not scheduled. */
  closeOut: z.object({ allowed: z.boolean(), reason: z.string().nullable() }).nullable(),
  /** The stages the deal may move to now (shared/deal-transitions.ts), with what each needs; none while a command is pending. */
  moves: z.array(z.object({ stageId: z.string(), label: z.string(), needs: z.array(z.enum(STAGE_NEED_KINDS)) })),
  /** The latest staff commands, newest first. */
  commands: z.array(dealCommandViewSchema),
  /** The deal's open change or cancel request or re-clean claim, to answer from the panel; null when none. */
  openRequest: z
    .object({
      id: z.string(),
      kind: z.enum(['reschedule', 'cancellation', 'reclean']),
      reason: z.string().nullable(),
      changeType: z.string().nullable(),
      requestedDate: z.string().nullable(),
    })
    .nullable(),
  /** Whether the office may send a quote now (shared/deal-transitions.ts checkQuote; none while a command is pending). */
  mayQuote: z.boolean(),
  /** The last quote HubSpot has, with the customer's answer when given; null when none was sent. */
  quote: quoteViewSchema.nullable(),
  /** What the customer asked for and agreed to (shared/src/deal-request.ts); null for a deal made in HubSpot. */
  request: dealRequestSchema.nullable().default(null),
  /** The recurring plan this cleaning is a visit of (docs/recurring-plans.md); null when none. */
  plan: z.object({ id: z.string(), rule: z.string() }).nullable().default(null),
  /**
   * A scheduled Recurring Clean that is no plan's visit yet: the office may make its plan, how
   * often proposed from the booking, with the cleaning's add-ons to keep on every visit; else null.
   */
  makePlan: z
    .object({ frequency: z.enum(PLAN_FREQUENCIES), rule: z.string(), addOns: z.array(z.object({ id: z.string(), name: z.string() })) })
    .nullable()
    .default(null),
});
export type DealDetails = z.output<typeof dealDetailsSchema>;
