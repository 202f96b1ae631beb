import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';

/**
 * The HubSpot emulator's control API (emulators/src/hubspot/control-routes.ts), as the browser
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

/** A file of the emulator's file manager (its metadata; the bytes through crmFileContent). */
export interface CrmFile {
  id: string;
  name: string;
  path: string;
  access: string;
  archived: boolean;
}

/** Every file uploaded so far. */
export async function crmFiles(): Promise<CrmFile[]> {
  const { results } = (await control('GET', '/_emulator/files')) as { results: CrmFile[] };
  return results;
}

/** The bytes of an uploaded file, as HubSpot keeps them. */
export async function crmFileContent(id: string): Promise<Buffer> {
  const response = await fetch(new URL(`/_emulator/files/${id}/content`, inject('hubspotUrl')));
  if (!response.ok) throw new Error(`HubSpot emulator file ${id}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

export async function crmContactsByEmail(email: string): Promise<CrmObject[]> {
  return (await crmObjects('contacts')).filter((c) => c.properties.email?.toLowerCase() === email.toLowerCase());
}

async function clearCrmFaults(): Promise<void> {
  await control('DELETE', '/_emulator/faults');
}

/**
 * Runs `during` while every call to HubSpot answers 503; `during` ends the outage by calling
 * `recover` (it always ends when `during` returns or throws). Test files run in parallel against
 * one emulator, so outages take turns: a lock directory (mkdir is atomic across processes) makes
 * sure no file ends another file's outage early.
 */
export async function withCrmOutage(during: (recover: () => Promise<void>) => Promise<void>): Promise<void> {
  const lock = path.join(tmpdir(), `e2e-crm-outage-${new URL(inject('hubspotUrl')).port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await control('POST', '/_emulator/faults', { type: 'outage', seconds: 120 });
    await during(clearCrmFaults);
  } finally {
    await clearCrmFaults().finally(() => rmdir(lock));
  }
}

/** How many calls (pushes and scheduled pulls) HubSpot has answered with the outage fault since the emulator started. */
export async function crmOutageAnswers(): Promise<number> {
  const { results } = (await control('GET', '/_emulator/requests')) as { results: Array<{ fault?: string }> };
  return results.filter((r) => r.fault === 'outage').length;
}

/**
 * Waits (polling) until `read` returns a value `done` accepts, and returns it. The worker pushes
 * in the background, with backoff after a failure (another file's outage may have delayed it by
 * a few retries), so this allows up to `timeoutMs`.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
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
