import type { FaultKind } from '@app/emulators/mail/faults';

/** A message in the mail emulator's inbox: one per Message-ID, however many times it arrived. */
export interface InboxMessage {
  messageId: string;
  copies: number;
}

/** The dev's mail emulator (its control API, /_emulator/): where the worker's e-mails arrive, and its faults. */
export interface MailInbox {
  /** Faults still waiting to be used, by kind (chaos starts only on a clean slate). */
  pending(): Promise<Record<FaultKind, number>>;
  /** The next `count` chances of this kind fail. */
  addFault(kind: FaultKind, count: number): Promise<void>;
  clearFaults(): Promise<void>;
  /** Every message the inbox holds, without bodies. */
  messages(): Promise<InboxMessage[]>;
}

async function call<T>(url: string, init?: RequestInit): Promise<T | undefined> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? undefined : ((await res.json()) as T);
}

export function mailInbox(url: string): MailInbox {
  const faults = `${url}/_emulator/faults`;
  return {
    pending: async () => (await call<Record<FaultKind, number>>(faults))!,
    async addFault(kind, count) {
      await call(faults, { method: 'POST', body: JSON.stringify({ kind, count }) });
    },
    async clearFaults() {
      await call(faults, { method: 'DELETE' });
    },
    messages: async () => (await call<{ messages: InboxMessage[] }>(`${url}/_emulator/message-ids`))!.messages,
  };
}

/** Our Message-ID is '<email_message id@sender domain>' (worker/src/email/email-send.ts): the row's id, or null for anyone else's. */
export function emailIdOf(messageId: string): string | null {
  return /^<([0-9a-f-]{36})@[^>]+>$/i.exec(messageId)?.[1]?.toLowerCase() ?? null;
}
