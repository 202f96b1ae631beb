import { z } from 'zod';
import { VISIT_STATES } from './cleaning-visit';
import { PRODUCT_TYPES, type Product } from './catalogue';

/**
 * Read models of docs/product.md §3: what the API answers and the web reads. These are not strict:
 * they describe data the worker mirrors from the CRM, where an extra property must never
 * break a page, so unknown keys are stripped rather than refused. Optional CRM values
 * are `nullish` because HubSpot sends null for an empty property.
 */

const text = z.string().nullish();
/** HubSpot sends numbers as strings; the mirror may already hold numbers. */
const numeric = z.union([z.string(), z.number()]).nullish();
/** Lists of CRM records whose shape the portal does not interpret (tasks, notes, ...). */
const records = z.array(z.record(z.string(), z.unknown())).default([]);

export const customerDetailsSchema = z.object({
  id: z.string(),
  /** Shown as Account ID (AC-7K3F): a number people can read out, never the internal id. */
  accountNumber: text.optional(),
  properties: z.object({ firstname: text, lastname: text, email: text, phone: text }),
});
export type CustomerDetails = z.output<typeof customerDetailsSchema>;

export const customerSessionUserSchema = z.object({
  email: z.string(),
  phone: z.string(),
  /**
   * The §3 "flag marking staff (named for the sign-in provider)". We give it a neutral
   * name so changing the identity provider does not rename a field the web reads.
   */
  isStaff: z.boolean().default(false),
  customer: customerDetailsSchema.nullable().default(null),
});
export type CustomerSessionUser = z.output<typeof customerSessionUserSchema>;

export const contactProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: text,
  address: text,
  squareFootage: z.number().nullish(),
});
export type ContactProfile = z.output<typeof contactProfileSchema>;

export const companySchema = z.object({
  name: z.string(),
  domain: text,
  industry: z.string().default('N/A'),
  lifecycle: text,
  createdAt: text,
  hubspotId: z.string(),
  tasks: records,
  deals: records,
  notes: records,
  /** From the company's upcoming activities. */
  activities: records,
  /** Companies hold no subscriptions (§3): always empty, whatever was sent. */
  subscriptions: z.array(z.unknown()).transform((): Record<string, unknown>[] => []).default([]),
});
export type Company = z.output<typeof companySchema>;

export const customerContextSchema = z.object({
  /** First and last name joined. */
  name: z.string(),
  email: text,
  phone: text,
  /** Lead status. */
  status: text,
  /** Lifecycle stage. */
  lifecycle: text,
  hubspotId: z.string(),
  deals: records,
  tasks: records,
  subscriptions: records,
  activities: records,
  notes: records,
  /** The staff lookup's own addition: the customer's portal access is suspended. */
  portalSuspended: z.boolean().optional(),
  /** The staff lookup's own addition: the phone asked for no more texts (since when, how); null while it takes them. */
  textsOptOut: z.object({ since: z.string(), how: z.string() }).nullish(),
  /** The staff lookup's own addition: texts to the phone failed (30006/30007), so only login codes go (since when, why); null while it takes texts. */
  textsHeld: z.object({ since: z.string(), errorCode: z.number(), why: z.string() }).nullish(),
  /**
   * The staff lookup's own addition: the phone's newest choice said no (the booking's text box
   * left unticked, or texts turned off in the portal), so only login codes go (when, where,
   * which booking); null otherwise.
   */
  textsNotAgreed: z.object({ since: z.string(), reference: z.string().nullable(), form: z.enum(['booking', 'portal']).default('booking') }).nullish(),
  /** The staff lookup's own addition: what the customer agreed to about texts, and when (sms_consent), newest first. */
  textsConsent: z
    .array(
      z.object({
        form: z.string(),
        phone: z.string(),
        version: z.string(),
        words: z.string(),
        /** A booking's text box: ticked or not; null for a login (its code only). */
        textsAgreed: z.boolean().nullish(),
        agreedAt: z.string(),
        reference: z.string().nullable(),
      }),
    )
    .nullish(),
  /** The staff lookup's own addition: what the office did to the customer's cleanings from the staff area (deal commands), newest first. */
  officeActions: z
    .array(
      z.object({
        id: z.string(),
        dealId: z.string(),
        cleaning: z.string(),
        summary: z.string(),
        staffEmail: z.string(),
        status: z.enum(['pending', 'applied', 'conflict', 'failed']),
        reason: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .optional(),
  /** The staff lookup's own addition: the contact's company (see companySchema), null for none. */
  company: companySchema.loose().nullish(),
});
export type CustomerContext = z.output<typeof customerContextSchema>;

export const ticketSchema = z.object({
  id: z.string().optional(),
  properties: z.object({
    /** 'Reschedule Request', 'Cancellation Request' or 'Re-clean Claim' (see tickets.ts). */
    hs_ticket_category: text,
    hs_pipeline_stage: text,
  }),
  /** Beyond §3: the office's reason for declining the request, when it was declined in the staff workspace. */
  decline_reason: text.optional(),
  /** Beyond §3: the office's note with an approved re-clean claim (when it comes back). */
  approval_note: text.optional(),
});
export type Ticket = z.output<typeof ticketSchema>;

export const dealSchema = z.object({
  id: z.string(),
  dealstage: z.string(),
  /** 'Month D, YYYY at H:MM AM/PM' in Eastern Time. */
  scheduled_date_display: text,
  /** ISO 8601 instant or epoch milliseconds as HubSpot stores it. */
  scheduled_date_raw: text,
  external_skus: z.array(z.string()).default([]),
  properties: z
    .object({
      hs_amount_billed: numeric,
      hs_pdf_download_link: text,
      hs_invoice_link: text,
      hs_invoice_status: text,
      hs_number: text,
    })
    .default({}),
  invoice_amount: numeric,
  invoice_pdf: text,
  invoice_status: text,
  activeRequest: ticketSchema.nullish(),
  closedRequest: ticketSchema.nullish(),
  /**
   * Beyond §3: the satisfaction guarantee of a done cleaning (shared/reclean-claim.ts): until when
   * a re-clean claim may be made (ISO; null when the deal has no window), and its latest claim.
   */
  reclean: z.object({ until: text, claim: ticketSchema.nullable() }).optional(),
  /** Beyond §3: the texts sent about this cleaning (kind, delivery status, when), oldest first; none waiting or not sent. */
  messages: z.array(z.object({ kind: z.string(), status: z.string(), at: z.string() })).default([]),
  // Beyond §3: the short reference the customer reads out, where we clean, and the cleaner's first name.
  reference: text.optional(),
  service_address: text.optional(),
  cleaner_first_name: text.optional(),
  /**
   * Beyond §3: the recurring plan this cleaning is a visit of (docs/recurring-plans.md): its rule
   * in words, and whether the customer may skip this visit now (a visit to come, outside the
   * 24-hour lock, with no request on its way).
   */
  plan: z.object({ rule: z.string(), skippable: z.boolean() }).optional(),
});
export type Deal = z.output<typeof dealSchema>;

export const scheduledDealSchema = z.object({
  id: z.string(),
  /** Cleaning type; the calendar shows 'Cleaning' when it is empty. */
  title: text,
  address: text,
  /** Start time, ISO 8601. */
  date: z.iso.datetime({ offset: true }),
  owner: text,
  /** The owner's id in our mirror (the roster's select needs it; names can repeat). */
  ownerId: text,
  /** The staff calendar's additions: who the cleaning is for, and its stage. */
  customer: text.optional(),
  contactId: text.optional(),
  stageId: z.string().optional(),
  /** Expected duration in minutes: as planned, else the package's (shared/schedule.ts). */
  durationMinutes: z.number().int().optional(),
  /** The live state and its label (shared/cleaning-visit.ts): the staff calendar's addition. */
  visitState: z.enum(VISIT_STATES).optional(),
  visitStateLabel: z.string().optional(),
  /** A visit of a recurring plan (docs/recurring-plans.md): the staff calendar marks it. */
  planVisit: z.literal(true).optional(),
});
export type ScheduledDeal = z.output<typeof scheduledDealSchema>;
export const scheduledDealsSchema = z.array(scheduledDealSchema);

export const adminUserSchema = z.object({
  name: text,
  email: z.string(),
  displayName: text,
});
export type AdminUser = z.output<typeof adminUserSchema>;

/** Catalogue product as served to the web; prices in integer cents like catalogue.ts. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  minSqft: z.number().int().nonnegative(),
  maxSqft: z.number().int().nonnegative(),
  priceCents: z.number().int().nonnegative().nullable(),
  unit: z.enum(['visit', 'hour']),
});
// Keeps this schema and the catalogue's Product interface from drifting apart.
export type ProductReadModel = z.output<typeof productSchema>;
const _sameShape: [ProductReadModel, Product] extends [Product, ProductReadModel] ? true : never = true;
void _sameShape;
