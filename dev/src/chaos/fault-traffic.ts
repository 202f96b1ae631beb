import type { Customer } from './customers';
import { PLAN } from './plan';
import type { SignedIn, Traffic } from './traffic';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fault's requests, spread evenly over PLAN.spreadMs: a booking from each of `customers`, a
 * login code for the first PLAN.loginCodes of them as soon as their booking is taken (a booking
 * is what lets a new customer sign in), and a change request from each of `signedIn`. Resolves
 * when every request was taken or given up.
 */
export async function sendFaultTraffic(traffic: Traffic, customers: readonly Customer[], signedIn: readonly SignedIn[], preferredDate: string): Promise<void> {
  const bookings = customers.map(async (customer, i) => {
    await sleep((i * PLAN.spreadMs) / customers.length);
    const dealId = await traffic.book(customer, preferredDate);
    if (dealId !== undefined && i < PLAN.loginCodes) await traffic.requestCode(customer);
  });
  const changes = signedIn.map(async (customer, i) => {
    await sleep(((i + 0.5) * PLAN.spreadMs) / signedIn.length);
    await traffic.changeRequest(customer);
  });
  await Promise.all([...bookings, ...changes]);
}
