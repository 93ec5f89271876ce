/**
 * OpenID Connect authorization code flow with PKCE, state and nonce (openid-client). Serves the
 * company single sign-on, the auth0-style provider and the demo identity provider alike.
 */
import type { Configuration } from 'openid-client';
import type { ProviderIdentity } from './identity.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  scope?: string;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  start(): Promise<OidcStart>;
  /** Verifies the authorization response and the ID token; throws when anything is off. */
  finish(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderIdentity>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** openid-client and its JWT library (about 60 modules), loaded at the first sign-in, not with the server. */
const openid = () => import('openid-client');

export function oidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<Configuration> | null = null;
  const issuerUrl = new URL(settings.issuer);

  function config(): Promise<Configuration> {
    if (!configuration) {
      configuration = openid().then((client) =>
        client.discovery(
          issuerUrl,
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
          {
            // Plain http is accepted only for a local issuer (development and the demo provider).
            execute: issuerUrl.protocol === 'http:' ? [client.allowInsecureRequests] : [],
            timeout: 10,
          },
        ),
      );
      // A failed discovery is retried on the next sign-in instead of being cached forever.
      configuration.catch(() => {
        configuration = null;
      });
    }
    return configuration;
  }

  return {
    async start() {
      const [client, cfg] = await Promise.all([openid(), config()]);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope ?? 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish(callbackUrl, checks) {
      const [client, cfg] = await Promise.all([openid(), config()]);
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('The ID token has no subject');
      const email = text(claims.email) || null;
      return {
        subject: claims.sub,
        email,
        emailVerified: email !== null && claims.email_verified === true,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
      };
    },
  };
}
