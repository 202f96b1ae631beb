import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF, backoffDelay, jobOptionsFor, lingerDelay } from './job-options';

describe('backoffDelay', () => {
  it('doubles from the base and stays within [half, full] of the ceiling', () => {
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(2_500);
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 1)).toBe(5_000);
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 1)).toBe(10_000);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(15_000);
  });

  it('never exceeds the cap, even for huge attempt numbers', () => {
    for (const attempt of [10, 11, 50, 1_000]) {
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 0)).toBe(DEFAULT_BACKOFF.capMs / 2);
    }
  });

  it('gives enough attempts to cover a day-long outage even with the smallest jitter', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_ATTEMPTS; attempt++) total += backoffDelay(attempt, DEFAULT_BACKOFF, () => 0);
    expect(total).toBeGreaterThan(24 * 3600 * 1000);
  });
});

describe('jobOptionsFor', () => {
  it('drops a sent text message (it may hold a login code) after an hour, other jobs after a week', () => {
    expect(jobOptionsFor('sms.send').removeOnComplete).toEqual({ age: 3600 });
    expect(jobOptionsFor('crm.push-booking').removeOnComplete).toEqual({ age: 7 * 24 * 3600, count: 100_000 });
    expect(jobOptionsFor('sms.send').attempts).toBe(jobOptionsFor('crm.push-booking').attempts);
  });
});

describe('lingerDelay', () => {
  it('holds a booking push for what is left of the linger since the booking was made', () => {
    expect(lingerDelay('crm.push-booking', 30, 1_000)).toBe(970);
    expect(lingerDelay('crm.push-booking', undefined, 1_000)).toBe(1_000);
    expect(lingerDelay('crm.push-booking', 1_500, 1_000)).toBe(0); // it waited already (held, or a relay behind)
    expect(lingerDelay('crm.push-booking', -20, 1_000)).toBe(1_000); // clocks never make it wait longer
  });

  it('never delays other jobs, nor any job when lingering is off', () => {
    expect(lingerDelay('sms.send', 0, 1_000)).toBe(0);
    expect(lingerDelay('crm.assign-owner', 0, 1_000)).toBe(0);
    expect(lingerDelay('crm.push-booking', 0, 0)).toBe(0);
  });
});
