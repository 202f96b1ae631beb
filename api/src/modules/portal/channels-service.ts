import { COMPANY } from '@app/runtime/company';
import { recordPortalTextsChoice } from '@app/db/sms-consent';
import { resumeEmail } from '@app/db/email-suppression';
import { resubscribeEmail, unsubscribeEmail } from '@app/db/email-unsubscribe';
import { formatUsPhone } from '@app/shared/phone';
import {
  emailComplainedRefusal,
  textsNoPhone,
  textsOptedOutRefusal,
  type EmailChoice,
  type ReachChannels,
  type TextsChoice,
} from '@app/shared/reach-channels';
import { PORTAL_TEXTS_OFF_WORDS, portalTextsWords, SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { errors } from '../../errors';
import type { ModuleDeps } from '../registry';
import { findReachFacts, type ReachFacts } from './channels-repository';

/**
 * The portal's "How we reach you" (docs/customer-messages.md#channels). Texts follow the sending
 * rule of worker/src/jobs/sms-send.ts: nothing after STOP; else the phone's newest choice (the
 * booking's text box, or this page) decides; with none (the office booked in HubSpot) they go.
 * E-mail notices go without consent; reminders and rating requests stop with an unsubscribe.
 */

type Deps = Pick<ModuleDeps, 'db' | 'now' | 'auth'>;

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

/** The number to text START to, as people write it. */
const startToOf = (deps: Deps) => (deps.auth.smsReplyNumber ? formatUsPhone(deps.auth.smsReplyNumber) : null);

function textsOf(facts: ReachFacts, startTo: string | null): ReachChannels['texts'] {
  const base = { phone: facts.phone, heldSince: null, startTo: null };
  if (!facts.phone) return { ...base, on: false, off: 'no_phone', since: null };
  if (facts.optOut) return { ...base, on: false, off: 'stop', since: iso(facts.optOut.optedOutAt), startTo };
  const { choice } = facts;
  if (choice && !choice.textsAgreed) return { ...base, on: false, off: choice.form === 'portal' ? 'turned_off' : 'not_agreed', since: iso(choice.agreedAt) };
  return { ...base, on: true, off: null, since: iso(choice?.agreedAt), heldSince: iso(facts.hold?.heldSince) };
}

function emailOf(facts: ReachFacts): ReachChannels['email'] {
  const s = facts.suppression;
  return {
    address: facts.email,
    reminders: !s?.unsubscribedAt,
    unsubscribedAt: iso(s?.unsubscribedAt),
    bounced: s?.bouncedAt ? { at: s.bouncedAt.toISOString(), reason: s.reason } : null,
    // A bounce and a complaint share the reason column (a complaint's is our own words): the bounce's when both are set.
    complained: s?.complainedAt ? { at: s.complainedAt.toISOString(), reason: s.bouncedAt ? null : s.reason } : null,
  };
}

async function factsOf(deps: Pick<Deps, 'db'>, contactId: string): Promise<ReachFacts> {
  const facts = await findReachFacts(deps.db, contactId);
  // The session's contact is gone (deleted meanwhile): as for any other portal read.
  if (!facts) throw errors.notFound('We could not find your account.');
  return facts;
}

/** What the page showed for the choice: the portal's box and terms of the version sent, or (off) the words of turning them off under the current version. */
function choiceWords(choice: TextsChoice): { version: string; words: string } {
  const shown = choice.on && choice.consentVersion ? portalTextsWords(COMPANY, choice.consentVersion) : null;
  // The schema takes "on" only with a version that has the portal's words.
  if (choice.on && !shown) throw new Error('texts turned on without portal words');
  return shown ? { version: shown.version, words: shown.words } : { version: SMS_CONSENT_VERSION, words: PORTAL_TEXTS_OFF_WORDS };
}

export async function reachChannels(deps: Deps, contactId: string): Promise<ReachChannels> {
  const facts = await factsOf(deps, contactId);
  return { texts: textsOf(facts, startToOf(deps)), email: emailOf(facts) };
}

/**
 * Texts on (with the terms of the version the page showed, kept word for word) or off, as a
 * choice of the portal (sms_consent). A choice that changes nothing writes nothing: on again
 * under the same words, or off again. Refused after STOP (only a START reply lifts it: Twilio
 * would refuse our texts anyway) and without a phone.
 */
export async function chooseTexts(deps: Deps, contactId: string, choice: TextsChoice): Promise<ReachChannels> {
  const facts = await factsOf(deps, contactId);
  if (!facts.phone) throw errors.conflictOn('on', 'no_phone', textsNoPhone);
  if (choice.on && facts.optOut) throw errors.conflictOn('on', 'texts_opted_out', textsOptedOutRefusal(startToOf(deps)));
  const newest = facts.choice;
  const same = newest !== null && newest.textsAgreed === choice.on && (!choice.on || newest.version === choice.consentVersion);
  if (!same) await recordPortalTextsChoice(deps.db, { phone: facts.phone, email: facts.email, contactId, textsAgreed: choice.on, ...choiceWords(choice) });
  return reachChannels(deps, contactId);
}

export async function chooseEmail(deps: Deps, contactId: string, choice: EmailChoice): Promise<ReachChannels> {
  const facts = await factsOf(deps, contactId);
  if (choice.reminders) await resubscribeEmail(deps.db, facts.email);
  else await unsubscribeEmail(deps.db, facts.email, deps.now());
  return reachChannels(deps, contactId);
}

/**
 * "Send e-mails to this address again" after a bounce: the customer, signed in, says the address
 * works. A complaint is not lifted here (the customer marked our mail as spam: the office talks
 * to them first), and with one the bounce's lifting would change nothing, so it is refused.
 */
export async function sendEmailAgain(deps: Deps, contactId: string): Promise<ReachChannels> {
  const facts = await factsOf(deps, contactId);
  if (facts.suppression?.complainedAt) throw errors.conflictOn('address', 'email_complained', emailComplainedRefusal(formatUsPhone(COMPANY.phone)));
  await resumeEmail(deps.db, facts.email, deps.now());
  return reachChannels(deps, contactId);
}
