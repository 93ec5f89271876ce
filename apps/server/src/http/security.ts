/** Security headers from one place (DESIGN.md §6). */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Served over https: adds HSTS. */
  secure: boolean;
  /** Extra origins allowed to serve scripts (identity providers' SDKs). */
  scriptOrigins?: string[];
  /** Extra origins allowed in frames (custom content pages). */
  frameOrigins?: string[];
  /** Extra origins allowed to receive form posts and redirects from forms. */
  formOrigins?: string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptOrigins ?? [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...(options.frameOrigins ?? [])],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...(options.formOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
