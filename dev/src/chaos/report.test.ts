import { describe, expect, it } from 'vitest';
import type { EmailTally } from './email-tally';
import { byKind, failed, formatEmails, formatReport, formatSchedulers } from './report';
import type { FaultTally } from './tally';

const base: FaultTally = {
  sent: 25, taken: 25, notTaken: 0, unavailable: 0, failedAnswers: {}, reached: 25, lost: 0, pending: 0, duplicated: 0, healMs: 41_250, lostByKind: {}, duplicatedByKind: {},
};

describe('formatReport', () => {
  it('prints one aligned row per fault, then what each lost or duplicated', () => {
    const text = formatReport([
      { title: '1 Redis emptied', tally: { ...base, reached: 20, lost: 5, healMs: null, lostByKind: { 'login code': 5 } } },
      { title: '3 Postgres restart', tally: { ...base, notTaken: 1, unavailable: 7, failedAnswers: { 503: 7, 0: 2 }, duplicated: 1, duplicatedByKind: { booking: 1 } } },
    ]);
    expect(text.split('\n')).toEqual([
      'fault               taken  not taken  503s  reached  lost  duplicated  time to heal',
      '------------------  -----  ---------  ----  -------  ----  ----------  ------------',
      '1 Redis emptied        25          0     0       20     5           0    not healed',
      '3 Postgres restart     25          1     7       25     0           1        41.3 s',
      '1 Redis emptied: lost 5 login codes',
      '3 Postgres restart: answers 503×7, no answer×2; duplicated 1 booking',
    ]);
  });
});

const emails: EmailTally = { bookings: 15, planned: 15, delivered: 15, pending: 0, lost: 0, unplanned: 0, duplicated: 0, resent: 4, healMs: 21_340 };

describe('e-mails in the report', () => {
  it('adds a table of the e-mails the faults planned, and says what was lost or delivered twice', () => {
    const text = formatReport([
      { title: '1 Redis emptied', tally: base, emails: { ...emails, resent: 0, healMs: 2_000 } },
      { title: '4 mail provider failing', tally: base, emails: { ...emails, delivered: 13, lost: 3, unplanned: 1, duplicated: 1, healMs: null } },
    ]);
    expect(text.split('\n').slice(4)).toEqual([
      '',
      'e-mails (by Message-ID)  bookings  planned  delivered  lost  duplicated  resent  time to heal',
      '-----------------------  --------  -------  ---------  ----  ----------  ------  ------------',
      '1 Redis emptied                15       15         15     0           0       0         2.0 s',
      '4 mail provider failing        15       15         13     3           1       4    not healed',
      '4 mail provider failing: lost 3 e-mails (1 never planned); 1 e-mail delivered more than once',
    ]);
  });

  it('a lost or duplicated e-mail fails the run; a resend under the same Message-ID does not', () => {
    expect(failed({ title: '4', tally: base, emails })).toBe(false);
    expect(failed({ title: '4', tally: base, emails: { ...emails, lost: 1 } })).toBe(true);
    expect(failed({ title: '4', tally: base, emails: { ...emails, duplicated: 1 } })).toBe(true);
  });

  it("says in the fault's line what became of its e-mails, nothing when it planned none", () => {
    expect(formatEmails(emails)).toBe('e-mails 15 planned, 15 delivered, 0 lost, 0 duplicated; 4 resent under the same Message-ID');
    expect(formatEmails({ ...emails, planned: 14, delivered: 14, lost: 1, unplanned: 1, resent: 0 })).toBe('e-mails 14 planned, 14 delivered, 1 lost (1 never planned), 0 duplicated');
    expect(formatEmails({ ...emails, bookings: 0, planned: 0, delivered: 0, resent: 0 })).toBe('');
    expect(formatReport([{ title: '2', tally: base }]).split('\n')).toHaveLength(3);
  });
});

describe('byKind', () => {
  it('names each kind with its count, in a fixed order', () => {
    expect(byKind({ 'login code': 1, booking: 3 })).toBe('3 bookings, 1 login code');
    expect(byKind({})).toBe('');
  });
});

describe('schedulers', () => {
  it('are told only when the fault took some away, and fail the run when they did not come back', () => {
    const back = { missing: ['crm.pull', 'crm.sweep'], backAfterMs: 35_000 };
    const gone = { missing: ['crm.pull'], backAfterMs: null };
    expect(formatSchedulers({ missing: [], backAfterMs: 0 })).toBe('');
    expect(formatSchedulers(back)).toBe('schedulers crm.pull, crm.sweep back after 35.0 s');
    expect(formatSchedulers(gone)).toBe('schedulers crm.pull not back');
    expect(failed({ title: '1', tally: base, schedulers: back })).toBe(false);
    expect(failed({ title: '1', tally: base, schedulers: gone })).toBe(true);
    expect(formatReport([{ title: '1 Redis emptied', tally: base, schedulers: back }]).split('\n').at(-1)).toBe('1 Redis emptied: schedulers crm.pull, crm.sweep back after 35.0 s');
  });

  it('a lost or duplicated request fails the run', () => {
    expect(failed({ title: '1', tally: base })).toBe(false);
    expect(failed({ title: '1', tally: { ...base, lost: 1 } })).toBe(true);
    expect(failed({ title: '1', tally: { ...base, duplicated: 1 } })).toBe(true);
  });
});
