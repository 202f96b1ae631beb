import type { Emulators } from '../emulators';
import type { DevDatabase } from '../dev-database';
import type { MailInbox } from '../mail-inbox';
import type { QueueStore } from '../queue-store';

/** What a fault works with. */
export interface FaultContext {
  hubspotUrl: string;
  emulators: Emulators;
  /** The mail emulator: the mail provider's faults. */
  mail: MailInbox;
  store: QueueStore;
  database: DevDatabase;
  workerEnv(hubspotUrl: string): NodeJS.ProcessEnv;
  say(line: string): void;
  /** Work to do once the fault's outcome is counted, or when the run stops early (stop a process chaos started). */
  afterwards(cleanup: () => Promise<void>): void;
}

/**
 * One fault: it sends the fault's requests (`send`, which resolves once each was taken or given
 * up) at the moment it chooses, does its damage, and resolves when the damage is over and every
 * request has been sent. Heal time counts from `endedAt`.
 */
export interface Fault {
  title: string;
  run(ctx: FaultContext, send: () => Promise<void>): Promise<{ endedAt: number }>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
