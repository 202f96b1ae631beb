import { describe, expect, it } from 'vitest';
import { MAIL_PHASES, phaseUse } from './mail-provider-failing';

describe('the mail provider fault', () => {
  it('goes through every failure the mail emulator has, each once', () => {
    expect(MAIL_PHASES.map((p) => p.kind).sort()).toEqual(['lost-answer', 'refuse-connection', 'temporary-failure']);
  });

  it('says how many sends met each failure, from what was left of it', () => {
    expect(phaseUse('refuse-connection', 997)).toBe('refused 3 connections');
    expect(phaseUse('temporary-failure', 999)).toBe('answered 451 to 1 message');
    expect(phaseUse('lost-answer', 1_000)).toBe('lost the answer to 0 messages it kept');
  });
});
