import { describe, expect, it } from 'vitest';
import { smsKeyword } from './sms-keywords';

describe('smsKeyword', () => {
  it('knows the opt-out, opt-in and help words in any case, with spaces around them', () => {
    expect(smsKeyword('STOP')).toBe('stop');
    expect(smsKeyword('  unsubscribe \n')).toBe('stop');
    expect(smsKeyword('Cancel')).toBe('stop');
    expect(smsKeyword('start')).toBe('start');
    expect(smsKeyword('UNSTOP')).toBe('start');
    expect(smsKeyword('yes')).toBe('start');
    expect(smsKeyword('Help')).toBe('help');
    expect(smsKeyword('info')).toBe('help');
  });

  it('takes a sentence for a sentence, not a keyword', () => {
    expect(smsKeyword('Stop texting me')).toBeNull();
    expect(smsKeyword('please cancel my cleaning')).toBeNull();
    expect(smsKeyword('')).toBeNull();
  });
});
