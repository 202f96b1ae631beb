import type { PropertyValues } from './model';

/**
 * What HubSpot fills in from an e-mail's `hs_email_headers` (its emails guide, "Set email
 * headers"): the value is a JSON string with the sender (`from`) and the recipients (`to`, `cc`,
 * `bcc`), each `{ email, firstName, lastName }`, and HubSpot sets the read-only sender and
 * recipient properties from it. Several recipients are joined with ';', as HubSpot joins the
 * values of multi-valued properties. HubSpot documents no refusal of headers it cannot read, so
 * the emulator keeps such a value as given and leaves the derived properties empty.
 */

interface Person {
  email?: unknown;
  firstName?: unknown;
  lastName?: unknown;
}

const DERIVED = {
  from: { email: 'hs_email_from_email', firstName: 'hs_email_from_firstname', lastName: 'hs_email_from_lastname' },
  to: { email: 'hs_email_to_email', firstName: 'hs_email_to_firstname', lastName: 'hs_email_to_lastname' },
} as const;

function parse(value: string | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const people = (value: unknown): Person[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []).filter((p): p is Person => !!p && typeof p === 'object');

const joined = (list: Person[], field: keyof Person): string | null => {
  const values = list.map((p) => p[field]).filter((v): v is string => typeof v === 'string' && v !== '');
  return values.length > 0 ? values.join(';') : null;
};

/** Sets (or clears) the sender and recipient properties from the e-mail's headers. */
export function deriveEmailHeaders(properties: PropertyValues): void {
  const headers = parse(properties.hs_email_headers);
  for (const side of ['from', 'to'] as const) {
    const list = people(headers?.[side]);
    for (const field of ['email', 'firstName', 'lastName'] as const) properties[DERIVED[side][field]] = joined(list, field);
  }
}
