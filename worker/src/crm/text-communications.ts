import type { SmsPurpose } from '@app/db/generated/client';
import { CUSTOMER_MESSAGE_LABELS, type CustomerMessageKind } from '@app/shared/customer-messages';
import type { NewObject, Properties } from './hubspot-gateway';
import { modifiedMillis } from './modified-date';
import { plainText } from './plain-text';

/**
 * A text in or out as HubSpot logs it (docs/conversations.md#hubspot): a communication, HubSpot's
 * record of a WhatsApp, LinkedIn or SMS message on a CRM record's timeline (its guide
 * "Communications", developers.hubspot.com/docs/api/crm/communications). The guide's properties
 * are the channel, "logged from" (which must be CRM), the body, the owner shown as the message's
 * creator, and the time, which places it on the timeline. It has no property for the direction,
 * so the body says who wrote the words: "Customer: …" for a text the customer sent us, "Us (…): …"
 * for one we sent, with who wrote it (the staff member) or which automatic text it was.
 */

/** HUBSPOT_DEFINED association types of a communication (the SDK's AssociationTypes). */
export const COMMUNICATION_TO_CONTACT = 81;
export const COMMUNICATION_TO_DEAL = 85;

/**
 * Texts we send that are never logged: a login code is a secret (its words are never kept), and a
 * portal invitation is account administration with a sign-in link, not part of a conversation.
 */
const NOT_LOGGED: ReadonlySet<SmsPurpose> = new Set(['login_code', 'staff_invite']);

/** Whether a text we send is logged on the customer's HubSpot timeline once Twilio takes it. */
export const loggedInHubSpot = (purpose: SmsPurpose): boolean => !NOT_LOGGED.has(purpose);

export interface LoggedText {
  /** `received`: the customer texted us (inbound_text), `sent`: we texted them (sms_message). */
  kind: 'received' | 'sent';
  words: string;
  /** When it arrived, or when Twilio took it: its place on the timeline. */
  at: Date;
  /** What a text we sent was (null for one received). */
  purpose: SmsPurpose | null;
  /** Who wrote a staff reply. */
  staffEmail: string | null;
}

/** What the body says a text we sent was, when no person wrote it. */
function automaticLabel(purpose: SmsPurpose | null): string {
  if (purpose === 'after_hours_reply') return 'after-hours answer';
  if (purpose === 'rating_reply') return 'answer to a rating';
  const label = purpose && purpose in CUSTOMER_MESSAGE_LABELS ? CUSTOMER_MESSAGE_LABELS[purpose as CustomerMessageKind] : 'text';
  return label.toLowerCase();
}

/** The communication's body: who wrote it, then the words as sent. */
export function communicationBody(text: LoggedText): string {
  if (text.kind === 'received') return `Customer: ${text.words}`;
  if (text.purpose === 'staff_reply') return text.staffEmail ? `Us (${text.staffEmail}): ${text.words}` : `Us: ${text.words}`;
  return `Us (automatic ${automaticLabel(text.purpose)}): ${text.words}`;
}

/**
 * The communication to create: on the contact's timeline, and the deal's when the text is about
 * a cleaning. A staff reply names its writer as the owner when they are a HubSpot user.
 */
export function communicationOf(text: LoggedText, on: { contact: string; deal: string | null; owner: string | null }): NewObject {
  const properties: Properties = {
    hs_communication_channel_type: 'SMS',
    hs_communication_logged_from: 'CRM',
    hs_communication_body: communicationBody(text),
    hs_timestamp: text.at.toISOString(),
    ...(on.owner && { hubspot_owner_id: on.owner }),
  };
  return {
    properties,
    associations: [{ toId: on.contact, typeId: COMMUNICATION_TO_CONTACT }, ...(on.deal ? [{ toId: on.deal, typeId: COMMUNICATION_TO_DEAL }] : [])],
  };
}

/** The properties read back to recognise a communication we created. */
export const SIGNATURE_PROPERTIES = ['hs_timestamp', 'hs_communication_body'] as const;

/**
 * What recognises a text's communication: its time to the millisecond and its body. HubSpot has
 * no unique property on activities, so this is how a retry after a lost answer, or a create
 * answered without our trace id, finds it. The body is compared as text: HubSpot may keep it as
 * HTML.
 */
export function signature(at: string | null | undefined, body: string | null | undefined): string | null {
  const ms = modifiedMillis(at);
  if (ms === null) return null;
  return `${ms}\n${plainText(body) ?? ''}`;
}

export const signatureOfText = (text: LoggedText): string => signature(text.at.toISOString(), communicationBody(text))!;
