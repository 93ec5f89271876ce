/** GET /privacy, GET /privacy/export (the ZIP), POST /privacy/deletion-code and POST /privacy/delete-account. */
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import { type CodeLimits, throttleSend } from '../codes/limits.js';
import type { PrivacyExport } from './export.js';
import type { PrivacyService } from './service.js';

export interface PrivacyRouteOptions {
  privacy: PrivacyService;
  exports: PrivacyExport;
  /** Downloads per shopper (DATA_EXPORT_RATE_LIMIT a day): each reads and renders everything. */
  exportLimit: Limit;
  /** The emailed codes' limits, shared with the other email codes. */
  emailLimits: CodeLimits;
}

export function registerPrivacyRoutes(app: FastifyInstance, deps: RouteDeps, options: PrivacyRouteOptions): void {
  const { privacy, exports } = options;

  registerEndpoint(app, deps, 'getPrivacy', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return privacy.info(shopperId, await request.signedInAt());
  });

  registerEndpoint(app, deps, 'exportData', async ({ shopperId, request, reply }) => {
    await options.exportLimit(request, reply, `shopper:${shopperId}`);
    // The client going away stops the reading and rendering.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const { fileName, stream } = await exports.zip(shopperId, {
      acceptLanguage: request.headers['accept-language'],
      signal: gone.signal,
    });
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  registerEndpoint(app, deps, 'sendDeletionCode', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return privacy.sendCode(shopperId, {
      log: request.log,
      throttle: (address) => throttleSend(options.emailLimits, request, reply, { shopperId, recipient: address }),
    });
  });

  registerEndpoint(app, deps, 'deleteAccount', async ({ shopperId, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (body.code) await options.emailLimits.verify(request, reply, `shopper:${shopperId}`);
    const result = await privacy.remove(shopperId, body, () => request.signedInAt());
    // Every session of the account has ended; this browser's cookie goes too.
    await reply.endSession();
    return result;
  });
}
