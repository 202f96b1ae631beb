/**
 * What a HubSpot user (or an import) does in the CRM, for demo data and browser tests: CRM v3
 * calls with the private-app token, plus the emulator's control API for what only the UI can do
 * (invoices) and for listing everything at once. Plain fetch, one call at a time.
 */

export interface CrmRecord {
  id: string;
  properties: Record<string, string | null | undefined>;
}

export class CrmCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CrmCallError';
  }
}

// HUBSPOT_DEFINED association type ids (see emulators/hubspot/association-types.ts).
const DEAL_TO_CONTACT = 3;
const TICKET_TO_CONTACT = 16;
const TICKET_TO_DEAL = 28;

const association = (toId: string, typeId: number) => ({
  to: { id: toId },
  types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId }],
});

const MAX_RATE_LIMITED_TRIES = 20;
/** How long a call waits out HubSpot answering 503 before it gives up. */
const OUTAGE_WAIT_MS = 90_000;

export type InvoiceStatus = 'paid' | 'open' | 'voided';
/** HubSpot's activity objects staff log on a record. */
export type LoggedType = 'notes' | 'tasks' | 'calls' | 'meetings';

export function hubspotCrm(baseUrl: string, accessToken: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    // HubSpot's budget is per account and the worker shares it: over it, wait as told and go on.
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status === 429 && attempt < MAX_RATE_LIMITED_TRIES) {
        await new Promise((resolve) => setTimeout(resolve, 1_000 * Math.max(1, Number(response.headers.get('retry-after')) || 1)));
        continue;
      }
      // HubSpot unavailable (an outage, or another e2e file's emulated one): a person would try again shortly.
      if (response.status === 503 && Date.now() - started < OUTAGE_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      if (!response.ok) throw new CrmCallError(response.status, `HubSpot ${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }

  return {
    /** Whether the account has the property (properties API; 404 means it does not). */
    async hasProperty(objectType: string, name: string): Promise<boolean> {
      try {
        await call('GET', `/crm/v3/properties/${objectType}/${name}`);
        return true;
      } catch (error) {
        if (error instanceof CrmCallError && error.status === 404) return false;
        throw error;
      }
    },
    createProperty: (objectType: string, definition: { name: string; label: string; description: string; type: 'string'; fieldType: 'text'; groupName: string }) =>
      call('POST', `/crm/v3/properties/${objectType}`, definition),

    async findContactByEmail(email: string): Promise<CrmRecord | null> {
      try {
        return await call<CrmRecord>('GET', `/crm/v3/objects/contacts/${encodeURIComponent(email)}?idProperty=email`);
      } catch (error) {
        if (error instanceof CrmCallError && error.status === 404) return null;
        throw error;
      }
    },
    createContact: (properties: Record<string, string>) => call<CrmRecord>('POST', '/crm/v3/objects/contacts', { properties }),
    updateContact: (id: string, properties: Record<string, string>) =>
      call<CrmRecord>('PATCH', `/crm/v3/objects/contacts/${id}`, { properties }),

    createDeal: (properties: Record<string, string>, contactId: string) =>
      call<CrmRecord>('POST', '/crm/v3/objects/deals', { properties, associations: [association(contactId, DEAL_TO_CONTACT)] }),
    updateDeal: (id: string, properties: Record<string, string>) => call<CrmRecord>('PATCH', `/crm/v3/objects/deals/${id}`, { properties }),

    createTicket: (properties: Record<string, string>, dealId: string, contactId: string) =>
      call<CrmRecord>('POST', '/crm/v3/objects/tickets', {
        properties,
        associations: [association(dealId, TICKET_TO_DEAL), association(contactId, TICKET_TO_CONTACT)],
      }),
    updateTicket: (id: string, properties: Record<string, string>) =>
      call<CrmRecord>('PATCH', `/crm/v3/objects/tickets/${id}`, { properties }),

    /** Emulator control API: every live object of a type, with the ids it is associated to. */
    async list(type: 'contacts' | 'companies' | 'deals' | 'tickets' | 'invoices' | 'line_items' | LoggedType): Promise<Array<CrmRecord & { associations?: Record<string, string[]> }>> {
      return (await call<{ results: Array<CrmRecord & { associations?: Record<string, string[]> }> }>('GET', `/_emulator/objects/${type}`)).results;
    },
    /** Emulator control API: a record a user makes in HubSpot (a company, a note or task on a contact), with default associations. */
    createRecord: (type: 'companies' | LoggedType, properties: Record<string, string>, associations: { type: string; id: string }[]) =>
      call<CrmRecord>('POST', `/_emulator/objects/${type}`, { properties, associations }),
    /** Emulator control API: a record a user edits in HubSpot. */
    editRecord: (type: 'companies' | LoggedType, id: string, properties: Record<string, string>) =>
      call<CrmRecord>('PATCH', `/_emulator/objects/${type}/${id}`, properties),
    /** Emulator control API: the account's users (owners), archived ones too. */
    async owners(): Promise<Array<{ id: string; email: string }>> {
      return (await call<{ results: Array<{ id: string; email: string }> }>('GET', '/_emulator/owners?archived=true')).results;
    },
    /** Emulator control API: a user added to the account, as an admin does in HubSpot's settings. */
    addOwner: (owner: { id: string; email: string; firstName: string; lastName: string }) => call<{ id: string }>('POST', '/_emulator/owners', owner),
    /** Emulator control API: creates the deal's invoice, or updates the one it has (a payment, a void). */
    attachInvoice: (dealId: string, invoice: { status: InvoiceStatus; amount: string; number?: string }) =>
      call<CrmRecord>('POST', `/_emulator/deals/${dealId}/invoice`, invoice),
    /** Emulator control API: stage, schedule, owner, amount as a staff member changes them. */
    patchDeal: (dealId: string, patch: { dealstage?: string; scheduledAt?: string | null; ownerId?: string | null; amount?: string | null }) =>
      call<CrmRecord>('PATCH', `/_emulator/deals/${dealId}`, patch),
  };
}

export type HubSpotCrm = ReturnType<typeof hubspotCrm>;
