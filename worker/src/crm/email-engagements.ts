import { senderAddress } from '../email/email-env';
import type { HubSpotRecord, NewObject } from './hubspot-gateway';
import { modifiedMillis } from './modified-date';

/**
 * An e-mail we sent as HubSpot logs it (docs/email.md#on-record-in-hubspot): an emails
 * engagement, HubSpot's record of an e-mail on a CRM record's timeline (its guide "Emails",
 * developers.hubspot.com/docs/api/crm/email). The guide's properties: `hs_timestamp` (required:
 * its place on the timeline), the direction (`EMAIL`: sent from us), the send status (`SENT`),
 * the subject, the plain text, and `hs_email_headers`, a JSON string with the sender and the
 * recipients, from which HubSpot fills in the e-mail's from and to properties.
 */

/** HUBSPOT_DEFINED association types of an e-mail (the SDK's AssociationTypes). */
export const EMAIL_TO_CONTACT = 198;
export const EMAIL_TO_DEAL = 210;

export interface LoggedEmail {
  /** When the provider took it: its place on the timeline. */
  at: Date;
  subject: string;
  text: string;
  /** 'Name <address>' as the From header said. */
  sender: string;
  /** Our Message-ID, '<row id@sender domain>'. */
  messageId: string;
  to: { email: string; firstName: string | null; lastName: string | null };
}

/** 'Name <address>' → the name, when there is one. */
function displayName(from: string): string | null {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim();
  return name ? name : null;
}

/**
 * The headers' JSON as the guide shows it (`from` one person, `to`, `cc`, `bcc` lists of them,
 * each `{ email, firstName, lastName }`), with our Message-ID beside them, so the record says
 * which e-mail it is. The guide names no Message-ID key (HubSpot fills its properties from the
 * keys it knows); should HubSpot not keep the value as sent, the time and subject still
 * recognise the engagement (emailRecordMatches).
 */
export function emailHeaders(email: LoggedEmail): string {
  const name = displayName(email.sender);
  const person = (p: { email: string; firstName?: string | null; lastName?: string | null }) => ({
    email: p.email,
    ...(p.firstName ? { firstName: p.firstName } : {}),
    ...(p.lastName ? { lastName: p.lastName } : {}),
  });
  return JSON.stringify({
    from: person({ email: senderAddress(email.sender), firstName: name }),
    to: [person(email.to)],
    cc: [],
    bcc: [],
    messageId: email.messageId,
  });
}

/** The engagement to create: on the contact's timeline, and the deal's when HubSpot has it. */
export function emailEngagementOf(email: LoggedEmail, on: { contact: string; deal: string | null }): NewObject {
  return {
    properties: {
      hs_timestamp: email.at.toISOString(),
      hs_email_direction: 'EMAIL',
      hs_email_status: 'SENT',
      hs_email_subject: email.subject,
      hs_email_text: email.text,
      hs_email_headers: emailHeaders(email),
    },
    associations: [{ toId: on.contact, typeId: EMAIL_TO_CONTACT }, ...(on.deal ? [{ toId: on.deal, typeId: EMAIL_TO_DEAL }] : [])],
  };
}

/** The properties read back to recognise an engagement we created. */
export const RECOGNITION_PROPERTIES = ['hs_timestamp', 'hs_email_subject', 'hs_email_headers'] as const;

function messageIdIn(headers: string | null | undefined): string | null {
  if (!headers) return null;
  try {
    const parsed = JSON.parse(headers) as { messageId?: unknown };
    return typeof parsed.messageId === 'string' ? parsed.messageId : null;
  } catch {
    return null;
  }
}

/**
 * Whether an engagement read back is this e-mail's. HubSpot has no unique property on
 * activities, so a retry after a lost answer recognises what it made by its time (to the
 * millisecond) and subject and, when its headers still carry one, our Message-ID; an
 * engagement with another Message-ID is another e-mail's, whatever its time.
 */
export function emailRecordMatches(record: HubSpotRecord, email: LoggedEmail): boolean {
  if (modifiedMillis(record.properties.hs_timestamp) !== email.at.getTime()) return false;
  if ((record.properties.hs_email_subject ?? '') !== email.subject) return false;
  const messageId = messageIdIn(record.properties.hs_email_headers);
  return messageId === null || messageId === email.messageId;
}
