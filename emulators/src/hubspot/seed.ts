import { setUpBlankAccount } from './blank-account';
import { setUpReadyAccount } from './ready-account';
import type { Store } from './store';

// Imported from here by tests and the demo seeder.
export { centsToDollars, SEED_OWNERS } from './ready-account';

/**
 * The account an emulator starts with (and goes back to on reset): `blank` is a new HubSpot
 * account; otherwise the "ready" one, set up for the portal (see ready-account.ts).
 */
export function seedStore(store: Store, options: { blank: boolean }): void {
  setUpBlankAccount(store);
  if (!options.blank) setUpReadyAccount(store);
}
