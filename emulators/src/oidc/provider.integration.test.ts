import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_IDENTITY, startOidcProvider, type OidcProvider } from './provider';

const REDIRECT = 'http://127.0.0.1:9/callback';
const CLIENT = 'provider-test-client';

/** The payload of a JWT (the signature is openid-client's business; see the staff-auth tests). */
const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('local OpenID provider (dev and tests)', () => {
  let provider: OidcProvider;

  beforeAll(async () => {
    provider = await startOidcProvider({ port: 0 });
  });
  afterAll(() => provider.close());

  /** An authorization code request answered at once, then its token request: the ID token's claims. */
  async function signIn(query: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const authorize = new URL('/authorize', provider.url);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: CLIENT, redirect_uri: REDIRECT, scope: 'openid email', state: 's', nonce: 'n', ...query })) {
      authorize.searchParams.set(k, v);
    }
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await fetch(new URL('/token', provider.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: CLIENT, redirect_uri: REDIRECT }),
    });
    const body = (await token.json()) as { id_token: string };
    return payloadOf(body.id_token);
  }

  it('is an OpenID provider whose issuer is its own address', async () => {
    const discovery = (await (await fetch(`${provider.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({ issuer: provider.url, authorization_endpoint: `${provider.url}/authorize`, token_endpoint: `${provider.url}/token` });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: { kty: string; d?: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.d).toBeUndefined(); // public part only
  });

  it('signs in the default staff identity with the Google Workspace claims', async () => {
    const claims = await signIn();
    expect(claims).toMatchObject({
      iss: provider.url,
      aud: CLIENT,
      nonce: 'n',
      email: DEV_STAFF_IDENTITY.email,
      email_verified: true,
      hd: 'atlantahomecleaning.example',
      name: 'Sam Staff',
    });
    expect(claims.sub).toMatch(/^dev-[0-9a-f]{20}$/);
    expect((await signIn()).sub).toBe(claims.sub);
  });

  it('signs in the login_hint address instead, with its own subject and a name made from it', async () => {
    const claims = await signIn({ login_hint: 'maria.alvarez@atlantahomecleaning.example' });
    expect(claims).toMatchObject({ email: 'maria.alvarez@atlantahomecleaning.example', name: 'Maria Alvarez', email_verified: true, hd: 'atlantahomecleaning.example' });
    expect(claims.sub).not.toBe((await signIn()).sub);
  });

  it('takes the next identity from its control API, once, for a sign-in without a login_hint', async () => {
    const info = (await (await fetch(`${provider.url}/_provider/`)).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ issuer: provider.url, defaultIdentity: { email: DEV_STAFF_IDENTITY.email }, queued: 0 });
    const queued = await fetch(`${provider.url}/_provider/next-identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'private@gmail.example', name: 'Private Person', emailVerified: false, hd: null }),
    });
    expect(queued.status).toBe(201);
    // A sign-in naming its account leaves the queue to the next one that does not.
    expect((await signIn({ login_hint: 'hinted@atlantahomecleaning.example' })).email).toBe('hinted@atlantahomecleaning.example');
    const claims = await signIn();
    expect(claims).toMatchObject({ email: 'private@gmail.example', name: 'Private Person', email_verified: false });
    expect(claims).not.toHaveProperty('hd');
    expect((await signIn()).email).toBe(DEV_STAFF_IDENTITY.email);
  });

  it('refuses a malformed identity', async () => {
    const res = await fetch(`${provider.url}/_provider/next-identity`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"nope"}' });
    expect(res.status).toBe(400);
    expect((await fetch(`${provider.url}/_provider/unknown`)).status).toBe(404);
  });
});
