import type { CustomerContext } from './entities';

/**
 * The admin/customer view's context (§3) "can be loaded, merged with partial updates, or
 * cleared". Kept as pure functions so any store (React state, a query cache) can use them.
 */
export const EMPTY_CUSTOMER_CONTEXT: CustomerContext = Object.freeze({
  name: '',
  email: null,
  phone: null,
  status: null,
  lifecycle: null,
  hubspotId: '',
  deals: [],
  tasks: [],
  subscriptions: [],
  activities: [],
  notes: [],
});

/** First and last name joined with one space, skipping missing parts. */
export function joinName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].map((s) => s?.trim()).filter(Boolean).join(' ');
}

/** One-line address: street, city, 'state zip' (the joined form of docs/product.md §3); null when nothing is known. */
export function addressLine(a: { street: string | null; city: string | null; state: string | null; zip: string | null }): string | null {
  return [a.street, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
}

/** A person (cleaner, customer) as staff pages name them: their name, else their e-mail. */
export function personName(p: { firstName: string | null; lastName: string | null; email: string | null } | null): string | null {
  return p ? joinName(p.firstName, p.lastName) || p.email : null;
}

/** A partial update wins field by field; lists are replaced whole, never concatenated. */
export function mergeCustomerContext(current: CustomerContext | null, update: Partial<CustomerContext>): CustomerContext {
  const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
  return { ...(current ?? EMPTY_CUSTOMER_CONTEXT), ...defined };
}

/** A HubSpot option value as words: 'MEDICAL_PRACTICE' → 'Medical practice', 'NOT_STARTED' → 'Not started'. */
export function optionWords(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
