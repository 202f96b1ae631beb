import { expect, inject } from 'vitest';

/**
 * The HubSpot emulator's control API (dev/src/emulators/hubspot/control-routes.ts), as the browser
 * tests use it: what the worker has pushed so far, and an outage switched on and off.
 */
export interface CrmObject {
  id: string;
  properties: Record<string, string | null | undefined>;
  /** Target ids by object type, e.g. `{ contacts: ['1001'] }`. */
  associations: Record<string, string[]>;
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, inject('hubspotUrl')), {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`HubSpot emulator ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Live objects of a type ('contacts', 'deals', 'tickets', ...). */
export async function crmObjects(type: string): Promise<CrmObject[]> {
  const { results } = (await control('GET', `/_emulator/objects/${type}`)) as { results: CrmObject[] };
  return results;
}

export async function crmContactsByEmail(email: string): Promise<CrmObject[]> {
  return (await crmObjects('contacts')).filter((c) => c.properties.email?.toLowerCase() === email.toLowerCase());
}

/** Every call to HubSpot answers 503 for `seconds` (or until clearCrmFaults). */
export async function startCrmOutage(seconds: number): Promise<void> {
  await control('POST', '/_emulator/faults', { type: 'outage', seconds });
}

export async function clearCrmFaults(): Promise<void> {
  await control('DELETE', '/_emulator/faults');
}

/**
 * How many calls HubSpot has answered with the outage fault since the emulator started, counting
 * only paths that contain `pathPart` (e.g. the contact upsert of a push, not the scheduled pull).
 */
export async function crmOutageAnswers(pathPart = ''): Promise<number> {
  const { results } = (await control('GET', '/_emulator/requests')) as { results: Array<{ path: string; fault?: string }> };
  return results.filter((r) => r.fault === 'outage' && r.path.includes(pathPart)).length;
}

/**
 * Waits (polling) until `read` returns a value `done` accepts, and returns it. The worker pushes
 * in the background, with backoff after a failure, so this allows up to `timeoutMs`.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return done(last);
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  return last as T;
}
