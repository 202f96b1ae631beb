import { waitUntil } from '../net';
import type { Customer } from './customers';
import type { Emulators } from './emulators';
import { loginCodeIn, loginTextsTo } from './sightings';
import { VERIFY_CODE_PATH, type SignedIn, type Traffic } from './traffic';

/** How long a preparation step may take while nothing is faulted. */
const STEP_LIMIT_MS = 60_000;

/** Signs a customer in as the login page does, with the code read from the Twilio emulator. */
async function signIn(prep: Traffic, emulators: Emulators, customer: Customer): Promise<SignedIn['client']> {
  const client = prep.client(customer);
  const since = Date.now();
  const requested = await prep.requestCode(customer, client);
  if (requested.takenAt === null) throw new Error(`${customer.email} could not ask for a login code (answers ${requested.answers.join(', ')})`);
  let code: string | undefined;
  const texted = await waitUntil(async () => {
    const [newest] = loginTextsTo((await emulators.snapshot()).texts, customer.phone, since);
    code = newest ? loginCodeIn(newest.body) : undefined;
    return code !== undefined;
  }, STEP_LIMIT_MS, 500);
  if (!texted || !code) throw new Error(`no login code reached ${customer.phone} within ${STEP_LIMIT_MS / 1000} s`);
  const verified = await client.post(VERIFY_CODE_PATH, { email: customer.email, phone: customer.phone, code });
  if (verified.status !== 200) throw new Error(`${customer.email} could not sign in: verify-code answered ${verified.status} ${verified.code ?? ''}`);
  return client;
}

/**
 * Before a fault: customers who booked and signed in, each with a booking already in HubSpot,
 * so that their change requests during the fault test the fault and nothing else. Nothing is
 * faulted yet: any failure here stops the run.
 */
export async function prepareSignedIn(prep: Traffic, emulators: Emulators, customers: readonly Customer[], preferredDate: string): Promise<SignedIn[]> {
  const dealIds = await Promise.all(customers.map((c) => prep.book(c, preferredDate)));
  if (dealIds.some((id) => id === undefined)) throw new Error(`preparing: a booking was not taken (${prep.refusals.join('; ') || 'no 2xx in time'})`);
  const wanted = new Set(dealIds as string[]);
  const inHubSpot = await waitUntil(async () => {
    const found = (await emulators.snapshot()).deals.filter((d) => wanted.has(d.properties.app_request_id ?? ''));
    return found.length === wanted.size;
  }, STEP_LIMIT_MS, 500);
  if (!inHubSpot) throw new Error(`preparing: the bookings did not reach HubSpot within ${STEP_LIMIT_MS / 1000} s (is the worker running?)`);
  return Promise.all(customers.map(async (customer, i) => ({ customer, client: await signIn(prep, emulators, customer), dealId: dealIds[i]! })));
}
