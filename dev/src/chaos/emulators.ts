import type { CrmRecord, EmulatorSnapshot, SentText } from './sightings';

/** The HubSpot and Twilio emulators of the dev under test, through their control APIs (/_emulator/). */
export interface Emulators {
  /** Which emulators have a fault set now (chaos starts only on a clean slate). */
  faulted(): Promise<string[]>;
  /** Every HubSpot and Twilio call answers 503 from now until `endOutage`. */
  startOutage(): Promise<void>;
  endOutage(): Promise<void>;
  snapshot(): Promise<EmulatorSnapshot>;
}

/** Longer than any fault; endOutage ends it (and a run that died leaves it to expire). */
const OUTAGE_SECONDS = 600;

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface TwilioMessage {
  to: string;
  body: string;
  direction: string;
  date_created: string;
}

export function emulators(hubspotUrl: string, twilioUrl: string): Emulators {
  const both = [
    { name: 'HubSpot', faults: `${hubspotUrl}/_emulator/faults` },
    { name: 'Twilio', faults: `${twilioUrl}/_emulator/faults` },
  ];
  return {
    async faulted() {
      const states = await Promise.all(both.map(async (e) => ({ name: e.name, state: await call<Record<string, unknown>>(e.faults) })));
      // Each reports { outageUntil, ...lists of queued faults }.
      return states
        .filter(({ state }) => state.outageUntil != null || Object.values(state).some((v) => Array.isArray(v) && v.length > 0))
        .map(({ name }) => name);
    },
    async startOutage() {
      await Promise.all(both.map((e) => call(e.faults, { method: 'POST', body: JSON.stringify({ type: 'outage', seconds: OUTAGE_SECONDS }) })));
    },
    async endOutage() {
      await Promise.all(both.map((e) => call(e.faults, { method: 'DELETE' })));
    },
    async snapshot() {
      const at = Date.now();
      const [deals, tickets, messages] = await Promise.all([
        call<{ results: CrmRecord[] }>(`${hubspotUrl}/_emulator/objects/deals`),
        call<{ results: CrmRecord[] }>(`${hubspotUrl}/_emulator/objects/tickets`),
        call<{ messages: TwilioMessage[] }>(`${twilioUrl}/_emulator/messages`),
      ]);
      const texts: SentText[] = messages.messages
        .filter((m) => m.direction === 'outbound-api')
        .map((m) => ({ to: m.to, body: m.body, createdAt: Date.parse(m.date_created) }));
      return { at, deals: deals.results, tickets: tickets.results, texts };
    },
  };
}
