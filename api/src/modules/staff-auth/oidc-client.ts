import * as oidc from 'openid-client';

/** Staff sign-in settings (env.ts STAFF_SIGN_IN). */
export interface StaffSignInSettings {
  /** Name in /api/auth/{provider}, e.g. 'google'. */
  provider: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Fixed redirect URI; null: derived from the request's origin. */
  redirectUrl: string | null;
  /** Lowercase e-mail domains that may sign in. */
  emailDomains: readonly string[];
  /** Also require the `hd` (hosted domain) claim to be one of them. */
  requireHostedDomain: boolean;
  /** Plain-HTTP provider allowed (the local provider in dev and tests; never in production). */
  allowInsecureHttp: boolean;
}

/** What the callback learns from a valid ID token. */
export type IdTokenClaims = NonNullable<ReturnType<Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>['claims']>>;

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string | undefined;
}

export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The relying party (openid-client). The provider's metadata is discovered on first use and
 * kept; a failed discovery is tried again on the next sign-in instead of being remembered.
 */
export function createOidcClient(settings: StaffSignInSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  function config(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(settings.issuerUrl), settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
        ...(settings.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    /** The provider's authorization URL for an authorization code request with PKCE, state and nonce. */
    async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
      const parameters: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        // Offer accounts of the staff domain only (Google's `hd` hint; the claim is still checked).
        ...(settings.emailDomains.length === 1 ? { hd: settings.emailDomains[0]! } : {}),
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
      };
      return oidc.buildAuthorizationUrl(await config(), parameters);
    },

    /**
     * Checks the callback's state, exchanges the code (with the PKCE verifier) and validates the
     * ID token: signature, issuer, audience, expiry and our nonce. Throws on any mismatch.
     */
    async exchange(callbackUrl: URL, checks: CallbackChecks): Promise<IdTokenClaims> {
      const tokens = await oidc.authorizationCodeGrant(await config(), callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      return claims;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

export const randomSecrets = () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() });
