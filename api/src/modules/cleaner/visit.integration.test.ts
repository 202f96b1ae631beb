import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { CHECKLIST_REASON_NEEDED, CHECKLISTS } from '@app/shared/cleaning-checklists';
import { ETA_MINUTES_NEEDED, VISIT_NOT_SCHEDULED, VISIT_NOT_TODAY } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { createCustomer, signIn, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';
import { apiErrorBody } from '@app/shared/api-error';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const MINUTE = 60_000;
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');
const UNAUTHORIZED = apiErrorBody('Please sign in to continue.', 'unauthorized');
const unique = () => randomBytes(4).toString('hex');
const ticked = (family: keyof typeof CHECKLISTS) => Object.fromEntries(CHECKLISTS[family].items.map((i) => [i.id, { ticked: true }]));

interface Visit {
  state: string;
  stateLabel: string;
  onMyWayAt: string | null;
  etaMinutes: number | null;
  arrival: { from: string; to: string } | null;
  startedAt: string | null;
  doneAt: string | null;
  startedWithDone: boolean;
}

describe("the cleaner's taps: on my way, start, done", () => {
  let api: StaffApi;
  let office: TestBrowser;
  let cleaner: TestBrowser;
  let other: TestBrowser;
  let cleanerEmail: string;
  let ownerId: string;
  let ownerHubspotId: string;

  const addStaffOwner = async (firstName: string) => {
    const email = `${firstName.toLowerCase()}.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
    return api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName: 'Cleaner', email, isCleaner: true, active: true } });
  };
  const signInAs = async (email: string) => {
    const browser = new TestBrowser(api.url);
    expect((await staffSignIn(api, browser, { loginHint: email })).landing).toBe('/cleaner');
    return browser;
  };
  /** A cleaning of the signed-in cleaner (unless told), today at 9:00 EST, for a customer with a phone. */
  const cleaning = async (data: { scheduledAt?: Date; ownerId?: string; stageId?: string; serviceType?: string; phone?: string } = {}) => {
    const contact = await api.db.contact.create({ data: { email: `c.${unique()}@example.com`, firstName: 'Pat', phone: data.phone ?? `+1404555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}` } });
    return addDeal(api.db, {
      stageId: data.stageId ?? STAGE.CLEANING_SCHEDULED,
      scheduledAt: data.scheduledAt ?? START,
      ownerId: data.ownerId ?? ownerId,
      contactId: contact.id,
      serviceType: data.serviceType ?? 'basic-1500',
      hubspotId: `hs-${unique()}`,
      hubspotUpdatedAt: new Date('2026-12-09T12:00:00Z'),
    });
  };
  /** Moves the clock; a jump past the staff idle timeout (15 minutes) needs a fresh sign-in. */
  const setClock = async (at: Date) => {
    api.clock.set(at);
    cleaner = await signInAs(cleanerEmail);
    office = new TestBrowser(api.url);
    await staffSignIn(api, office);
  };
  const tap = (browser: TestBrowser, dealId: string, action: 'on-my-way' | 'start' | 'done', body: unknown = {}) => browser.post(`/api/cleaner/deals/${dealId}/${action}`, body);
  const visitOf = async (res: Response) => ((await res.json()) as { visit: Visit; texted?: boolean });
  const texts = (dealId: string) => api.db.smsMessage.findMany({ where: { dealId, purpose: 'on_my_way' }, select: { id: true, to: true, dedupeKey: true } });

  beforeAll(async () => {
    api = await startStaffApi('cleaner-visit', START);
    office = new TestBrowser(api.url);
    expect((await staffSignIn(api, office)).landing).toBe('/admin/dashboard');
    const mine = await addStaffOwner('Maria');
    ownerId = mine.id;
    ownerHubspotId = mine.hubspotId;
    cleanerEmail = mine.email!;
    cleaner = await signInAs(cleanerEmail);
    other = await signInAs((await addStaffOwner('Omar')).email!);
  });
  afterAll(() => api.close());

  it('answers 401 without a session, 403 to the office, a customer and another cleaner, and 403 for no such cleaning', async () => {
    const deal = await cleaning();
    const customer = new TestBrowser(api.url);
    await signIn(api, customer, await createCustomer(api.db, { with: 'invite' }));
    for (const action of ['on-my-way', 'start', 'done'] as const) {
      const body = action === 'on-my-way' ? { minutes: 15 } : action === 'done' ? { checklist: ticked('basic') } : {};
      const anonymous = await tap(new TestBrowser(api.url), deal.id, action, body);
      expect(anonymous.status, action).toBe(401);
      expect(await anonymous.json()).toEqual(UNAUTHORIZED);
      for (const browser of [office, customer, other]) {
        const res = await tap(browser, deal.id, action, body);
        expect(res.status, action).toBe(403);
        expect(await res.json()).toEqual(FORBIDDEN);
      }
      expect((await tap(cleaner, 'no-such-deal', action, body)).status).toBe(403);
    }
    expect(await api.db.cleaningVisit.count({ where: { dealId: deal.id } })).toBe(0);
  });

  it('refuses a cleaning of another day with 409 visit_not_today, and one no longer scheduled with 409 visit_not_scheduled', async () => {
    const tomorrow = await cleaning({ scheduledAt: new Date(START.getTime() + 24 * 60 * MINUTE) });
    // 23:30 EST yesterday: the day before in Atlanta, though the same UTC date.
    const yesterday = await cleaning({ scheduledAt: new Date('2026-12-10T04:30:00Z') });
    for (const deal of [tomorrow, yesterday]) {
      for (const action of ['on-my-way', 'start', 'done'] as const) {
        const res = await tap(cleaner, deal.id, action, action === 'on-my-way' ? { minutes: 15 } : { checklist: ticked('basic') });
        expect(res.status, action).toBe(409);
        expect(await res.json()).toEqual(apiErrorBody(VISIT_NOT_TODAY.message, 'visit_not_today'));
      }
    }
    const canceled = await cleaning({ stageId: STAGE.CANCELED });
    const res = await tap(cleaner, canceled.id, 'on-my-way', { minutes: 15 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(apiErrorBody(VISIT_NOT_SCHEDULED.message, 'visit_not_scheduled'));
  });

  it('on my way: refuses other minutes naming the field, records the tap and writes the text once, in the outbox', async () => {
    const deal = await cleaning();
    for (const body of [{ minutes: null }, { minutes: 7 }, { minutes: '15' }]) {
      const bad = await tap(cleaner, deal.id, 'on-my-way', body);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual(apiErrorBody(ETA_MINUTES_NEEDED, 'validation_failed', 'minutes'));
    }
    const res = await tap(cleaner, deal.id, 'on-my-way', { minutes: 15 });
    expect(res.status).toBe(200);
    const first = await visitOf(res);
    expect(first).toEqual({
      texted: true,
      visit: {
        state: 'on_the_way',
        stateLabel: 'On the way',
        onMyWayAt: START.toISOString(),
        etaMinutes: 15,
        arrival: { from: '2026-12-10T14:10:00.000Z', to: '2026-12-10T14:20:00.000Z' },
        startedAt: null,
        doneAt: null,
        startedWithDone: false,
      },
    });
    const [text] = await texts(deal.id);
    expect(text).toMatchObject({ dedupeKey: `on_my_way:${deal.id}` });
    const events = await api.db.outboxEvent.findMany({ where: { type: 'sms.send', aggregateId: text!.id }, select: { payload: true } });
    expect(events).toEqual([{ payload: { messageId: text!.id } }]);
    expect(await api.db.cleaningVisit.findUniqueOrThrow({ where: { dealId: deal.id } })).toMatchObject({ ownerHubspotId, cleanerEmail, etaMinutes: 15 });

    // A second tap (or a double tap) answers the first record; no second text.
    api.clock.advance(2 * MINUTE);
    try {
      const [again, twice] = await Promise.all([tap(cleaner, deal.id, 'on-my-way', { minutes: 30 }), tap(cleaner, deal.id, 'on-my-way', { minutes: 30 })]);
      for (const r of [again, twice]) {
        expect(r.status).toBe(200);
        expect((await visitOf(r)).visit).toEqual(first.visit);
      }
    } finally {
      api.clock.set(START);
    }
    expect(await texts(deal.id)).toHaveLength(1);
  });

  it('on my way in one tap: without minutes, the default window of 15 minutes', async () => {
    const deal = await cleaning();
    const res = await tap(cleaner, deal.id, 'on-my-way', {});
    expect(res.status).toBe(200);
    expect(await visitOf(res)).toMatchObject({ texted: true, visit: { etaMinutes: 15, arrival: { from: '2026-12-10T14:10:00.000Z', to: '2026-12-10T14:20:00.000Z' } } });
    expect(await texts(deal.id)).toHaveLength(1);
  });

  it('on my way to a phone that opted out, or left the text box unticked: recorded, no text', async () => {
    const optedOut = await cleaning({ phone: '+14045550177' });
    await api.db.smsOptOut.create({ data: { phone: '+14045550177', source: 'keyword', keyword: 'STOP' } });
    const res = await tap(cleaner, optedOut.id, 'on-my-way', { minutes: 10 });
    expect(res.status).toBe(200);
    expect(await visitOf(res)).toMatchObject({ texted: false, visit: { state: 'on_the_way', etaMinutes: 10 } });
    expect(await texts(optedOut.id)).toEqual([]);
  });

  it('on my way that could only go out after its window (quiet hours): recorded, no late text', async () => {
    // 6:30 EST: the text would wait until 8:00, after a window ending at 7:10.
    await setClock(new Date('2026-12-10T11:30:00Z'));
    try {
      const deal = await cleaning({ scheduledAt: new Date('2026-12-10T12:30:00Z') });
      const res = await tap(cleaner, deal.id, 'on-my-way', { minutes: 30 });
      expect(await visitOf(res)).toMatchObject({ texted: false, visit: { state: 'on_the_way' } });
      expect(await texts(deal.id)).toEqual([]);
    } finally {
      await setClock(START);
    }
  });

  it('start: records the time once; the day shows the visit in progress', async () => {
    const deal = await cleaning();
    api.clock.advance(5 * MINUTE);
    try {
      const res = await tap(cleaner, deal.id, 'start');
      expect(res.status).toBe(200);
      const started = (await visitOf(res)).visit;
      expect(started).toMatchObject({ state: 'in_progress', stateLabel: 'In progress', startedAt: '2026-12-10T14:05:00.000Z', onMyWayAt: null });
      api.clock.advance(MINUTE);
      const [again, twice] = await Promise.all([tap(cleaner, deal.id, 'start'), tap(cleaner, deal.id, 'start')]);
      for (const r of [again, twice]) expect((await visitOf(r)).visit).toEqual(started);
      const day = (await (await cleaner.request('/api/cleaner/day')).json()) as { cleanings: Array<{ id: string; visit: Visit; checklistFamily: string }> };
      expect(day.cleanings.find((c) => c.id === deal.id)).toMatchObject({ visit: started, checklistFamily: 'basic' });
    } finally {
      api.clock.set(START);
    }
  });

  it('done: refuses an unticked item without a reason naming checklist.<itemId>, then writes the close-out command once', async () => {
    const deal = await cleaning({ serviceType: 'deep-2000' });
    await tap(cleaner, deal.id, 'start');
    const noReason = await tap(cleaner, deal.id, 'done', { checklist: { ...ticked('deep'), baseboards: { ticked: false, reason: 'no' } } });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual(apiErrorBody(CHECKLIST_REASON_NEEDED, 'validation_failed', 'checklist.baseboards'));
    // The basic list is not the deep one's.
    const short = await tap(cleaner, deal.id, 'done', { checklist: ticked('basic') });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { field: string }).field).toBe('checklist.baseboards');

    await setClock(new Date(START.getTime() + 120 * MINUTE));
    try {
      const body = { checklist: { ...ticked('deep'), baseboards: { ticked: false, reason: 'Furniture against every wall' } } };
      const [res, twice] = await Promise.all([tap(cleaner, deal.id, 'done', body), tap(cleaner, deal.id, 'done', body)]);
      expect(res.status).toBe(200);
      expect(twice.status).toBe(200);
      const done = (await visitOf(res)).visit;
      expect(done).toMatchObject({ state: 'done', stateLabel: 'Done', startedAt: START.toISOString(), doneAt: '2026-12-10T16:00:00.000Z', startedWithDone: false });
      expect((await visitOf(twice)).visit).toEqual(done);
      const row = await api.db.cleaningVisit.findUniqueOrThrow({ where: { dealId: deal.id }, select: { checklist: true } });
      expect(row.checklist).toMatchObject({ 'kitchen-surfaces': true, baseboards: 'Furniture against every wall' });
      // The office's close-out command, by the cleaner's e-mail, on its way to HubSpot through the outbox.
      const commands = await api.db.dealCommand.findMany({ where: { dealId: deal.id }, select: { id: true, kind: true, changes: true, staffEmail: true, status: true, reason: true } });
      expect(commands).toEqual([
        {
          id: commands[0]!.id,
          kind: 'close-out',
          changes: { stageId: STAGE.CLEANING_DONE, outcome: 'done' },
          staffEmail: cleanerEmail,
          status: 'pending',
          reason: 'Done from My day. Not done: Baseboards wiped (Furniture against every wall).',
        },
      ]);
      expect(await api.db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: commands[0]!.id } })).toBe(1);
      // Taps after Done change nothing.
      expect((await visitOf(await tap(cleaner, deal.id, 'start'))).visit).toEqual(done);
    } finally {
      await setClock(START);
    }
  });

  it('done without a Start tap records the start at the done time, and says so', async () => {
    const deal = await cleaning();
    await setClock(new Date(START.getTime() + 90 * MINUTE));
    try {
      const res = await tap(cleaner, deal.id, 'done', { checklist: ticked('basic') });
      expect(res.status).toBe(200);
      expect((await visitOf(res)).visit).toMatchObject({ state: 'done', startedAt: '2026-12-10T15:30:00.000Z', doneAt: '2026-12-10T15:30:00.000Z', startedWithDone: true });
    } finally {
      await setClock(START);
    }
  });

  it('done while the office has another command on its way: 409, nothing recorded', async () => {
    const deal = await cleaning();
    expect((await office.post(`/api/internal/admin/deals/${deal.id}/close-out`, { outcome: 'no-show', seenModifiedAt: '2026-12-09T12:00:00.000Z' })).status).toBe(202);
    const res = await tap(cleaner, deal.id, 'done', { checklist: ticked('basic') });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'command_pending' });
    expect(await api.db.cleaningVisit.findUnique({ where: { dealId: deal.id }, select: { doneAt: true } })).toMatchObject({ doneAt: null });
  });

  it('shows a cleaning not started 15 minutes after its start as late on the day', async () => {
    const deal = await cleaning();
    const stateAt = async (at: Date) => {
      api.clock.set(at);
      const day = (await (await cleaner.request('/api/cleaner/day')).json()) as { cleanings: Array<{ id: string; visit: Visit }> };
      return day.cleanings.find((c) => c.id === deal.id)!.visit.state;
    };
    try {
      expect(await stateAt(new Date(START.getTime() + 15 * MINUTE - 1000))).toBe('not_started');
      expect(await stateAt(new Date(START.getTime() + 15 * MINUTE))).toBe('late');
    } finally {
      api.clock.set(START);
    }
  });
});
