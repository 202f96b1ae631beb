import { describe, expect, it } from 'vitest';
import { ZIP_FORMAT_ERROR, ZIP_NOT_SERVED, ZIP_SERVED } from './texts';
import { bookingZipWarning, checkZip, zipCheckMessage, zipInput } from './zip-check';

describe('zip checker', () => {
  it('valid inside the service area', () => {
    expect(checkZip('30303')).toBe('valid');
    expect(zipCheckMessage('valid')).toBe('Yes! We service your area.');
    expect(zipCheckMessage('valid')).toBe(ZIP_SERVED);
  });

  it('invalid for a well-formed zip outside it', () => {
    expect(checkZip('90210')).toBe('invalid');
    expect(zipCheckMessage('invalid')).toBe("Not yet — but we're always expanding!");
    expect(zipCheckMessage('invalid')).toBe(ZIP_NOT_SERVED);
  });

  it.each(['', '3030', '303031', '3030a', ' 30303', '30 303'])('format for %j', (input) => {
    expect(checkZip(input)).toBe('format');
  });

  it('format message', () => {
    expect(zipCheckMessage('format')).toBe('Please enter a valid 5-digit zip code.');
    expect(zipCheckMessage('format')).toBe(ZIP_FORMAT_ERROR);
  });

  it('only digits can be typed, at most 5', () => {
    expect(zipInput('30a3-03')).toBe('30303');
    expect(zipInput('303031234')).toBe('30303');
    expect(zipInput('abc')).toBe('');
  });

  it('booking warns for an out-of-area zip but not for a served or unfinished one', () => {
    expect(bookingZipWarning('90210')).toBe(
      "We're not yet in your area — but you can still submit this request and we'll reach out as soon as we expand!",
    );
    expect(bookingZipWarning('30303')).toBeNull();
    expect(bookingZipWarning('902')).toBeNull();
  });
});
