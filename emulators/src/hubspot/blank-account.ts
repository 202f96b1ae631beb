import { defaultSchema, defaultSchemas } from './default-properties';
import { createPipeline } from './pipeline-ops';
import type { Store } from './store';

/**
 * A new HubSpot account: HubSpot's default properties and groups, its default deal pipeline
 * ("Sales Pipeline", id `default`) and support pipeline (id `0`) with their stages, and one
 * owner, the super admin who opened the account. No products, none of our properties.
 */

/** The account's super admin: the person who set up HubSpot for the company. */
export const SUPER_ADMIN = { id: '100', email: 'dana.whitfield@cleaning.example', firstName: 'Dana', lastName: 'Whitfield' } as const;

const SCHEMA_TYPES = Object.keys(defaultSchemas());

const SALES_STAGES: ReadonlyArray<readonly [id: string, label: string, probability: number]> = [
  ['appointmentscheduled', 'Appointment Scheduled', 0.2],
  ['qualifiedtobuy', 'Qualified To Buy', 0.4],
  ['presentationscheduled', 'Presentation Scheduled', 0.6],
  ['decisionmakerboughtin', 'Decision Maker Bought-In', 0.8],
  ['contractsent', 'Contract Sent', 0.9],
  ['closedwon', 'Closed Won', 1],
  ['closedlost', 'Closed Lost', 0],
];

const SUPPORT_STAGES: ReadonlyArray<readonly [id: string, label: string, state: 'OPEN' | 'CLOSED']> = [
  ['1', 'New', 'OPEN'],
  ['2', 'Waiting on contact', 'OPEN'],
  ['3', 'Waiting on us', 'OPEN'],
  ['4', 'Closed', 'CLOSED'],
];

export function setUpBlankAccount(store: Store): void {
  for (const type of SCHEMA_TYPES) Object.assign(store.schema(type), defaultSchema(type));
  createPipeline(
    store,
    'deals',
    {
      label: 'Sales Pipeline',
      displayOrder: 0,
      stages: SALES_STAGES.map(([id, label, probability], displayOrder) => ({ id, label, displayOrder, metadata: { probability } })),
    },
    'default',
  );
  createPipeline(
    store,
    'tickets',
    {
      label: 'Support Pipeline',
      displayOrder: 0,
      stages: SUPPORT_STAGES.map(([id, label, ticketState], displayOrder) => ({ id, label, displayOrder, metadata: { ticketState } })),
    },
    '0',
  );
  store.addOwner({ ...SUPER_ADMIN });
}
