import { personName } from '@app/shared/customer-context';

/** A deal's cleaner (a HubSpot owner) as the calendar, a customer's deals and the roster read it. */
export interface OwnerRef {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export const ownerName = (o: OwnerRef | null): string | null => personName(o);
