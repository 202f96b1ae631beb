import type { PropertyDefinition, PropertyGroup, PropertyOption, PropertyType, TypeSchema } from './model';

/**
 * What a new HubSpot account has before anyone configures it: HubSpot's own property groups and
 * a realistic subset of its default properties for the object types we touch. Names, types,
 * field types and enumeration options follow HubSpot's property reference, so a write that a
 * fresh account refuses is refused here too. Deal and ticket stages and pipelines are options
 * taken from the pipelines, and owners from the owners (`externalOptions`).
 */

/** The moment the emulated account was set up; HubSpot dates its own definitions. */
export const ACCOUNT_CREATED_AT = '2025-01-01T00:00:00.000Z';

type Kind = 'text' | 'textarea' | 'phone' | 'number' | 'date' | 'datetime' | 'select' | 'radio' | 'checkbox' | 'bool';

const KINDS: Record<Kind, [PropertyType, string]> = {
  text: ['string', 'text'],
  textarea: ['string', 'textarea'],
  phone: ['string', 'phonenumber'],
  number: ['number', 'number'],
  date: ['date', 'date'],
  datetime: ['datetime', 'date'],
  select: ['enumeration', 'select'],
  radio: ['enumeration', 'radio'],
  checkbox: ['enumeration', 'checkbox'],
  bool: ['bool', 'booleancheckbox'],
};

interface Extra {
  options?: ReadonlyArray<readonly [value: string, label: string]>;
  /** Only HubSpot writes it. */
  readOnly?: boolean;
  /** Options may be edited (HubSpot lets admins add categories, lead statuses, ...). */
  editableOptions?: boolean;
  externalOptions?: boolean;
  referencedObjectType?: string;
  currency?: boolean;
}

function def(name: string, label: string, kind: Kind, groupName: string, extra: Extra = {}): PropertyDefinition {
  const [type, fieldType] = KINDS[kind];
  return {
    name,
    label,
    type,
    fieldType,
    groupName,
    description: '',
    options: (extra.options ?? []).map(([value, optionLabel], displayOrder): PropertyOption => ({ value, label: optionLabel, displayOrder, hidden: false })),
    displayOrder: -1,
    hasUniqueValue: false,
    hidden: false,
    formField: !extra.readOnly,
    hubspotDefined: true,
    readOnlyValue: extra.readOnly ?? false,
    readOnlyDefinition: true,
    readOnlyOptions: !extra.editableOptions,
    calculated: extra.readOnly ?? false,
    externalOptions: extra.externalOptions ?? false,
    ...(extra.referencedObjectType ? { referencedObjectType: extra.referencedObjectType } : {}),
    ...(extra.currency ? { showCurrencySymbol: true } : {}),
    createdAt: ACCOUNT_CREATED_AT,
    updatedAt: ACCOUNT_CREATED_AT,
    archived: false,
  };
}

const group = (name: string, label: string, displayOrder: number): PropertyGroup => ({ name, label, displayOrder, archived: false });

/**
 * Every type has these. On contacts the modified date that HubSpot keeps and searches is
 * `lastmodifieddate` (contacts() adds it); their `hs_lastmodifieddate` ("Object last modified
 * date/time") exists but is never set by the store, so searching on it finds nothing.
 */
function system(groupName: string, modifiedLabel = 'Last Modified Date'): PropertyDefinition[] {
  return [
    def('hs_object_id', 'Record ID', 'number', groupName, { readOnly: true }),
    def('createdate', 'Create Date', 'datetime', groupName),
    def('hs_lastmodifieddate', modifiedLabel, 'datetime', groupName, { readOnly: true }),
  ];
}

const merged = (groupName: string) => def('hs_merged_object_ids', 'Merged record IDs', 'checkbox', groupName, { readOnly: true, externalOptions: true });
const owner = (label: string, groupName: string) =>
  def('hubspot_owner_id', label, 'select', groupName, { externalOptions: true, referencedObjectType: 'OWNER' });

const LIFECYCLE_STAGES = [
  ['subscriber', 'Subscriber'],
  ['lead', 'Lead'],
  ['marketingqualifiedlead', 'Marketing Qualified Lead'],
  ['salesqualifiedlead', 'Sales Qualified Lead'],
  ['opportunity', 'Opportunity'],
  ['customer', 'Customer'],
  ['evangelist', 'Evangelist'],
  ['other', 'Other'],
] as const;

const LEAD_STATUSES = [
  ['NEW', 'New'],
  ['OPEN', 'Open'],
  ['IN_PROGRESS', 'In Progress'],
  ['OPEN_DEAL', 'Open Deal'],
  ['UNQUALIFIED', 'Unqualified'],
  ['ATTEMPTED_TO_CONTACT', 'Attempted to Contact'],
  ['CONNECTED', 'Connected'],
  ['BAD_TIMING', 'Bad Timing'],
] as const;

function contacts(): TypeSchema {
  const info = 'contactinformation';
  return {
    groups: [
      group(info, 'Contact information', 0),
      group('contact_activity', 'Contact activity', 1),
      group('conversioninformation', 'Conversion information', 2),
      group('emailinformation', 'Email information', 3),
      group('sales_properties', 'Sales properties', 4),
      group('socialmediainformation', 'Social media information', 5),
      group('analyticsinformation', 'Web analytics history', 6),
    ],
    properties: [
      ...system(info, 'Object last modified date/time'),
      def('lastmodifieddate', 'Last Modified Date', 'datetime', info, { readOnly: true }),
      def('email', 'Email', 'text', info),
      def('hs_additional_emails', 'Additional email addresses', 'textarea', info, { readOnly: true }),
      def('firstname', 'First Name', 'text', info),
      def('lastname', 'Last Name', 'text', info),
      def('phone', 'Phone Number', 'phone', info),
      def('mobilephone', 'Mobile Phone Number', 'phone', info),
      def('address', 'Street Address', 'text', info),
      def('city', 'City', 'text', info),
      def('state', 'State/Region', 'text', info),
      def('zip', 'Postal Code', 'text', info),
      def('country', 'Country/Region', 'text', info),
      def('company', 'Company Name', 'text', info),
      def('jobtitle', 'Job Title', 'text', info),
      def('website', 'Website URL', 'text', info),
      def('message', 'Message', 'textarea', 'conversioninformation'),
      def('lifecyclestage', 'Lifecycle Stage', 'radio', info, { options: LIFECYCLE_STAGES, editableOptions: true }),
      def('hs_lead_status', 'Lead Status', 'radio', 'sales_properties', { options: LEAD_STATUSES, editableOptions: true }),
      owner('Contact owner', info),
      def('notes_last_updated', 'Last Activity Date', 'datetime', 'contact_activity', { readOnly: true }),
      merged(info),
    ],
  };
}

/** A subset of HubSpot's industry options (it has about 150): those near a cleaning company's customers. */
const INDUSTRIES = [
  ['ACCOUNTING', 'Accounting'],
  ['ARCHITECTURE_PLANNING', 'Architecture & Planning'],
  ['COMPUTER_SOFTWARE', 'Computer Software'],
  ['CONSTRUCTION', 'Construction'],
  ['EDUCATION_MANAGEMENT', 'Education Management'],
  ['FACILITIES_SERVICES', 'Facilities Services'],
  ['FINANCIAL_SERVICES', 'Financial Services'],
  ['HOSPITAL_HEALTH_CARE', 'Hospital & Health Care'],
  ['HOSPITALITY', 'Hospitality'],
  ['INSURANCE', 'Insurance'],
  ['LAW_PRACTICE', 'Law Practice'],
  ['MEDICAL_PRACTICE', 'Medical Practice'],
  ['NONPROFIT_ORGANIZATION_MANAGEMENT', 'Non-profit Organization Management'],
  ['REAL_ESTATE', 'Real Estate'],
  ['RESTAURANTS', 'Restaurants'],
  ['RETAIL', 'Retail'],
] as const;

function companies(): TypeSchema {
  const info = 'companyinformation';
  return {
    groups: [
      group(info, 'Company information', 0),
      group('company_activity', 'Company activity', 1),
      group('socialmediainformation', 'Social media information', 2),
      group('analyticsinformation', 'Web analytics history', 3),
    ],
    properties: [
      ...system(info),
      def('name', 'Company name', 'text', info),
      def('domain', 'Company Domain Name', 'text', info),
      def('website', 'Website URL', 'text', info),
      def('phone', 'Phone Number', 'phone', info),
      def('address', 'Street Address', 'text', info),
      def('city', 'City', 'text', info),
      def('state', 'State/Region', 'text', info),
      def('zip', 'Postal Code', 'text', info),
      def('country', 'Country/Region', 'text', info),
      def('description', 'Description', 'textarea', info),
      def('numberofemployees', 'Number of Employees', 'number', info),
      def('annualrevenue', 'Annual Revenue', 'number', info, { currency: true }),
      def('type', 'Type', 'select', info, {
        options: [['PROSPECT', 'Prospect'], ['PARTNER', 'Partner'], ['RESELLER', 'Reseller'], ['VENDOR', 'Vendor'], ['OTHER', 'Other']],
        editableOptions: true,
      }),
      def('industry', 'Industry', 'select', info, { options: INDUSTRIES }),
      def('lifecyclestage', 'Lifecycle Stage', 'radio', info, { options: LIFECYCLE_STAGES, editableOptions: true }),
      def('hs_lead_status', 'Lead Status', 'radio', 'sales_properties', { options: LEAD_STATUSES, editableOptions: true }),
      owner('Company owner', info),
      def('notes_last_updated', 'Last Activity Date', 'datetime', 'company_activity', { readOnly: true }),
      merged(info),
    ],
  };
}

function deals(): TypeSchema {
  const info = 'dealinformation';
  return {
    groups: [group(info, 'Deal information', 0), group('deal_activity', 'Deal activity', 1), group('analyticsinformation', 'Analytics information', 2)],
    properties: [
      ...system(info),
      def('dealname', 'Deal Name', 'text', info),
      def('amount', 'Amount', 'number', info, { currency: true }),
      def('closedate', 'Close Date', 'datetime', info),
      def('pipeline', 'Pipeline', 'select', info, { externalOptions: true }),
      def('dealstage', 'Deal Stage', 'radio', info, { externalOptions: true }),
      def('dealtype', 'Deal Type', 'radio', info, { options: [['newbusiness', 'New Business'], ['existingbusiness', 'Existing Business']], editableOptions: true }),
      def('description', 'Deal Description', 'textarea', info),
      def('hs_priority', 'Priority', 'select', info, { options: [['low', 'Low'], ['medium', 'Medium'], ['high', 'High']] }),
      def('hs_next_step', 'Next step', 'textarea', info),
      owner('Deal owner', info),
      def('notes_last_updated', 'Last Activity Date', 'datetime', 'deal_activity', { readOnly: true }),
      merged(info),
    ],
  };
}

/** HubSpot's default ticket categories (the portal adds its own, see shared/crm-schema.ts). */
export const DEFAULT_TICKET_CATEGORIES = [
  ['PRODUCT_ISSUE', 'Product issue'],
  ['BILLING_ISSUE', 'Billing issue'],
  ['FEATURE_REQUEST', 'Feature request'],
  ['GENERAL_INQUIRY', 'General inquiry'],
] as const;

function tickets(): TypeSchema {
  const info = 'ticketinformation';
  return {
    groups: [group(info, 'Ticket information', 0), group('ticket_activity', 'Ticket activity', 1)],
    properties: [
      ...system(info),
      def('subject', 'Ticket name', 'text', info),
      def('content', 'Ticket description', 'textarea', info),
      def('hs_pipeline', 'Pipeline', 'select', info, { externalOptions: true }),
      def('hs_pipeline_stage', 'Ticket status', 'select', info, { externalOptions: true }),
      def('hs_ticket_category', 'Category', 'checkbox', info, { options: DEFAULT_TICKET_CATEGORIES, editableOptions: true }),
      def('hs_ticket_priority', 'Priority', 'select', info, { options: [['LOW', 'Low'], ['MEDIUM', 'Medium'], ['HIGH', 'High'], ['URGENT', 'Urgent']] }),
      def('source_type', 'Source', 'select', info, { options: [['CHAT', 'Chat'], ['EMAIL', 'Email'], ['FORM', 'Form'], ['PHONE', 'Phone']], editableOptions: true }),
      def('closed_date', 'Close date', 'datetime', info),
      owner('Ticket owner', info),
      def('notes_last_updated', 'Last Activity Date', 'datetime', 'ticket_activity', { readOnly: true }),
      merged(info),
    ],
  };
}

function lineItems(): TypeSchema {
  const info = 'lineiteminformation';
  return {
    groups: [group(info, 'Line item information', 0)],
    properties: [
      ...system(info),
      def('name', 'Name', 'text', info),
      def('description', 'Description', 'textarea', info),
      def('hs_sku', 'SKU', 'text', info),
      def('hs_product_id', 'Product ID', 'text', info),
      def('price', 'Unit price', 'number', info, { currency: true }),
      def('quantity', 'Quantity', 'number', info),
      def('amount', 'Net price', 'number', info, { readOnly: true, currency: true }),
      def('discount', 'Unit discount', 'number', info, { currency: true }),
      def('hs_discount_percentage', 'Discount Percentage', 'number', info),
      def('tax', 'Tax', 'number', info, { currency: true }),
      def('hs_recurring_billing_period', 'Term', 'text', info),
    ],
  };
}

function products(): TypeSchema {
  const info = 'productinformation';
  return {
    groups: [group(info, 'Product information', 0)],
    properties: [
      ...system(info),
      def('name', 'Name', 'text', info),
      def('description', 'Description', 'textarea', info),
      def('hs_sku', 'SKU', 'text', info),
      def('price', 'Unit price', 'number', info, { currency: true }),
      def('hs_cost_of_goods_sold', 'Unit cost', 'number', info, { currency: true }),
      def('hs_product_type', 'Product type', 'select', info, {
        options: [['inventory', 'Inventory'], ['non_inventory', 'Non-inventory'], ['service', 'Service']],
      }),
      def('hs_url', 'URL', 'text', info),
      def('hs_recurring_billing_period', 'Term', 'text', info),
    ],
  };
}

function invoices(): TypeSchema {
  const info = 'invoiceinformation';
  return {
    groups: [group(info, 'Invoice information', 0)],
    properties: [
      ...system(info),
      def('hs_invoice_status', 'Invoice status', 'select', info, { options: [['draft', 'Draft'], ['open', 'Open'], ['paid', 'Paid'], ['voided', 'Voided']] }),
      def('hs_number', 'Number', 'text', info, { readOnly: true }),
      def('hs_currency', 'Currency', 'text', info),
      def('hs_invoice_date', 'Invoice date', 'date', info),
      def('hs_due_date', 'Due date', 'date', info),
      def('hs_amount_billed', 'Amount billed', 'number', info, { readOnly: true, currency: true }),
      def('hs_amount_paid', 'Amount paid', 'number', info, { readOnly: true, currency: true }),
      def('hs_balance_due', 'Balance due', 'number', info, { readOnly: true, currency: true }),
      def('hs_invoice_link', 'Invoice link', 'text', info, { readOnly: true }),
      def('hs_pdf_download_link', 'PDF download link', 'text', info, { readOnly: true }),
    ],
  };
}

/** What every activity (engagement) type has: when it happened or is due, and who owns it. */
function activity(info: string, label: string, own: PropertyDefinition[]): TypeSchema {
  return {
    groups: [group(info, label, 0)],
    properties: [...system(info), def('hs_timestamp', 'Activity date', 'datetime', info), owner('Activity assigned to', info), ...own],
  };
}

function notes(): TypeSchema {
  return activity('noteinformation', 'Note information', [
    def('hs_note_body', 'Note body', 'textarea', 'noteinformation'),
    // File ids of the Files API, semicolon-separated (HubSpot's notes guide); see README.md, "Files".
    def('hs_attachment_ids', 'Attached file IDs', 'text', 'noteinformation'),
  ]);
}

function tasks(): TypeSchema {
  const info = 'taskinformation';
  return activity(info, 'Task information', [
    def('hs_task_subject', 'Task Title', 'text', info),
    def('hs_task_body', 'Notes', 'textarea', info),
    def('hs_task_status', 'Task Status', 'select', info, {
      options: [['NOT_STARTED', 'Not started'], ['IN_PROGRESS', 'In progress'], ['WAITING', 'Waiting'], ['COMPLETED', 'Completed'], ['DEFERRED', 'Deferred']],
    }),
    def('hs_task_priority', 'Priority', 'select', info, { options: [['NONE', 'None'], ['LOW', 'Low'], ['MEDIUM', 'Medium'], ['HIGH', 'High']] }),
    def('hs_task_type', 'Task Type', 'select', info, { options: [['CALL', 'Call'], ['EMAIL', 'Email'], ['TODO', 'To-do']] }),
    def('hs_task_completion_date', 'Completed at', 'datetime', info, { readOnly: true }),
  ]);
}

function calls(): TypeSchema {
  const info = 'callinformation';
  return activity(info, 'Call information', [
    def('hs_call_title', 'Call Title', 'text', info),
    def('hs_call_body', 'Call notes', 'textarea', info),
    def('hs_call_direction', 'Call direction', 'select', info, { options: [['INBOUND', 'Inbound'], ['OUTBOUND', 'Outbound']] }),
    def('hs_call_duration', 'Call duration', 'number', info),
    def('hs_call_status', 'Call status', 'select', info, {
      options: [['BUSY', 'Busy'], ['CALLING_CRM_USER', 'Calling CRM user'], ['CANCELED', 'Canceled'], ['COMPLETED', 'Completed'], ['CONNECTING', 'Connecting'], ['FAILED', 'Failed'], ['IN_PROGRESS', 'In progress'], ['NO_ANSWER', 'No answer'], ['QUEUED', 'Queued'], ['RINGING', 'Ringing']],
    }),
  ]);
}

function meetings(): TypeSchema {
  const info = 'meetinginformation';
  return activity(info, 'Meeting information', [
    def('hs_meeting_title', 'Meeting name', 'text', info),
    def('hs_meeting_body', 'Meeting description', 'textarea', info),
    def('hs_meeting_location', 'Location', 'text', info),
    def('hs_meeting_start_time', 'Start time', 'datetime', info),
    def('hs_meeting_end_time', 'End time', 'datetime', info),
    def('hs_meeting_outcome', 'Meeting outcome', 'select', info, {
      options: [['SCHEDULED', 'Scheduled'], ['COMPLETED', 'Completed'], ['RESCHEDULED', 'Rescheduled'], ['NO_SHOW', 'No show'], ['CANCELED', 'Canceled']],
    }),
  ]);
}

/**
 * The channels and origin HubSpot's Communications guide documents: a message is logged with
 * one of the three channels, and `hs_communication_logged_from` "must be set to CRM".
 */
const COMMUNICATION_CHANNELS = [
  ['WHATS_APP', 'WhatsApp'],
  ['LINKEDIN_MESSAGE', 'LinkedIn'],
  ['SMS', 'SMS'],
] as const;

function communications(): TypeSchema {
  const info = 'communicationinformation';
  return activity(info, 'Communication information', [
    def('hs_communication_channel_type', 'Channel type', 'select', info, { options: COMMUNICATION_CHANNELS }),
    def('hs_communication_logged_from', 'Logged from', 'select', info, { options: [['CRM', 'CRM']] }),
    def('hs_communication_body', 'Body', 'textarea', info),
  ]);
}

/** HubSpot's emails guide: an e-mail's direction and its send status, the only values it takes. */
export const EMAIL_DIRECTIONS = [
  ['EMAIL', 'Sent'],
  ['INCOMING_EMAIL', 'Reply'],
  ['FORWARDED_EMAIL', 'Forwarded'],
] as const;
export const EMAIL_STATUSES = [
  ['BOUNCED', 'Bounced'],
  ['FAILED', 'Failed'],
  ['SCHEDULED', 'Scheduled'],
  ['SENDING', 'Sending'],
  ['SENT', 'Sent'],
] as const;

/**
 * The emails engagement (HubSpot's guide "Emails", developers.hubspot.com/docs/api/crm/email):
 * what a create may set, and the sender and recipient properties HubSpot fills in, read-only,
 * from `hs_email_headers` (object-rules.ts, deriveValues). The labels and the group are ours.
 */
function emails(): TypeSchema {
  const info = 'emailinformation';
  const fromHeaders = (name: string, label: string) => def(name, label, 'text', info, { readOnly: true });
  return activity(info, 'Email information', [
    def('hs_email_direction', 'Email direction', 'select', info, { options: EMAIL_DIRECTIONS }),
    def('hs_email_status', 'Email send status', 'select', info, { options: EMAIL_STATUSES }),
    def('hs_email_subject', 'Email subject', 'text', info),
    def('hs_email_text', 'Email body', 'textarea', info),
    def('hs_email_html', 'Email HTML body', 'textarea', info),
    def('hs_email_headers', 'Email headers', 'textarea', info),
    def('hs_attachment_ids', 'Attached file IDs', 'text', info),
    fromHeaders('hs_email_from_email', 'From email'),
    fromHeaders('hs_email_from_firstname', 'From first name'),
    fromHeaders('hs_email_from_lastname', 'From last name'),
    fromHeaders('hs_email_to_email', 'To email'),
    fromHeaders('hs_email_to_firstname', 'To first name'),
    fromHeaders('hs_email_to_lastname', 'To last name'),
  ]);
}

const DEFAULT_SCHEMAS: Readonly<Record<string, () => TypeSchema>> = {
  contacts,
  companies,
  deals,
  tickets,
  line_items: lineItems,
  products,
  invoices,
  notes,
  tasks,
  calls,
  meetings,
  communications,
  emails,
};

/** A fresh copy of HubSpot's default schema of a type; a custom object type starts empty. */
export function defaultSchema(type: string): TypeSchema {
  return DEFAULT_SCHEMAS[type]?.() ?? { groups: [], properties: [] };
}

export function defaultSchemas(): Record<string, TypeSchema> {
  return Object.fromEntries(Object.entries(DEFAULT_SCHEMAS).map(([type, make]) => [type, make()]));
}
