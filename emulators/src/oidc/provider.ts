/**
 * The local OpenID provider for staff sign-in in dev and tests: oauth2-mock-server (a real
 * OpenID Connect provider for testing: discovery, JWKS, authorization code with PKCE, signed ID
 * tokens) with the claims a Google Workspace account carries (email, email_verified, hd, name).
 *
 * It signs anyone in at once (no login form). Who signs in, first match wins:
 *  1. the authorization request's `login_hint` (the API passes it through:
 *     `/api/auth/google?login_hint=someone@example.com`), a verified address; it names who
 *     signs in on that one request, so sign-ins running side by side never meet;
 *  2. the next identity queued with `POST {url}/_provider/next-identity`
 *     (JSON `{ "email", "name"?, "emailVerified"?, "hd"? }`; `hd: null` leaves the claim out),
 *     or in process with `provider.queueIdentity(...)`; each queued identity is used once, by
 *     the next sign-in without a hint;
 *  3. the default identity, `staff@atlantahomecleaning.example` (an allowed dev domain).
 * `GET {url}/_provider/` describes this. Sign-ins are keyed on the e-mail: the subject (`sub`)
 * is derived from it, so signing in twice as the same e-mail is the same account.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service, type MutableRedirectUri, type MutableToken, type Payload, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { z } from 'zod';

/** The staff e-mail domain of dev and tests (the API's STAFF_EMAIL_DOMAINS default outside production). */
export const DEV_STAFF_EMAIL_DOMAIN = 'atlantahomecleaning.example';
export const DEV_STAFF_IDENTITY: OidcIdentity = { email: `staff@${DEV_STAFF_EMAIL_DOMAIN}`, name: 'Sam Staff' };
/** Port `npm run dev` starts the provider on (the API's default OIDC_ISSUER_URL outside production). */
export const DEV_OIDC_PORT = 4030;

const CONTROL_PREFIX = '/_provider/';
const MAX_BODY = 10_000;

export interface OidcIdentity {
  email: string;
  name?: string;
  /** Default true. */
  emailVerified?: boolean;
  /** Hosted domain claim; default the e-mail's domain, null for none (a private account). */
  hd?: string | null;
  /** Default: derived from the e-mail. */
  subject?: string;
}

const identitySchema = z.strictObject({
  email: z.email(),
  name: z.string().min(1).max(200).optional(),
  emailVerified: z.boolean().optional(),
  hd: z.string().min(1).nullable().optional(),
  subject: z.string().min(1).max(255).optional(),
});

export interface OidcProvider {
  /** The issuer, e.g. http://127.0.0.1:4030 (no trailing slash). */
  url: string;
  port: number;
  /** The identity of the next sign-in without a login_hint (then the next queued one, then the default). */
  queueIdentity(identity: OidcIdentity): void;
  /** Changes the next ID token just before it is signed (tests: a wrong nonce, an old token...). */
  tamperNextIdToken(change: (payload: Payload) => void): void;
  close(): Promise<void>;
}

const subjectOf = (email: string) => `dev-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

function nameFromEmail(email: string): string {
  const local = email.slice(0, email.indexOf('@'));
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

function claimsOf(identity: OidcIdentity): Record<string, unknown> {
  const email = identity.email.toLowerCase();
  const name = identity.name ?? nameFromEmail(email);
  const hd = identity.hd === undefined ? domainOf(email) : identity.hd;
  return {
    sub: identity.subject ?? subjectOf(email),
    email,
    email_verified: identity.emailVerified ?? true,
    name,
    given_name: name.split(' ')[0],
    ...(hd ? { hd } : {}),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > MAX_BODY) throw new Error('body too large');
  }
  return JSON.parse(raw || '{}') as unknown;
}

export interface OidcProviderOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Address to listen on; default 127.0.0.1 (0.0.0.0 in a container). */
  host?: string;
  /** The issuer URL browsers and the api reach it at, when that is not the listen address. */
  publicUrl?: string;
  defaultIdentity?: OidcIdentity;
}

export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<OidcProvider> {
  const defaultIdentity = options.defaultIdentity ?? DEV_STAFF_IDENTITY;
  const queued: OidcIdentity[] = [];
  const tampers: Array<(payload: Payload) => void> = [];
  /** Authorization code → who signed in with it (until its tokens are issued). */
  const byCode = new Map<string, OidcIdentity>();

  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);

  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    const hint = new URL(req.url ?? '/', 'http://provider').searchParams.get('login_hint');
    const fromHint = hint && z.email().safeParse(hint).success ? { email: hint } : undefined;
    byCode.set(code, fromHint ?? queued.shift() ?? defaultIdentity);
  });

  service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const identity = req.body.code ? byCode.get(req.body.code) : undefined;
    if (identity) Object.assign(token.payload, claimsOf(identity));
    // The ID token is the one with an audience and no scope (the access token is the other way round).
    const isIdToken = token.payload.aud !== undefined && !('scope' in token.payload);
    if (isIdToken) tampers.shift()?.(token.payload);
  });

  service.on('beforeResponse', (_response: unknown, req: TokenRequestIncomingMessage) => {
    if (req.body.code) byCode.delete(req.body.code);
  });

  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://provider').pathname;
    if (req.method === 'GET' && path === CONTROL_PREFIX) {
      return sendJson(res, 200, { issuer: issuer.url, defaultIdentity: claimsOf(defaultIdentity), queued: queued.length });
    }
    if (req.method === 'POST' && path === `${CONTROL_PREFIX}next-identity`) {
      const parsed = identitySchema.safeParse(await readJson(req).catch(() => undefined));
      if (!parsed.success) return sendJson(res, 400, { error: 'expected { email, name?, emailVerified?, hd?, subject? }' });
      queued.push(parsed.data);
      return sendJson(res, 201, { queued: queued.length, claims: claimsOf(parsed.data) });
    }
    return sendJson(res, 404, { error: 'not found' });
  };

  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith(CONTROL_PREFIX)) {
      control(req, res).catch(() => sendJson(res, 500, { error: 'control request failed' }));
      return;
    }
    service.requestHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const url = options.publicUrl ?? `http://${address}:${port}`;
  // The issuer is the address it listens on, so discovery, `iss` and the JWKS all agree.
  issuer.url = url;

  return {
    url,
    port,
    queueIdentity: (identity) => queued.push(identity),
    tamperNextIdToken: (change) => tampers.push(change),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
