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

/** A partial update wins field by field; lists are replaced whole, never concatenated. */
export function mergeCustomerContext(current: CustomerContext | null, update: Partial<CustomerContext>): CustomerContext {
  const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
  return { ...(current ?? EMPTY_CUSTOMER_CONTEXT), ...defined };
}
