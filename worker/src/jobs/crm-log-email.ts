import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { emailEngagementOf, emailRecordMatches, RECOGNITION_PROPERTIES, type LoggedEmail } from '../crm/email-engagements';
import { claimEmail, loadEmail, LOG_CLAIM_LEASE_MS, recordedEngagements, releaseClaim, saveLogged, skipEmail, type EmailToLog } from '../crm/email-log-repository';
import { inputFailureError, type HubSpotGateway } from '../crm/hubspot-gateway';
import { defineJob } from './job';

interface LogDeps {
  db: Db;
  hubspot: HubSpotGateway;
  now?: () => Date;
}

/** What the engagement says, from the row as it was sent (null: nothing to log). */
function loggedEmail(email: EmailToLog): LoggedEmail | null {
  const { at, subject, text, sender, messageId, contact } = email;
  if (!at || subject === null || text === null || !sender || !messageId || !contact) return null;
  return { at, subject, text, sender, messageId, to: { email: email.to, firstName: contact.firstName, lastName: contact.lastName } };
}

/** A claim moved back past the lease: free to take at once, and still saying a create may have reached HubSpot. */
const pastLease = (now: Date) => new Date(now.getTime() - LOG_CLAIM_LEASE_MS - 1);

/**
 * Logs an e-mail we sent on the customer's HubSpot timeline as an emails engagement, on their
 * contact and the deal it is about (docs/email.md#on-record-in-hubspot). Waits (retries) while
 * the customer or the deal is not in HubSpot yet; an e-mail with no customer left to log it on
 * is skipped.
 *
 * Idempotent without a unique id (HubSpot has none on activities): the recorded engagement id
 * first; then, when a job took the e-mail before (its create may have reached HubSpot though
 * the answer was lost), the contact's e-mails are read (associations, which do not wait for the
 * search index, then a batch read) and one with the e-mail's time, subject and Message-ID counts
 * as its record. A claim keeps two jobs from creating it at once.
 */
async function logEmail(deps: LogDeps, emailId: string, log: Logger) {
  const { db, hubspot } = deps;
  const now = deps.now ?? (() => new Date());
  const email = await loadEmail(db, emailId);
  if (!email) return { outcome: 'missing' as const };
  if (email.hubspotEmailId) return { outcome: 'logged' as const, engagementId: email.hubspotEmailId };
  if (email.dueAt === null) return { outcome: 'not-due' as const };
  const logged = loggedEmail(email);
  if (!logged) {
    await skipEmail(db, emailId);
    const reason = email.contact ? 'not-sent' : 'no-contact';
    log.info({ emailId, skipped: reason }, 'email not logged in HubSpot');
    return { outcome: 'skipped' as const, reason };
  }
  const contact = email.contact!.hubspotId;
  if (!contact) throw new Error(`contact ${email.contact!.id} is not in HubSpot yet`);
  if (email.dealWaiting) throw new Error(`the deal of email ${emailId} is not in HubSpot yet`);

  const claim = await claimEmail(db, email, now());
  if (claim.state === 'done') return { outcome: 'settled' as const };
  if (claim.state === 'held') throw new Error(`email ${emailId} is being logged by another job`);

  if (claim.earlierClaim !== null) {
    let found: string | null;
    try {
      found = await findLogged(deps, contact, logged);
    } catch (error) {
      // Nothing was created: the claim goes back as it was.
      await releaseClaim(db, emailId, claim.earlierClaim);
      throw error;
    }
    if (found) {
      await saveLogged(db, emailId, found);
      log.info({ emailId, engagementId: found }, 'email found logged in HubSpot');
      return { outcome: 'logged' as const, engagementId: found, found: true };
    }
  }

  let outcome;
  try {
    outcome = await hubspot.createTraced('emails', [{ key: emailId, ...emailEngagementOf(logged, { contact, deal: email.dealHubspotId }) }], (record) =>
      emailRecordMatches(record, logged) ? emailId : undefined,
    );
  } catch (error) {
    // The answer may be lost after HubSpot created it: the next job looks for it first.
    await releaseClaim(db, emailId, pastLease(now()));
    throw error;
  }
  const id = outcome.ids.get(emailId);
  if (id) {
    await saveLogged(db, emailId, id);
    log.info({ emailId, engagementId: id }, 'email logged in HubSpot');
    return { outcome: 'logged' as const, engagementId: id };
  }
  const failure = outcome.failures.get(emailId);
  // Refused for good, HubSpot created nothing; unanswered, it may have.
  await releaseClaim(db, emailId, failure?.permanent ? null : pastLease(now()));
  throw inputFailureError(`log email ${emailId}`, failure);
}

/** The engagement an earlier attempt created for this e-mail: among its contact's e-mails, one that is its record and no other e-mail's. */
async function findLogged(deps: LogDeps, contact: string, email: LoggedEmail): Promise<string | null> {
  const onContact = (await deps.hubspot.associatedIds('contacts', 'emails', [contact])).get(contact) ?? [];
  const held = await recordedEngagements(deps.db, onContact);
  const candidates = onContact.filter((id) => !held.has(id));
  if (candidates.length === 0) return null;
  const records = await deps.hubspot.readBatch('emails', candidates, RECOGNITION_PROPERTIES);
  return records.find((r) => emailRecordMatches(r, email))?.id ?? null;
}

/** crm.log-email: an e-mail we sent a customer. */
export function crmLogEmailJob(deps: LogDeps) {
  return defineJob('crm.log-email', ({ emailId }, { log }) => logEmail(deps, emailId, log));
}
