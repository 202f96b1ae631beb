import { z } from 'zod';
import { toTypeForTypeId } from './association-types';
import { badRequest } from './errors';
import { ACTIVITY_TYPES } from './object-types';
import type { AssociationInput, Store } from './store';

/** An association given with a new record (`associations` of a create input). */
export const inlineAssociationSchema = z.object({
  to: z.object({ id: z.union([z.string(), z.number()]).transform(String) }),
  types: z
    .array(
      z.object({
        associationCategory: z.enum(['HUBSPOT_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED']),
        associationTypeId: z.coerce.number().int(),
      }),
    )
    .min(1),
});
export type InlineAssociation = z.output<typeof inlineAssociationSchema>;

const KNOWN_TYPES = ['contacts', 'deals', 'line_items', 'tickets', 'products', 'invoices', 'companies'];

function findTypeOf(store: Store, id: string): string | undefined {
  return KNOWN_TYPES.find((type) => store.find(type, id));
}

/**
 * HubSpot infers the target type from a HUBSPOT_DEFINED association type id, which names one
 * direction between two types. An activity has no HubSpot-defined labels, only its default
 * type to each record (association-types.ts), so any other HUBSPOT_DEFINED id from an activity
 * (a communication's 81 on an e-mail, say) names no association and is refused, as HubSpot
 * answers an invalid association on create (400 VALIDATION_ERROR, "One or more associations
 * are invalid"; the detail after it is the emulator's).
 */
function refuseUnknownActivityType(fromType: string, typeId: number): never {
  throw badRequest(`One or more associations are invalid: association type ${typeId} (HUBSPOT_DEFINED) does not lead from ${fromType} to any object`, {
    context: { associationTypeId: [String(typeId)] },
  });
}

export function toAssociationInputs(store: Store, fromType: string, inline: readonly InlineAssociation[]): AssociationInput[] {
  return inline.flatMap((a) =>
    a.types.map((t) => {
      const defined = t.associationCategory === 'HUBSPOT_DEFINED' ? toTypeForTypeId(fromType, t.associationTypeId) : undefined;
      if (t.associationCategory === 'HUBSPOT_DEFINED' && !defined && ACTIVITY_TYPES.has(fromType)) refuseUnknownActivityType(fromType, t.associationTypeId);
      // Our ids are unique across types: a label's target is found by its id.
      const toType = defined ?? findTypeOf(store, a.to.id);
      if (!toType) {
        throw badRequest(`Association to ${a.to.id} with type ${t.associationTypeId} is invalid: no such object`, {
          subCategory: 'crm.associations.INVALID_ASSOCIATION',
        });
      }
      return { toType, toId: a.to.id, typeId: t.associationTypeId, category: t.associationCategory };
    }),
  );
}
