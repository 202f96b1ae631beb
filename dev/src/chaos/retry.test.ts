import { describe, expect, it } from 'vitest';
import { nextStep } from './retry';

describe('nextStep', () => {
  it('takes any 2xx', () => {
    expect(nextStep({ status: 201 }, 1)).toEqual({ kind: 'taken' });
    expect(nextStep({ status: 200 }, 3)).toEqual({ kind: 'taken' });
  });

  it('retries an unavailable or busy api after its Retry-After, within 0.2 to 10 s', () => {
    expect(nextStep({ status: 503, retryAfter: '2' }, 1)).toEqual({ kind: 'retry', afterMs: 2_000 });
    expect(nextStep({ status: 429, retryAfter: '3600' }, 1)).toEqual({ kind: 'retry', afterMs: 10_000 });
    expect(nextStep({ status: 503, retryAfter: '0' }, 1)).toEqual({ kind: 'retry', afterMs: 200 });
  });

  it('backs off from 0.5 s to 5 s without a Retry-After, also when no answer came', () => {
    expect(nextStep({ status: 0 }, 1)).toEqual({ kind: 'retry', afterMs: 500 });
    expect(nextStep({ status: 500 }, 2)).toEqual({ kind: 'retry', afterMs: 1_000 });
    expect(nextStep({ status: 502, retryAfter: 'soon' }, 3)).toEqual({ kind: 'retry', afterMs: 2_000 });
    expect(nextStep({ status: 504 }, 9)).toEqual({ kind: 'retry', afterMs: 5_000 });
  });

  it('retries an Idempotency-Key still in progress, and no other 4xx', () => {
    expect(nextStep({ status: 409, code: 'idempotency_in_progress', retryAfter: '1' }, 1)).toEqual({ kind: 'retry', afterMs: 1_000 });
    expect(nextStep({ status: 409, code: 'request_in_progress' }, 1)).toEqual({ kind: 'refused' });
    expect(nextStep({ status: 400, code: 'validation_error' }, 1)).toEqual({ kind: 'refused' });
    expect(nextStep({ status: 403 }, 1)).toEqual({ kind: 'refused' });
  });
});
