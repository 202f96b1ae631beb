import { badRequest, type HubSpotError } from './errors';
import type { PropertyDefinition, PropertyValues } from './model';
import { checkValue, type Problem } from './property-values';

/** Property values as a request sends them (the SDK sends strings; raw callers may send numbers). */
export type PropertyInput = Record<string, unknown>;

export interface WriteRules {
  /** The live (not archived) definition of a property of the object type. */
  definition(name: string): PropertyDefinition | undefined;
  /** Ids of the active owners: `hubspot_owner_id` must name one. */
  ownerIds: ReadonlySet<string>;
  /**
   * The control API stands for HubSpot's own UI and automation, which set values that API
   * callers may not (invoice links, amounts billed, record ids).
   */
  trusted: boolean;
}

/** HubSpot's answer to a write with bad property values: every problem listed, nothing written. */
export function invalidProperties(problems: readonly Problem[]): HubSpotError {
  const listed = problems.map((p) => ({ isValid: false, message: p.message, error: p.error, name: p.name, localizedErrorMessage: p.message }));
  return badRequest(`Property values were not valid: ${JSON.stringify(listed)}`, {
    errors: problems.map((p) => ({ message: p.message, code: p.error, context: { propertyName: [p.name] } })),
  });
}

export function invalidProperty(name: string, error: string, message: string): HubSpotError {
  return invalidProperties([{ name, error, message }]);
}

/**
 * Checks and normalises the properties of one create or update against the object type's
 * schema. Throws the HubSpot 400 listing every problem; nothing is written on any problem.
 */
export function checkProperties(input: PropertyInput, rules: WriteRules): PropertyValues {
  const out: PropertyValues = {};
  const problems: Problem[] = [];
  for (const [name, raw] of Object.entries(input ?? {})) {
    const definition = rules.definition(name);
    if (!definition) {
      problems.push({ name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` });
      continue;
    }
    if (definition.readOnlyValue && !rules.trusted) {
      problems.push({ name, error: 'READ_ONLY_VALUE', message: `${name} is a read only property; its value cannot be set.` });
      continue;
    }
    if (raw === null || raw === undefined) {
      out[name] = null;
      continue;
    }
    if (typeof raw === 'object') throw badRequest(`Invalid input JSON: the value of ${name} must be a string`);
    const value = String(raw);
    if (value === '') {
      out[name] = '';
      continue;
    }
    if (definition.referencedObjectType === 'OWNER' && !rules.ownerIds.has(value)) {
      problems.push({ name, error: 'INVALID_OWNER_ID', message: `${value} is not a valid owner id` });
      continue;
    }
    const checked = checkValue(definition, value);
    if (checked.ok) out[name] = checked.value;
    else problems.push(checked.problem);
  }
  if (problems.length > 0) throw invalidProperties(problems);
  return out;
}
