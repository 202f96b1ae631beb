import { describe, expect, it } from 'vitest';
import { loggedText } from '../email/email-send';
import { emailEngagementOf, emailHeaders, emailRecordMatches, type LoggedEmail } from './email-engagements';

const email: LoggedEmail = {
  at: new Date('2026-12-09T16:04:05.678Z'),
  subject: 'Your cleaning is confirmed for Thu, Dec 10 at 9:00 AM ET',
  text: 'Hi Pat, your cleaning is confirmed.',
  sender: 'Atlanta Home Cleaning <Hello@Cleaning.example>',
  messageId: '<0b5c@cleaning.example>',
  to: { email: 'pat@example.com', firstName: 'Pat', lastName: null },
};
const record = (properties: Record<string, string | null>) => ({ id: '7', properties });

describe('an e-mail as a HubSpot emails engagement', () => {
  it('is a sent e-mail at its time, with its subject and text, on the contact (198) and the deal (210)', () => {
    expect(emailEngagementOf(email, { contact: '11', deal: '12' })).toEqual({
      properties: {
        hs_timestamp: '2026-12-09T16:04:05.678Z',
        hs_email_direction: 'EMAIL',
        hs_email_status: 'SENT',
        hs_email_subject: email.subject,
        hs_email_text: email.text,
        hs_email_headers: emailHeaders(email),
      },
      associations: [
        { toId: '11', typeId: 198 },
        { toId: '12', typeId: 210 },
      ],
    });
    expect(emailEngagementOf(email, { contact: '11', deal: null }).associations).toEqual([{ toId: '11', typeId: 198 }]);
  });

  it('names the sender and the recipient in the headers HubSpot reads, with our Message-ID', () => {
    expect(JSON.parse(emailHeaders(email))).toEqual({
      from: { email: 'hello@cleaning.example', firstName: 'Atlanta Home Cleaning' },
      to: [{ email: 'pat@example.com', firstName: 'Pat' }],
      cc: [],
      bcc: [],
      messageId: '<0b5c@cleaning.example>',
    });
    expect(JSON.parse(emailHeaders({ ...email, sender: 'hello@cleaning.example' })).from).toEqual({ email: 'hello@cleaning.example' });
  });

  it('recognises its engagement by time, subject and Message-ID; headers HubSpot rewrote leave time and subject', () => {
    const ours = { hs_timestamp: '2026-12-09T16:04:05.678Z', hs_email_subject: email.subject, hs_email_headers: emailHeaders(email) };
    expect(emailRecordMatches(record(ours), email)).toBe(true);
    expect(emailRecordMatches(record({ ...ours, hs_timestamp: String(email.at.getTime()) }), email)).toBe(true);
    expect(emailRecordMatches(record({ ...ours, hs_email_headers: '{"from":{"email":"hello@cleaning.example"}}' }), email)).toBe(true);
    expect(emailRecordMatches(record({ ...ours, hs_email_headers: null }), email)).toBe(true);
    // Another e-mail's: another Message-ID, another millisecond, another subject.
    expect(emailRecordMatches(record({ ...ours, hs_email_headers: emailHeaders({ ...email, messageId: '<other@cleaning.example>' }) }), email)).toBe(false);
    expect(emailRecordMatches(record({ ...ours, hs_timestamp: '2026-12-09T16:04:05.679Z' }), email)).toBe(false);
    expect(emailRecordMatches(record({ ...ours, hs_email_subject: 'Reminder' }), email)).toBe(false);
  });

  it('keeps the text as sent but for the unsubscribe link', () => {
    const url = 'https://www.cleaning.example/api/email/unsubscribe?a=pat%40example.com&t=abc';
    expect(loggedText(`See you then.\n\nUnsubscribe from reminders [${url}]`, url)).toBe('See you then.\n\nUnsubscribe from reminders [(link left out of this record)]');
  });
});
