import { describe, expect, it } from 'vitest';
import { communicationBody, communicationOf, loggedInHubSpot, signature, signatureOfText, type LoggedText } from './text-communications';

const at = new Date('2026-12-09T16:04:05.678Z');
const received: LoggedText = { kind: 'received', words: 'Can she come at 10 instead?', at, purpose: null, staffEmail: null };

describe('a text as a HubSpot communication', () => {
  it('says in the body who wrote the words', () => {
    expect(communicationBody(received)).toBe('Customer: Can she come at 10 instead?');
    const sent = { kind: 'sent', at, words: 'Yes, 10 works.' } as const;
    expect(communicationBody({ ...sent, purpose: 'staff_reply', staffEmail: 'sam@cleaning.example' })).toBe('Us (sam@cleaning.example): Yes, 10 works.');
    expect(communicationBody({ ...sent, purpose: 'staff_reply', staffEmail: null })).toBe('Us: Yes, 10 works.');
    expect(communicationBody({ ...sent, purpose: 'reminder', staffEmail: null })).toBe('Us (automatic reminder): Yes, 10 works.');
    expect(communicationBody({ ...sent, purpose: 'after_hours_reply', staffEmail: null })).toBe('Us (automatic after-hours answer): Yes, 10 works.');
  });

  it('is an SMS logged from the CRM at the text’s time, on the contact and the deal, with the writer as owner', () => {
    expect(communicationOf(received, { contact: '11', deal: null, owner: null })).toEqual({
      properties: { hs_communication_channel_type: 'SMS', hs_communication_logged_from: 'CRM', hs_communication_body: 'Customer: Can she come at 10 instead?', hs_timestamp: '2026-12-09T16:04:05.678Z' },
      associations: [{ toId: '11', typeId: 81 }],
    });
    const reply = communicationOf({ ...received, kind: 'sent', purpose: 'staff_reply', staffEmail: 'sam@cleaning.example' }, { contact: '11', deal: '12', owner: '100' });
    expect(reply.properties.hubspot_owner_id).toBe('100');
    expect(reply.associations).toEqual([
      { toId: '11', typeId: 81 },
      { toId: '12', typeId: 85 },
    ]);
  });

  it('never logs a login code or a portal invitation', () => {
    expect(loggedInHubSpot('login_code')).toBe(false);
    expect(loggedInHubSpot('staff_invite')).toBe(false);
    expect(loggedInHubSpot('staff_reply')).toBe(true);
    expect(loggedInHubSpot('reminder')).toBe(true);
  });

  it('is recognised by its time to the millisecond and its body, however HubSpot writes them', () => {
    const ours = signatureOfText(received);
    expect(signature(String(at.getTime()), 'Customer: Can she come at 10 instead?')).toBe(ours);
    expect(signature('2026-12-09T16:04:05.678Z', '<p>Customer: Can she come at 10 instead?</p>')).toBe(ours);
    expect(signature('2026-12-09T16:04:05.679Z', 'Customer: Can she come at 10 instead?')).not.toBe(ours);
    expect(signature('2026-12-09T16:04:05.678Z', 'Customer: Can she come at 11 instead?')).not.toBe(ours);
    expect(signature(null, 'Customer: Can she come at 10 instead?')).toBeNull();
  });
});
