/**
 * How the account check learns whether the token has each scope the product needs
 * (CRM_REQUIRED_SCOPES), whatever the token is: a legacy private app's, whose scopes HubSpot
 * lists through its token-info endpoint, or a service key's, which that endpoint does not
 * document. Each scope gets one cheap request that needs it and changes nothing; HubSpot checks
 * scopes before it reads the body, so a 403 MISSING_SCOPES means the scope is missing and any
 * other answer (the empty answer of an empty batch, or a validation error) means it is there.
 */

export type ScopeProbeRequest =
  /** `GET /crm/v3/objects/{type}?limit=1`: one record at most. */
  | { kind: 'read-one'; objectType: string }
  /** `GET /crm/v3/owners?limit=1`. */
  | { kind: 'read-owner' }
  /** `POST /crm/v3/objects/{type}/batch/update` with no inputs: nothing to change. */
  | { kind: 'empty-update'; objectType: string }
  /** `POST /crm/v3/properties/{type}/batch/create` with no inputs: nothing to create. */
  | { kind: 'empty-property-create'; objectType: string }
  /** `GET /files/v3/files/search?limit=1`: one file's metadata at most. */
  | { kind: 'read-files' };

export interface ScopeProbe {
  scope: string;
  /** What the product cannot do without it (the check table's detail). */
  gates: string;
  request: ScopeProbeRequest;
}

/** One probe per required scope, in CRM_REQUIRED_SCOPES order (a unit test keeps them the same list). */
export const SCOPE_PROBES: readonly ScopeProbe[] = [
  { scope: 'crm.objects.contacts.read', gates: 'read contacts, and the notes, tasks, calls and meetings on them (portal, staff customer page)', request: { kind: 'read-one', objectType: 'contacts' } },
  { scope: 'crm.objects.contacts.write', gates: 'create contacts from bookings and signups', request: { kind: 'empty-update', objectType: 'contacts' } },
  { scope: 'crm.objects.companies.read', gates: "the customer's company on the staff customer page", request: { kind: 'read-one', objectType: 'companies' } },
  { scope: 'crm.objects.deals.read', gates: 'pull deals: stages, dates, owners and amounts', request: { kind: 'read-one', objectType: 'deals' } },
  { scope: 'crm.objects.deals.write', gates: 'bookings become deals; owner assignments', request: { kind: 'empty-update', objectType: 'deals' } },
  { scope: 'crm.objects.line_items.read', gates: "read a booking's line items", request: { kind: 'read-one', objectType: 'line_items' } },
  { scope: 'crm.objects.line_items.write', gates: 'one line item per product of a booking', request: { kind: 'empty-update', objectType: 'line_items' } },
  { scope: 'crm.objects.invoices.read', gates: 'invoices in the portal', request: { kind: 'read-one', objectType: 'invoices' } },
  { scope: 'crm.objects.invoices.write', gates: 'the invoice of an approved quote', request: { kind: 'empty-update', objectType: 'invoices' } },
  { scope: 'crm.objects.owners.read', gates: 'cleaners (deal owners) for the staff calendar', request: { kind: 'read-owner' } },
  { scope: 'crm.schemas.contacts.write', gates: 'crm:setup creates contact properties', request: { kind: 'empty-property-create', objectType: 'contacts' } },
  { scope: 'crm.schemas.deals.write', gates: 'crm:setup creates deal properties and deal stages', request: { kind: 'empty-property-create', objectType: 'deals' } },
  { scope: 'crm.schemas.invoices.write', gates: "crm:setup creates the invoices' id property", request: { kind: 'empty-property-create', objectType: 'invoices' } },
  { scope: 'e-commerce', gates: 'crm:setup creates line-item properties', request: { kind: 'empty-property-create', objectType: 'line_items' } },
  { scope: 'tickets', gates: 'change, cancellation and support tickets, their properties and stages', request: { kind: 'read-one', objectType: 'tickets' } },
  { scope: 'files', gates: "a cleaner's photos, uploaded to HubSpot's files and attached to a note on the deal", request: { kind: 'read-files' } },
];
