/** Security headers from one place (DESIGN.md §6). */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ProvidersConfig } from '../config.js';

export interface SecurityOptions {
  /** Served over https: adds HSTS. */
  secure: boolean;
  /** Extra origins allowed to serve scripts (identity providers' SDKs). */
  scriptOrigins?: string[];
  /** Extra origins allowed in frames (custom content pages). */
  frameOrigins?: string[];
  /** Extra origins allowed to receive form posts and redirects from forms. */
  formOrigins?: string[];
  /** Extra origins scripts may call (identity providers' SDKs). */
  connectOrigins?: string[];
  /** Extra origins allowed to serve style sheets (identity providers' buttons). */
  styleOrigins?: string[];
  /** Origins of the shop's custom content pages right now; they change with the configuration. */
  pageOrigins?: () => readonly string[];
}

/** The origins each configured provider's browser SDK loads from, frames and calls. */
export function providerOrigins(
  providers: ProvidersConfig,
): Required<Omit<SecurityOptions, 'secure' | 'formOrigins' | 'pageOrigins'>> {
  const script: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  const style: string[] = [];
  if (providers.google) {
    script.push('https://accounts.google.com');
    frame.push('https://accounts.google.com');
    connect.push('https://accounts.google.com');
    style.push('https://accounts.google.com');
  }
  if (providers.facebook) {
    script.push('https://connect.facebook.net');
    frame.push('https://www.facebook.com', 'https://web.facebook.com');
    connect.push('https://graph.facebook.com', 'https://www.facebook.com');
  }
  if (providers.apple) {
    script.push('https://appleid.cdn-apple.com');
    frame.push('https://appleid.apple.com');
    connect.push('https://appleid.apple.com');
  }
  if (providers.telegram) {
    script.push('https://telegram.org');
    frame.push('https://oauth.telegram.org');
  }
  return { scriptOrigins: script, frameOrigins: frame, connectOrigins: connect, styleOrigins: style };
}

/**
 * The pages (routes with `helmet: { enableCSPNonces: true }`) get their headers from @fastify/helmet
 * with fresh nonces. Every other response gets the same headers, which @fastify/helmet would build
 * anew for each one (parsing every option, a few percent of a call's CPU): here they are built
 * once per set of page origins.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const configuration = (frameSrc: (string | (() => string))[]) => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptOrigins ?? [])],
        styleSrc: ["'self'", ...(options.styleOrigins ?? [])],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        frameSrc,
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...(options.formOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  });
  const frameOrigins = () => ["'self'", ...(options.frameOrigins ?? []), ...(options.pageOrigins?.() ?? [])];

  // Pages only (global: false): their nonces differ per response.
  await app.register(fastifyHelmet, { global: false, ...configuration([() => frameOrigins().join(' ')]) });

  // Rebuilt only when the page origins change: the settings answer the same list until they do.
  let built: { pages: readonly string[] | undefined; apply: ReturnType<typeof helmet> } | null = null;
  app.addHook('onRequest', (request, reply, done) => {
    // @fastify/helmet moves a route's `helmet` option into its config: those routes are the pages.
    if ('helmet' in request.routeOptions.config) return done();
    const pages = options.pageOrigins?.();
    if (!built || built.pages !== pages) {
      built = { pages, apply: helmet(configuration([frameOrigins().join(' ')])) };
    }
    built.apply(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
