import { describe, expect, it } from 'vitest';
import { LIVE_CONVERSATION_MS, markHandledSchema, previewOf, replyLengthText, replySendableAt, staffReplySchema, STAFF_REPLY_ERRORS } from './conversations';
import { sendableAt } from './quiet-hours';

const eastern = (date: string, clock: string) => new Date(`${date}T${clock}:00-05:00`);

describe('a staff reply', () => {
  it('is sent with curly quotes and dashes made plain, trimmed, to a US phone', () => {
    expect(staffReplySchema.parse({ phone: '+14045550123', body: '  Sure \u2013 she\u2019ll be there at 10.  ' })).toEqual({ phone: '+14045550123', body: "Sure - she'll be there at 10." });
  });

  it('is refused empty, longer than three texts, or to a phone outside the US', () => {
    const issue = (input: unknown) => staffReplySchema.safeParse(input).error?.issues[0];
    expect(issue({ phone: '+14045550123', body: '   ' })).toMatchObject({ path: ['body'], message: STAFF_REPLY_ERRORS.empty });
    expect(issue({ phone: '+14045550123', body: 'a'.repeat(459) })).toBeUndefined();
    expect(issue({ phone: '+14045550123', body: 'a'.repeat(460) })).toMatchObject({ path: ['body'], message: STAFF_REPLY_ERRORS.tooLong });
    // An emoji makes the whole text UCS-2: 3 texts hold 201 code units.
    expect(issue({ phone: '+14045550123', body: `${'a'.repeat(199)}🙂` })).toBeUndefined();
    expect(issue({ phone: '+14045550123', body: `${'a'.repeat(200)}🙂` })).toMatchObject({ message: STAFF_REPLY_ERRORS.tooLong });
    expect(issue({ phone: '+447700900123', body: 'Hi' })).toMatchObject({ path: ['phone'], message: STAFF_REPLY_ERRORS.phone });
    expect(issue({ phone: '+14045550123', body: 'Hi', to: '+14045550199' })?.code).toBe('unrecognized_keys');
  });

  it('says in the form how many texts the words take, and how much more fits', () => {
    expect(replyLengthText('')).toBe('One text holds 160 plain characters.');
    expect(replyLengthText('Yes, 10 works.')).toBe('One text, 146 characters left.');
    expect(replyLengthText('a'.repeat(200))).toBe('2 texts: the customer is charged for each. 106 characters left.');
    expect(replyLengthText('On my way 🙂')).toBe('One text, 58 characters left (an emoji or special character makes each text hold 70).');
    expect(replyLengthText('a'.repeat(500))).toBe('Too long: 4 texts. At most 3.');
    // What counts is what is sent: a curly apostrophe is sent plain.
    expect(replyLengthText('She\u2019ll be there.')).toBe('One text, 144 characters left.');
  });

  it('goes at once to a customer in the conversation, and waits out quiet hours otherwise', () => {
    const night = eastern('2026-12-09', '21:30');
    expect(replySendableAt(night, eastern('2026-12-09', '21:10'), sendableAt)).toEqual(night);
    expect(replySendableAt(night, new Date(night.getTime() - LIVE_CONVERSATION_MS - 60_000), sendableAt)).toEqual(eastern('2026-12-10', '08:00'));
    expect(replySendableAt(night, null, sendableAt)).toEqual(eastern('2026-12-10', '08:00'));
    const day = eastern('2026-12-09', '10:00');
    expect(replySendableAt(day, null, sendableAt)).toEqual(day);
  });
});

describe('no reply needed', () => {
  it('names the phone and the newest text seen', () => {
    expect(markHandledSchema.safeParse({ phone: '+14045550123', through: '2026-12-09T15:00:00.000Z' }).success).toBe(true);
    expect(markHandledSchema.safeParse({ phone: '4045550123', through: '2026-12-09T15:00:00.000Z' }).success).toBe(false);
  });
});

describe('the board preview of a waiting text', () => {
  it('is one line, cut at 80 characters', () => {
    expect(previewOf('gate code\nchanged')).toBe('gate code changed');
    expect(previewOf('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
  });
});
