import { LOGIN_CODE_LENGTH } from '@app/shared/constants';
import type { SentRequest, Sighting } from './requests';

/** A HubSpot record as the emulator's control API lists it. */
export interface CrmRecord {
  properties: Record<string, string | null | undefined>;
}

/** A text the emulator took from the worker. */
export interface SentText {
  to: string;
  body: string;
  /** date_created, to the second. */
  createdAt: number;
}

/** One look at both emulators. */
export interface EmulatorSnapshot {
  at: number;
  deals: readonly CrmRecord[];
  tickets: readonly CrmRecord[];
  texts: readonly SentText[];
}

/** The worker's login-code text (shared/src/texts.ts loginCodeSms): the code, then " is your <brand> login code". */
const LOGIN_CODE_TEXT = new RegExp(`^(\\d{${LOGIN_CODE_LENGTH}}) is your .+ login code\\b`);

/** The code of a login-code text; undefined for any other text. */
export function loginCodeIn(body: string): string | undefined {
  return LOGIN_CODE_TEXT.exec(body)?.[1];
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** Login-code texts to `phone` created at or after `since` (the emulator stamps whole seconds). */
export function loginTextsTo(texts: readonly SentText[], phone: string, since: number): SentText[] {
  const from = Math.floor(since / 1000) * 1000;
  return texts.filter((t) => digits(t.to) === digits(phone) && t.createdAt >= from && loginCodeIn(t.body) !== undefined);
}

const withRequestId = (records: readonly CrmRecord[], id: string) => records.filter((r) => r.properties.app_request_id === id).length;

/**
 * How many times a taken request shows in the snapshot: a booking as deals carrying its deal id
 * in app_request_id, a change request as tickets carrying its ticket id, a login code as texts
 * with a code to its phone since it was sent (each phone is asked for one code per run).
 */
export function copiesOf(request: SentRequest, snapshot: EmulatorSnapshot): number {
  if (request.key === null) return 0;
  switch (request.kind) {
    case 'booking':
      return withRequestId(snapshot.deals, request.key);
    case 'change request':
      return withRequestId(snapshot.tickets, request.key);
    case 'login code':
      return loginTextsTo(snapshot.texts, request.key, request.sentAt).length;
  }
}

/** The sighting after one more look: first seen at the first look that found it, the most copies of any look. */
export function nextSighting(previous: Sighting | undefined, copies: number, at: number): Sighting | undefined {
  if (copies === 0) return previous;
  return { firstSeenAt: previous?.firstSeenAt ?? at, copies: Math.max(copies, previous?.copies ?? 0) };
}
