import type { BookingRequest, Deal } from './generated/client';

/**
 * The booking's stored fields, declared once (docs/adding-a-booking-field.md). Each names the
 * Prisma field (the key), its column, how the intake statement reads it from its JSON records
 * (`sql`; null: the statement itself or the column's default decides it) and, for the deal,
 * the HubSpot deal property it becomes and how its value is written there (`hubspot`).
 * Derived from this: the column lists of the batched insert (api/src/modules/booking/
 * repository.ts), the push's select and deal properties (worker/src/crm/), and the portal's
 * check of what it shows (api/src/modules/portal/repository.ts). prisma/schema.prisma stays
 * the source of the columns; booking-fields.test.ts checks the two agree.
 */

/** SQL types of the intake statement's record columns (jsonb_to_recordset). */
export type IntakeSqlType = 'text' | 'int' | 'date' | 'text[]' | 'jsonb';

/**
 * How a value is written as a HubSpot property: `push` means the push job builds that property
 * itself (from this field and maybe others, worker/src/crm/booking-deal-properties.ts).
 */
export type HubSpotEncoding = 'text' | 'number' | 'day' | 'list' | 'dollars' | 'push';

export interface StoredField {
  column: string;
  sql: IntakeSqlType | null;
  /** May be null in a new booking (an answer the form does not always ask). */
  optional?: true;
}

export interface DealField extends StoredField {
  /** The HubSpot deal property (docs/hubspot.md, shared/src/crm-schema.ts) and how it is written; absent: stays here. */
  hubspot?: { property: string; as: HubSpotEncoding };
}

/** Deal columns of a booking, in the order the intake statement lists them. */
export const BOOKING_DEAL_FIELDS = {
  name: { column: 'name', sql: 'text', hubspot: { property: 'dealname', as: 'push' } },
  stageId: { column: 'stage_id', sql: 'text', hubspot: { property: 'dealstage', as: 'push' } },
  preferredDate: { column: 'preferred_date', sql: 'date', hubspot: { property: 'preferred_date', as: 'day' } },
  timeOfDay: { column: 'time_of_day', sql: 'text', hubspot: { property: 'time_of_day', as: 'text' } },
  // Street to zip reach HubSpot joined, as service_address (docs/product.md §3).
  street: { column: 'street', sql: 'text', hubspot: { property: 'service_address', as: 'push' } },
  city: { column: 'city', sql: 'text', hubspot: { property: 'service_address', as: 'push' } },
  state: { column: 'state', sql: 'text', hubspot: { property: 'service_address', as: 'push' } },
  zip: { column: 'zip', sql: 'text', hubspot: { property: 'service_address', as: 'push' } },
  squareFootage: { column: 'square_footage', sql: 'int', hubspot: { property: 'square_footage', as: 'number' } },
  serviceType: { column: 'service_type', sql: 'text', hubspot: { property: 'service_type', as: 'text' } },
  skus: { column: 'skus', sql: 'text[]', hubspot: { property: 'external_skus', as: 'list' } },
  frequency: { column: 'frequency', sql: 'text', optional: true, hubspot: { property: 'recurring_frequency', as: 'text' } },
  visitType: { column: 'visit_type', sql: 'text', optional: true, hubspot: { property: 'visit_type', as: 'text' } },
  // Decided by the statement: the subtotal less the first-booking discount, and that discount.
  amountCents: { column: 'amount_cents', sql: null, hubspot: { property: 'amount', as: 'dollars' } },
  discountPercent: { column: 'discount_percent', sql: null, hubspot: { property: 'first_booking_discount', as: 'number' } },
  // The column's default (migration 20261202080000).
  reference: { column: 'reference', sql: null, hubspot: { property: 'booking_reference', as: 'text' } },
} as const satisfies { readonly [K in keyof Deal]?: DealField };

/** Booking request columns of a booking: what the form said that the deal does not hold. */
export const BOOKING_REQUEST_FIELDS = {
  payload: { column: 'payload', sql: 'jsonb' },
  quoteType: { column: 'quote_type', sql: 'text' },
  contactMethod: { column: 'contact_method', sql: 'text' },
  rooms: { column: 'rooms', sql: 'jsonb' },
  description: { column: 'description', sql: 'text', optional: true },
} as const satisfies { readonly [K in keyof BookingRequest]?: StoredField };

export type BookingDealField = keyof typeof BOOKING_DEAL_FIELDS;
export type BookingRequestField = keyof typeof BOOKING_REQUEST_FIELDS;
type AllFields = typeof BOOKING_DEAL_FIELDS & typeof BOOKING_REQUEST_FIELDS;

/** What a new booking gives for each field the intake statement reads from its records. */
interface IntakeValue {
  text: string;
  int: number;
  /** An Eastern calendar day, YYYY-MM-DD. */
  date: string;
  'text[]': readonly string[];
  jsonb: unknown;
}
type IntakeKey = { [K in keyof AllFields]: AllFields[K]['sql'] extends IntakeSqlType ? K : never }[keyof AllFields];
type ValueOf<F> = F extends { sql: infer S extends IntakeSqlType } ? IntakeValue[S] | (F extends { optional: true } ? null : never) : never;

/** A new booking's stored fields, keyed as declared: the repository's input type derives from it. */
export type BookingIntakeValues = { [K in IntakeKey]: ValueOf<AllFields[K]> };

export interface IntakeColumn {
  key: IntakeKey;
  column: string;
  sql: IntakeSqlType;
}

function intakeColumns(fields: Readonly<Record<string, StoredField>>): IntakeColumn[] {
  return Object.entries(fields).flatMap(([key, f]) => (f.sql === null ? [] : [{ key: key as IntakeKey, column: f.column, sql: f.sql }]));
}

/** The deal columns the intake statement copies from its records, in declaration order. */
export const DEAL_INTAKE_COLUMNS: readonly IntakeColumn[] = intakeColumns(BOOKING_DEAL_FIELDS);
/** The booking request columns the intake statement copies from its records. */
export const REQUEST_INTAKE_COLUMNS: readonly IntakeColumn[] = intakeColumns(BOOKING_REQUEST_FIELDS);

/** Prisma `select` of the deal's booking fields (the push reads them all). */
export const BOOKING_DEAL_SELECT = Object.fromEntries(Object.keys(BOOKING_DEAL_FIELDS).map((key) => [key, true])) as {
  readonly [K in BookingDealField]: true;
};

/** The HubSpot properties the push builds itself (`as: 'push'`), each from the fields that name it. */
export type PushBuiltDealProperty = {
  [K in BookingDealField]: (typeof BOOKING_DEAL_FIELDS)[K]['hubspot'] extends { property: infer P; as: 'push' } ? P : never;
}[BookingDealField];

// Each declared type fits the Prisma field it stands for (JSON columns take any value): a change
// of one without the other fails to compile.
interface PrismaValue {
  text: string;
  int: number;
  date: Date;
  'text[]': string[];
}
type Mismatched<Model, Fields> = {
  [K in keyof Fields & keyof Model]: Fields[K] extends { sql: infer S extends keyof PrismaValue } ? (PrismaValue[S] extends NonNullable<Model[K]> ? never : K) : never;
}[keyof Fields & keyof Model];
const _dealTypesFit: [Mismatched<Deal, typeof BOOKING_DEAL_FIELDS>] extends [never] ? true : never = true;
const _requestTypesFit: [Mismatched<BookingRequest, typeof BOOKING_REQUEST_FIELDS>] extends [never] ? true : never = true;
void _dealTypesFit;
void _requestTypesFit;
