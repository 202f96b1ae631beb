import { z } from 'zod';
import { toTypeForTypeId } from './association-types';
import { badRequest } from './errors';
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

export function toAssociationInputs(store: Store, fromType: string, inline: readonly InlineAssociation[]): AssociationInput[] {
  return inline.flatMap((a) =>
    a.types.map((t) => {
      // HubSpot infers the target type from the association type id; our ids are unique across types.
      const toType =
        (t.associationCategory === 'HUBSPOT_DEFINED' ? toTypeForTypeId(fromType, t.associationTypeId) : undefined) ??
        findTypeOf(store, a.to.id);
      if (!toType) {
        throw badRequest(`Association to ${a.to.id} with type ${t.associationTypeId} is invalid: no such object`, {
          subCategory: 'crm.associations.INVALID_ASSOCIATION',
        });
      }
      return { toType, toId: a.to.id, typeId: t.associationTypeId, category: t.associationCategory };
    }),
  );
}
