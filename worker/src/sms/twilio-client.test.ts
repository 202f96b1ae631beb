import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, rewriteTwilioUri } from './twilio-client';

describe('rewriteTwilioUri', () => {
  it('moves any *.twilio.com origin onto the base URL, keeping path and query', () => {
    const base = 'http://127.0.0.1:4020';
    expect(rewriteTwilioUri('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?PageSize=2', base)).toBe(
      'http://127.0.0.1:4020/2010-04-01/Accounts/AC1/Messages.json?PageSize=2',
    );
    expect(rewriteTwilioUri('https://api.dublin.ie1.twilio.com/2010-04-01/x.json', base)).toBe('http://127.0.0.1:4020/2010-04-01/x.json');
    expect(rewriteTwilioUri('https://messaging.twilio.com:443/v1/Services', `${base}/twilio/`)).toBe(
      'http://127.0.0.1:4020/twilio/v1/Services',
    );
  });

  it('leaves other hosts alone', () => {
    expect(rewriteTwilioUri('https://nottwilio.com/x', 'http://127.0.0.1:4020')).toBe('https://nottwilio.com/x');
  });
});

describe('createTwilioClient', () => {
  it('uses a rewriting RequestClient with the given timeout when a base URL is set', () => {
    const client = createTwilioClient({
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 't',
      baseUrl: 'http://127.0.0.1:4020',
      timeoutMs: 1234,
    });
    expect(client.httpClient).toBeInstanceOf(twilio.RequestClient);
    expect(client.httpClient.constructor).not.toBe(twilio.RequestClient);
    expect(client.httpClient.defaultTimeout).toBe(1234);
    expect(client.httpClient.autoRetry).toBe(false);
  });

  it('uses the plain RequestClient without a base URL', () => {
    const client = createTwilioClient({ accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 't' });
    expect(client.httpClient.constructor).toBe(twilio.RequestClient);
  });
});

function restException(statusCode: number, body: unknown): Error {
  return new twilio.RestException({ statusCode, body });
}

describe('classifyTwilioError', () => {
  it('maps HTTP answers by status', () => {
    expect(classifyTwilioError(restException(429, { code: 20429, message: 'Too Many Requests' }))).toEqual({
      kind: 'rate-limited',
      retryAfterMs: expect.any(Number),
    });
    expect(classifyTwilioError(restException(503, { code: 20503, message: 'Service Unavailable' }))).toEqual({
      kind: 'transient',
      reason: 'HTTP 503 (Twilio 20503): Service Unavailable',
    });
    expect(classifyTwilioError(restException(401, { code: 20003, message: 'Authenticate' }))).toEqual({
      kind: 'permanent',
      status: 401,
      code: 20003,
      message: 'Authenticate',
    });
  });

  it('copes with a non-JSON error page (no Twilio code)', () => {
    expect(classifyTwilioError(restException(502, '<html>Bad gateway</html>'))).toEqual({
      kind: 'transient',
      reason: 'HTTP 502: [HTTP 502] Failed to execute request',
    });
    expect(classifyTwilioError(restException(400, 'nope'))).toMatchObject({ kind: 'permanent', status: 400, code: null });
  });

  it('treats errors without an answer (timeouts, refused or reset connections) as transient', () => {
    const timeout = Object.assign(new Error('timeout of 300ms exceeded'), { code: 'ECONNABORTED', isAxiosError: true });
    expect(classifyTwilioError(timeout)).toEqual({ kind: 'transient', reason: 'ECONNABORTED: timeout of 300ms exceeded' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(classifyTwilioError(refused)).toMatchObject({ kind: 'transient' });
    expect(classifyTwilioError('weird')).toEqual({ kind: 'transient', reason: 'weird' });
  });
});
