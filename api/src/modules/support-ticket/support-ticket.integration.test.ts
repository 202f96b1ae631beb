import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';
import { apiErrorBody } from '@app/shared/api-error';

const PATH = '/api/hubspot/portal/createContactTicket';
const NOW = new Date('2026-11-22T15:00:00Z');

function validTicket(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ann Lee',
    email: uniqueEmail('ann'),
    phone: '(404) 555-1234',
    bookingId: '',
    reason: 'Service Inquiry',
    description: 'Do you clean garages?',
    agreed: true,
    ...overrides,
  };
}

describe('POST /api/hubspot/portal/createContactTicket', () => {
  let api: TestApi;
  const counts = async () => ({ tickets: await api.db.contactTicket.count(), events: await api.db.outboxEvent.count() });

  beforeAll(async () => {
    api = await startTestApi('support-ticket', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });

  it('stores the message with its outbox event, answers 201 { success: true } and nudges the relay', async () => {
    const body = validTicket({ bookingId: 'deal-123', email: `  ${uniqueEmail('Ann').toUpperCase()} ` });
    const nudgesBefore = api.nudges();
    const res = await api.post(PATH, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: true });

    const email = body.email.trim().toLowerCase();
    const [ticket] = await api.db.contactTicket.findMany({ where: { email } });
    expect(ticket).toMatchObject({
      name: 'Ann Lee',
      phone: '+14045551234',
      bookingId: 'deal-123',
      reason: 'Service Inquiry',
      description: 'Do you clean garages?',
      agreed: true,
      hubspotId: null,
    });
    const events = await api.db.outboxEvent.findMany({ where: { aggregateId: ticket!.id } });
    expect(events.map((e) => [e.type, e.aggregateType, e.payload])).toEqual([
      ['crm.push-support-ticket', 'contact_ticket', { contactTicketId: ticket!.id }],
    ]);
    await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);
    // A question does not make its sender a local (portal) contact; the job upserts HubSpot's by e-mail.
    expect(await api.db.contact.count({ where: { email } })).toBe(0);
  });

  it('an empty bookingId is stored as none', async () => {
    const body = validTicket({ reason: 'General Question' });
    expect((await api.post(PATH, body)).status).toBe(201);
    const ticket = await api.db.contactTicket.findFirstOrThrow({ where: { email: body.email } });
    expect(ticket.bookingId).toBeNull();
    expect(ticket.reason).toBe('General Question');
  });

  it.each([
    ['one word as name', { name: 'Ann' }, 'name', 'Please enter both your first and last name.'],
    ['a name with digits', { name: 'Ann L33' }, 'name', 'Please enter both your first and last name.'],
    ['no name', { name: undefined }, 'name', 'Please enter both your first and last name.'],
    ['9 phone digits', { phone: '404555123' }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['11 phone digits', { phone: '40455512345' }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['no phone', { phone: undefined }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['a bad e-mail', { email: 'ann@' }, 'email', 'Please enter a valid email address.'],
    ['no e-mail', { email: undefined }, 'email', 'Please enter a valid email address.'],
    ['an unknown reason', { reason: 'Complaint' }, 'reason', 'Please choose a reason for contacting us.'],
    ['no reason', { reason: undefined }, 'reason', 'Please choose a reason for contacting us.'],
    ['a blank description', { description: '   ' }, 'description', 'Please describe how we can help.'],
    [
      'no agreement',
      { agreed: false },
      'agreed',
      'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.',
    ],
    ['an unknown field', { priority: 'urgent' }, '', 'Unrecognized key: "priority"'],
  ])('refuses %s: 400 naming the field, nothing written', async (_label, override, field, message) => {
    const before = await counts();
    const res = await api.post(PATH, validTicket(override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(message, 'validation_failed', field));
    expect(await counts()).toEqual(before);
  });

  it('stores markup verbatim as text and answers JSON', async () => {
    const script = '<script>alert(1)</script>';
    const body = validTicket({ description: `${script} & "quotes"` });
    const res = await api.post(PATH, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const ticket = await api.db.contactTicket.findFirstOrThrow({ where: { email: body.email } });
    expect(ticket.description).toBe(`${script} & "quotes"`);
  });

  it('refuses text/plain with 415 and a 1 MB body with 413, writing nothing', async () => {
    const before = await counts();
    const plain = await fetch(`${api.url}${PATH}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(validTicket()) });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual(apiErrorBody('Send the request body as application/json.', 'unsupported_media_type'));
    const huge = await api.post(PATH, validTicket({ description: 'x'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual(apiErrorBody('The request body is too large.', 'payload_too_large'));
    expect(await counts()).toEqual(before);
  });
});
