import { describe, expect, it } from 'vitest';
import { answerText } from './post-json';

describe('answerText', () => {
  it("reads our API's error, else a message, else nothing", () => {
    expect(answerText({ error: 'Please enter your city.', code: 'validation', field: 'address.city' })).toBe('Please enter your city.');
    expect(answerText({ success: false, message: 'Try later' })).toBe('Try later');
    expect(answerText({ error: '  ', message: 'Fallback' })).toBe('Fallback');
    expect(answerText({ error: 42 })).toBeUndefined();
    expect(answerText(null)).toBeUndefined();
    expect(answerText('<h1>Bad gateway</h1>')).toBeUndefined();
  });
});
