import { CLOSE_OUT_LABELS, CLOSE_OUT_OUTCOMES } from './close-out';
import { FREQUENCY_LABELS, RECURRING_FREQUENCIES, VISIT_TYPES, VISIT_TYPE_LABELS } from './booking-price';
import { DEAL_STAGES, HISTORY_STAGES, STAGE } from './deal-stages';
import { TIMES_OF_DAY } from './form-fields';
import { INTERESTS } from './subscribe';
import { TICKET_CATEGORY_LABELS } from './tickets';

/**
 * What the product needs a HubSpot account to have: the custom properties it reads or writes
 * (with their types), the deal and ticket pipeline stages it names, and the ticket categories
 * it files. `npm run crm:setup` creates whatever an account lacks from this list; the worker
 * checks the account against it at start. Pure data, one place: nothing else lists them.
 */

export type CrmObjectType = 'contacts' | 'deals' | 'line_items' | 'tickets' | 'invoices';

/** HubSpot's property types with the field types we use for them. */
export type CrmPropertyType =
  | { type: 'string'; fieldType: 'text' | 'textarea' }
  | { type: 'number'; fieldType: 'number' }
  | { type: 'date'; fieldType: 'date' }
  | { type: 'datetime'; fieldType: 'date' }
  | { type: 'enumeration'; fieldType: 'select' | 'radio'; options: readonly CrmOption[] };

export interface CrmOption {
  label: string;
  value: string;
}

export type CrmPropertySpec = {
  objectType: CrmObjectType;
  name: string;
  label: string;
  description: string;
  /** Our own ids: HubSpot then refuses a second record with the same value, and batch read/upsert can find by it. */
  hasUniqueValue?: boolean;
} & CrmPropertyType;

/** The property group our properties live in, on every object type that has some. */
export const CRM_PROPERTY_GROUP = { name: 'cleaning_portal', label: 'Cleaning portal' } as const;

const options = (values: readonly string[], label: (v: string) => string = (v) => v): CrmOption[] =>
  values.map((value) => ({ value, label: label(value) }));
const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

const requestId = (objectType: CrmObjectType, what: string): CrmPropertySpec => ({
  objectType,
  name: 'app_request_id',
  label: 'Portal request id',
  description: `Id of the ${what} in the cleaning portal; the portal finds the record by it (never reuse or edit).`,
  type: 'string',
  fieldType: 'text',
  hasUniqueValue: true,
});

export const CRM_PROPERTIES: readonly CrmPropertySpec[] = [
  // Contacts: HubSpot's own email, firstname, lastname, phone, address, city, state, zip, plus:
  { objectType: 'contacts', name: 'square_footage', label: 'Square footage', description: 'Home size the customer gave (upper bound of the band).', type: 'number', fieldType: 'number' },
  { objectType: 'contacts', name: 'notify_interest', label: 'Notify-me interest', description: 'What a pre-launch signup asked to hear about.', type: 'enumeration', fieldType: 'select', options: options(INTERESTS) },
  { objectType: 'contacts', name: 'notify_zip', label: 'Notify-me zip', description: 'Zip code of the latest notify-me signup; one outside the service area is a waitlist signup.', type: 'string', fieldType: 'text' },
  { objectType: 'contacts', name: 'notify_signup_at', label: 'Notify-me signup time', description: 'When the pre-launch signup was made.', type: 'datetime', fieldType: 'date' },

  // Deals: HubSpot's own dealname, pipeline, dealstage, amount, hubspot_owner_id, plus:
  requestId('deals', 'booking request'),
  { objectType: 'deals', name: 'service_type', label: 'Service type', description: 'Service family or catalogue id the customer chose.', type: 'string', fieldType: 'text' },
  { objectType: 'deals', name: 'external_skus', label: 'Catalogue ids', description: 'Catalogue product ids of the booking, joined with ";".', type: 'string', fieldType: 'text' },
  { objectType: 'deals', name: 'preferred_date', label: 'Preferred date', description: 'Day the customer asked for.', type: 'date', fieldType: 'date' },
  { objectType: 'deals', name: 'time_of_day', label: 'Time of day', description: 'Part of the day the customer asked for.', type: 'enumeration', fieldType: 'select', options: options(TIMES_OF_DAY, capitalised) },
  { objectType: 'deals', name: 'service_address', label: 'Service address', description: 'Street, city, state and zip of the place to clean.', type: 'string', fieldType: 'textarea' },
  { objectType: 'deals', name: 'square_footage', label: 'Square footage', description: 'Home size for this cleaning (upper bound of the band).', type: 'number', fieldType: 'number' },
  { objectType: 'deals', name: 'submitted_contact', label: 'Submitted contact', description: 'Name and phone typed on the public form. A form never changes the contact itself: staff compare and decide.', type: 'string', fieldType: 'text' },
  { objectType: 'deals', name: 'portal_note', label: 'Portal note', description: 'Why the customer portal does not show this deal yet, and what staff can do.', type: 'string', fieldType: 'textarea' },
  { objectType: 'deals', name: 'booking_reference', label: 'Booking reference', description: 'The short reference the customer sees (ATL-7K3F) on the confirmation, in texts and the portal.', type: 'string', fieldType: 'text' },
  { objectType: 'deals', name: 'recurring_frequency', label: 'Recurring frequency', description: 'How often a recurring clean comes.', type: 'enumeration', fieldType: 'select', options: options(RECURRING_FREQUENCIES, (v) => FREQUENCY_LABELS[v as keyof typeof FREQUENCY_LABELS]) },
  { objectType: 'deals', name: 'visit_type', label: 'Visit type', description: 'Basic or deep visit of a recurring clean.', type: 'enumeration', fieldType: 'select', options: options(VISIT_TYPES, (v) => VISIT_TYPE_LABELS[v as keyof typeof VISIT_TYPE_LABELS]) },
  { objectType: 'deals', name: 'first_booking_discount', label: 'First-booking discount (%)', description: 'Discount granted because this was the customer\'s first booking; the amount is after it. Empty: none.', type: 'number', fieldType: 'number' },
  { objectType: 'deals', name: 'scheduled_date', label: 'Scheduled date', description: 'Start of the cleaning as scheduled by staff (shown in Eastern Time).', type: 'datetime', fieldType: 'date' },
  { objectType: 'deals', name: 'duration_minutes', label: 'Expected duration (minutes)', description: 'How long the scheduled cleaning is planned to take.', type: 'number', fieldType: 'number' },
  { objectType: 'deals', name: 'recurring_plan_id', label: 'Recurring plan', description: 'The recurring plan this cleaning is a visit of (our id); empty for a one-off cleaning.', type: 'string', fieldType: 'text' },
  { objectType: 'deals', name: 'plan_occurrence_date', label: 'Plan visit date', description: "The date the recurring plan's rule gives this visit (before a move off a closed day): with the plan, the visit's identity.", type: 'date', fieldType: 'date' },
  { objectType: 'deals', name: 'visit_outcome', label: 'Visit outcome', description: 'How a closed-out cleaning went: done, no-show, or canceled on the day.', type: 'enumeration', fieldType: 'select', options: CLOSE_OUT_OUTCOMES.map((value) => ({ value, label: CLOSE_OUT_LABELS[value] })) },

  // Line items: HubSpot's own name, hs_sku, price, quantity, plus:
  requestId('line_items', 'booking line (booking id and catalogue id)'),

  // Tickets: HubSpot's own subject, content, hs_pipeline, hs_pipeline_stage, hs_ticket_category, plus:
  requestId('tickets', 'change, cancellation, re-clean or support request'),

  // Invoices: HubSpot's own hs_currency, hs_due_date, hs_invoice_status and the amounts it computes, plus:
  requestId('invoices', 'invoice the portal made (of an approved quote)'),
];

/** Options our tickets use in HubSpot's own `hs_ticket_category` (added to the account's list when missing). */
export const CRM_TICKET_CATEGORIES: readonly CrmOption[] = options(Object.values(TICKET_CATEGORY_LABELS));

/**
 * Deal stages the product names, keyed by the stage ids of docs/product.md §4 (the product's own stage keys).
 * An account has its own stage ids: setup finds each stage by its label (creating missing
 * ones) and stores the account's id for each key.
 */
export const CRM_DEAL_STAGES: readonly { key: string; label: string; isClosed: boolean; probability: string }[] = DEAL_STAGES.map((s) => {
  const isClosed = HISTORY_STAGES.has(s.id);
  // HubSpot wants a win probability on every deal stage: done is won, the canceled ones are lost.
  const probability = !isClosed ? '0.5' : s.id === STAGE.CLEANING_DONE ? '1.0' : '0.0';
  return { key: s.id, label: s.label, isClosed, probability };
});

/**
 * Ticket stages the product names. 'New' is where our tickets are filed; the three closed ones
 * are the closed stages of docs/product.md §4 (4 is HubSpot's default 'Closed'; the labels of the other two
 * are ours). Any other closed stage of the account also counts as closed.
 */
export const CRM_TICKET_STAGES: readonly { key: string; label: string; isClosed: boolean }[] = [
  { key: '1', label: 'New', isClosed: false },
  { key: '4', label: 'Closed', isClosed: true },
  { key: '1613485805', label: 'Request Completed', isClosed: true },
  { key: '1613485806', label: 'Request Declined', isClosed: true },
];

/** The stage keys the code branches on. */
export const TICKET_STAGE_NEW = '1';

/**
 * Scopes the product's token needs, a service key's or a legacy private app's (HubSpot's
 * names, per its API reference; the account check tries each: worker/src/crm/account/
 * scope-probes.ts). Owners are read for the calendar's cleaners; `crm.schemas.*.write` lets
 * setup create contact and deal properties and deal stages; `e-commerce` covers line-item
 * properties; `tickets` covers ticket records, properties and pipeline stages; `files` the Files API
 * (a cleaner's photos). The contacts
 * scopes also cover the notes, tasks, calls and meetings the customer page shows.
 */
export const CRM_REQUIRED_SCOPES: readonly string[] = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  // The customer page shows the contact's company (docs/product.md §3 Company).
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.objects.line_items.read',
  'crm.objects.line_items.write',
  'crm.objects.invoices.read',
  // The invoice of an approved quote is made by the product (docs/payments.md).
  'crm.objects.invoices.write',
  'crm.objects.owners.read',
  'crm.schemas.contacts.write',
  'crm.schemas.deals.write',
  // Setup creates the invoices' own id property.
  'crm.schemas.invoices.write',
  'e-commerce',
  'tickets',
  // Photos of a cleaning go to HubSpot's file manager, attached to a note on the deal (docs/cleaner-day.md).
  'files',
];
