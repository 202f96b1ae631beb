import type { Client } from '@hubspot/api-client';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator, type HubSpotEmulatorOptions } from './server';

/** Shared by the emulator's integration tests: an emulator with the SDK pointed at it, and raw calls. */

export const TOKEN = 'test-token';

export interface TestEmulator {
  emulator: HubSpotEmulator;
  hubspot: Client;
  /** A CRM call with the token, for what the SDK has no method for (or hides: raw error bodies). */
  crm(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  /** A control API call (/_emulator/...). */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
}

async function call(url: string, method: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

export async function startTestEmulator(options: Partial<HubSpotEmulatorOptions> = {}): Promise<TestEmulator> {
  const emulator = await startHubSpotEmulator({ accessToken: TOKEN, ...options });
  return {
    emulator,
    hubspot: createHubSpotClient({ accessToken: TOKEN, basePath: emulator.url, timeoutMs: 5_000 }),
    crm: (method, path, body) => call(`${emulator.url}${path}`, method, body, { authorization: `Bearer ${TOKEN}` }),
    control: (method, path, body) => call(`${emulator.url}/_emulator${path}`, method, body, {}),
  };
}

/** The error a call fails with (the SDK's ApiException: `code`, `body`, `headers`). */
export async function failure(promise: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; body: Record<string, unknown> };
  }
  throw new Error('expected the call to fail');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
