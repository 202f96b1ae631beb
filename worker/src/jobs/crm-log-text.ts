import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import type { WriteOutcome } from '../crm/batch-outcome';
import { HUBSPOT_BATCH_SIZE, inputFailureError, type HubSpotGateway, type HubSpotRecord } from '../crm/hubspot-gateway';
import { communicationOf, loggedInHubSpot, signature, signatureOfText, SIGNATURE_PROPERTIES, type LoggedText } from '../crm/text-communications';
import {
  claimTexts,
  loadText,
  LOG_CLAIM_LEASE_MS,
  recordedCommunications,
  recordLogRefused,
  releaseClaims,
  saveLogged,
  skipText,
  textKey,
  type ClaimedText,
  type TextRef,
  type TextToLog,
} from '../crm/text-log-repository';
import { defineJob } from './job';

interface LogDeps {
  db: Db;
  hubspot: HubSpotGateway;
  /** Texts logged per job at most (HubSpot's batch limit). */
  batchSize?: number;
  now?: () => Date;
}

/** Why a text is not logged at all, or null when it is. */
function whyNotLogged(text: TextToLog): string | null {
  if (text.kind === 'sent' && text.purpose && !loggedInHubSpot(text.purpose)) return 'not-logged';
  if (!text.words || !text.at) return 'no-words';
  // An unknown number (or a customer since deleted): HubSpot has no timeline to put it on.
  if (!text.contactId) return 'no-contact';
  return null;
}

const loggedText = (text: TextToLog): LoggedText => ({ kind: text.kind, words: text.words!, at: text.at!, purpose: text.purpose, staffEmail: text.staffEmail });

/**
 * Logs a text on the customer's HubSpot timeline as an SMS communication, on their contact and,
 * when it is about a cleaning, its deal (docs/conversations.md#hubspot); the other texts due
 * ride along, up to a batch, in one create request. Waits (retries) while the customer or the
 * deal is not in HubSpot yet. A text with no customer (an unknown number) is skipped.
 *
 * Idempotent without a unique id (HubSpot has none on activities): the recorded communication
 * id first; then, for a text a job took before (its create may have reached HubSpot though the
 * answer was lost), its contact's communications are read (associations, then a batch read) and
 * one with the same time and body counts as its record. Claims keep two jobs from creating the
 * same text's communication at once.
 */
async function logText(deps: LogDeps, ref: TextRef, log: Logger) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const key = textKey(ref);
  const own = await loadText(db, ref);
  if (!own) return { outcome: 'missing' as const };
  if (own.communicationId) return { outcome: 'logged' as const, communicationId: own.communicationId };
  if (own.dueAt === null) return { outcome: 'not-due' as const };
  const skipped = whyNotLogged(own);
  if (skipped) {
    await skipText(db, ref);
    log.info({ text: key, skipped }, 'text not logged in HubSpot');
    return { outcome: 'skipped' as const, reason: skipped };
  }
  if (!own.contactHubspotId) throw new Error(`contact ${own.contactId} is not in HubSpot yet`);
  if (own.dealWaiting) throw new Error(`the deal of text ${key} is not in HubSpot yet`);

  const claim = await claimTexts(db, ref, deps.batchSize ?? HUBSPOT_BATCH_SIZE, now());
  // Logged or skipped by another job meanwhile.
  if (claim.state === 'done') return { outcome: 'settled' as const };
  if (claim.state === 'held') throw new Error(`text ${key} is being logged by another job`);
  const outcome = await logBatch(deps, claim.texts, now);
  const failures = [...outcome.failures].filter(([, f]) => f.permanent);
  log.info({ texts: claim.texts.length, logged: outcome.ids.size, failed: outcome.failures.size }, 'texts logged in HubSpot');
  const id = outcome.ids.get(key);
  if (id) return { outcome: 'logged' as const, communicationId: id, batch: claim.texts.length, refused: failures.length };
  // The others' failures are their own jobs' business; this job stands for its own text only.
  throw inputFailureError(`log text ${key}`, outcome.failures.get(key));
}

/** Logs claimed texts: finds those a lost answer created, creates the rest, records every id HubSpot gave. */
async function logBatch(deps: LogDeps, texts: readonly ClaimedText[], now: () => Date): Promise<WriteOutcome> {
  const { db, hubspot } = deps;
  const refOf = new Map(texts.map((t) => [textKey(t), t]));
  let found = new Map<string, string>();
  try {
    found = await findLogged(deps, texts.filter((t) => t.earlierClaim !== null));
  } catch (error) {
    // Nothing was created: the claims go back as they were.
    await releaseClaims(db, texts.map((t) => ({ ref: t, claimedAt: t.earlierClaim })));
    throw error;
  }
  await saveLogged(db, [...found].map(([key, communicationId]) => ({ ref: refOf.get(key)!, communicationId })));

  const toCreate = texts.filter((t) => !found.has(textKey(t)));
  let created: WriteOutcome;
  try {
    created = toCreate.length === 0 ? { ids: new Map(), failures: new Map() } : await createCommunications(hubspot, toCreate);
  } catch (error) {
    // The answer may be lost after HubSpot created them: the next job looks for them first.
    await releaseClaims(db, toCreate.map((t) => ({ ref: t, claimedAt: pastLease(now()) })));
    throw error;
  }
  await saveLogged(db, [...created.ids].map(([key, communicationId]) => ({ ref: refOf.get(key)!, communicationId })));
  const unanswered: ClaimedText[] = [];
  for (const [key, failure] of created.failures) {
    const text = refOf.get(key)!;
    if (failure.permanent) await recordLogRefused(db, text, failure.message);
    else unanswered.push(text);
  }
  await releaseClaims(db, unanswered.map((t) => ({ ref: t, claimedAt: pastLease(now()) })));
  return { ids: new Map([...found, ...created.ids]), failures: created.failures };
}

/** A claim moved back past the lease: free to take at once, and still saying a create may have reached HubSpot. */
const pastLease = (now: Date) => new Date(now.getTime() - LOG_CLAIM_LEASE_MS - 1);

/** Creates the texts' communications in one request per 100; a result is recognised by its trace id, else by its time and body. */
async function createCommunications(hubspot: HubSpotGateway, texts: readonly ClaimedText[]): Promise<WriteOutcome> {
  const bySignature = new Map<string, string[]>();
  for (const text of texts) {
    const sig = signatureOfText(loggedText(text));
    bySignature.set(sig, [...(bySignature.get(sig) ?? []), textKey(text)]);
  }
  const keyOfRecord = (record: HubSpotRecord) => {
    const sig = signature(record.properties.hs_timestamp, record.properties.hs_communication_body);
    return sig === null ? undefined : bySignature.get(sig)?.shift();
  };
  return hubspot.createTraced(
    'communications',
    texts.map((text) => ({
      key: textKey(text),
      ...communicationOf(loggedText(text), { contact: text.contactHubspotId!, deal: text.dealHubspotId, owner: text.ownerHubspotId }),
    })),
    keyOfRecord,
  );
}

/**
 * The communications earlier attempts created for these texts: among their contacts'
 * communications (associations, which do not wait for the search index, then a batch read), one
 * with the text's time and body that no other text holds. Text key → communication id.
 */
async function findLogged(deps: LogDeps, texts: readonly ClaimedText[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (texts.length === 0) return found;
  const contacts = [...new Set(texts.map((t) => t.contactHubspotId!))];
  const onContact = await deps.hubspot.associatedIds('contacts', 'communications', contacts);
  const held = await recordedCommunications(deps.db, [...new Set([...onContact.values()].flat())]);
  const candidates = [...new Set([...onContact.values()].flat())].filter((id) => !held.has(id));
  const records = candidates.length === 0 ? [] : await deps.hubspot.readBatch('communications', candidates, SIGNATURE_PROPERTIES);
  const signatureOf = new Map(records.map((r) => [r.id, signature(r.properties.hs_timestamp, r.properties.hs_communication_body)]));
  const used = new Set<string>();
  for (const text of texts) {
    const wanted = signatureOfText(loggedText(text));
    const id = (onContact.get(text.contactHubspotId!) ?? []).find((c) => !used.has(c) && signatureOf.get(c) === wanted);
    if (id) {
      used.add(id);
      found.set(textKey(text), id);
    }
  }
  return found;
}

/** crm.log-text-received: a text a customer sent us. */
export function crmLogTextReceivedJob(deps: LogDeps) {
  return defineJob('crm.log-text-received', ({ inboundTextId }, { log }) => logText(deps, { kind: 'received', id: inboundTextId }, log));
}

/** crm.log-text-sent: a text we sent a customer. */
export function crmLogTextSentJob(deps: LogDeps) {
  return defineJob('crm.log-text-sent', ({ messageId }, { log }) => logText(deps, { kind: 'sent', id: messageId }, log));
}
