import { CATALOGUE } from '@app/shared/catalogue';
import {
  CRM_DEAL_STAGES,
  CRM_PROPERTIES,
  CRM_PROPERTY_GROUP,
  CRM_TICKET_CATEGORIES,
  CRM_TICKET_STAGES,
} from '@app/shared/crm-schema';
import { STAGE } from '@app/shared/deal-stages';
import { DEV_STAFF_EMAIL_DOMAIN } from '../oidc/provider';
import { createStage } from './pipeline-ops';
import { createGroup, createProperty, updateProperty } from './schema-ops';
import type { Store } from './store';

/**
 * The "ready" account: a blank account after setup (shared/crm-schema.ts: our property group
 * and properties, ticket categories, deal and ticket stages under the ids of docs/product.md §4), plus the
 * cleaners as owners and the catalogue as products. Built with the same operations the
 * properties and pipelines APIs use, so it can only hold what a real account can.
 */

/**
 * The cleaners the ready account has as owners (demo data and tests assign deals to them). Their
 * e-mails are of the company's staff domain in dev, as a real account's users are: marked as
 * cleaners on the Cleaner Roster, they sign in to their own day (dev/src/demo marks the first).
 */
export const SEED_OWNERS = [
  { id: '101', email: `maria.alvarez@${DEV_STAFF_EMAIL_DOMAIN}`, firstName: 'Maria', lastName: 'Alvarez' },
  { id: '102', email: `james.carter@${DEV_STAFF_EMAIL_DOMAIN}`, firstName: 'James', lastName: 'Carter' },
  { id: '103', email: `aisha.johnson@${DEV_STAFF_EMAIL_DOMAIN}`, firstName: 'Aisha', lastName: 'Johnson' },
] as const;

/** Decimal dollars as HubSpot keeps a number property: '149', '65.5'. */
export function centsToDollars(cents: number): string {
  return String(cents / 100);
}

function addProperties(store: Store): void {
  for (const type of new Set(CRM_PROPERTIES.map((p) => p.objectType))) createGroup(store, type, CRM_PROPERTY_GROUP);
  for (const spec of CRM_PROPERTIES) {
    createProperty(store, spec.objectType, {
      name: spec.name,
      label: spec.label,
      description: spec.description,
      type: spec.type,
      fieldType: spec.fieldType,
      groupName: CRM_PROPERTY_GROUP.name,
      hasUniqueValue: spec.hasUniqueValue ?? false,
      ...(spec.type === 'enumeration' ? { options: spec.options.map((o) => ({ ...o })) } : {}),
    });
  }
  const categories = store.property('tickets', 'hs_ticket_category')?.options ?? [];
  const missing = CRM_TICKET_CATEGORIES.filter((c) => !categories.some((o) => o.value === c.value));
  updateProperty(store, 'tickets', 'hs_ticket_category', { options: [...categories, ...missing.map((c) => ({ ...c }))] });
}

/**
 * Our deal stages join HubSpot's in the default pipeline, as setup adds what is missing.
 * HubSpot closes a stage by its probability: 1 is won (a cleaning done), 0 is lost.
 */
function addStages(store: Store): void {
  const dealStages = store.pipelines('deals').find((p) => p.id === 'default')?.stages.length ?? 0;
  CRM_DEAL_STAGES.forEach((stage, i) => {
    const probability = !stage.isClosed ? 0.5 : stage.key === STAGE.CLEANING_DONE ? 1 : 0;
    createStage(store, 'deals', 'default', { id: stage.key, label: stage.label, displayOrder: dealStages + i, metadata: { probability } });
  });
  const ticketStages = store.pipelines('tickets').find((p) => p.id === '0')?.stages ?? [];
  CRM_TICKET_STAGES.forEach((stage, i) => {
    if (ticketStages.some((s) => s.id === stage.key)) return;
    createStage(store, 'tickets', '0', {
      id: stage.key,
      label: stage.label,
      displayOrder: ticketStages.length + i,
      metadata: { ticketState: stage.isClosed ? 'CLOSED' : 'OPEN' },
    });
  });
}

export function setUpReadyAccount(store: Store): void {
  addProperties(store);
  addStages(store);
  for (const owner of SEED_OWNERS) store.addOwner({ ...owner });
  for (const product of CATALOGUE) {
    store.create('products', {
      name: product.name,
      hs_sku: product.id,
      price: product.priceCents === null ? null : centsToDollars(product.priceCents),
      // HubSpot's product types are inventory, non_inventory and service: every cleaning is a service.
      hs_product_type: 'service',
      description: `${product.type}. ${product.unit === 'hour' ? 'Per hour' : 'Per visit'}, ${product.minSqft}-${product.maxSqft} sq ft`,
    });
  }
}
