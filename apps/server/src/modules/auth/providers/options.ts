import type { ProvidersConfig } from '../../../config.js';
import type { Limit } from '../../../http/rate-limit.js';
import type { RouteDeps } from '../../../http/route.js';
import type { AuthService } from '../service.js';
import type { SignInSteps } from '../sign-in.js';

/** What every provider's routes get. A provider whose settings are absent registers nothing. */
export interface ProviderRouteOptions {
  deps: RouteDeps;
  steps: SignInSteps;
  /** Single-use login flows (state, nonce, PKCE verifier), shared by all instances. */
  auth: AuthService;
  /** Counts a sign-in attempt against the client address; 429 past the limit. */
  limit: Limit;
  providers: ProvidersConfig;
  publicUrl: string;
  /** Signs short-lived values kept in cookies (e.g. a sign-in nonce). */
  secret: string;
  /** For the providers' own HTTP calls (JWKS, Graph API, check_authentication); tests pass stand-ins' fetch. */
  fetch: typeof globalThis.fetch;
}
