import { CATALOGUE } from '@app/shared/catalogue';
import { DEAL_STAGES, HISTORY_STAGES } from '@app/shared/deal-stages';
import { TICKET_CLOSED_STAGES } from '@app/shared/constants';
import type { Pipeline } from './model';
import type { Store } from './store';

/** The deals pipeline of our portal: exactly the stages of shared/deal-stages.ts. */
function dealsPipeline(): Pipeline {
  return {
    id: 'default',
    label: 'Sales Pipeline',
    displayOrder: 0,
    stages: DEAL_STAGES.map((s, i) => ({
      id: s.id,
      label: s.label,
      displayOrder: i,
      metadata: { isClosed: String(HISTORY_STAGES.has(s.id)), probability: HISTORY_STAGES.has(s.id) ? '1.0' : '0.5' },
    })),
  };
}

/** HubSpot's default support pipeline ('0', stages 1-4) plus the portal's two closing stages. */
function ticketsPipeline(): Pipeline {
  const stages: Array<[string, string]> = [
    ['1', 'New'],
    ['2', 'Waiting on contact'],
    ['3', 'Waiting on us'],
    ['4', 'Closed'],
    ['1613485805', 'Request Completed'],
    ['1613485806', 'Request Declined'],
  ];
  return {
    id: '0',
    label: 'Support Pipeline',
    displayOrder: 0,
    stages: stages.map(([id, label], i) => ({
      id,
      label,
      displayOrder: i,
      metadata: { ticketState: TICKET_CLOSED_STAGES.has(id) ? 'CLOSED' : 'OPEN', isClosed: String(TICKET_CLOSED_STAGES.has(id)) },
    })),
  };
}

export const SEED_OWNERS = [
  { id: '101', email: 'maria.alvarez@cleaning.example', firstName: 'Maria', lastName: 'Alvarez' },
  { id: '102', email: 'james.carter@cleaning.example', firstName: 'James', lastName: 'Carter' },
  { id: '103', email: 'aisha.johnson@cleaning.example', firstName: 'Aisha', lastName: 'Johnson' },
] as const;

/** Pipelines, three cleaners as owners and the catalogue as products (price in dollars like HubSpot). */
export function seedStore(store: Store): void {
  store.setPipelines('deals', [dealsPipeline()]);
  store.setPipelines('tickets', [ticketsPipeline()]);
  for (const owner of SEED_OWNERS) store.addOwner({ ...owner });
  for (const product of CATALOGUE) {
    store.create('products', {
      name: product.name,
      hs_sku: product.id,
      price: product.priceCents === null ? null : centsToDollars(product.priceCents),
      hs_product_type: product.type,
      description: `${product.unit === 'hour' ? 'Per hour' : 'Per visit'}, ${product.minSqft}-${product.maxSqft} sq ft`,
    });
  }
}

/** Decimal dollars as HubSpot keeps a number property: '149', '65.5'. */
export function centsToDollars(cents: number): string {
  return String(cents / 100);
}
