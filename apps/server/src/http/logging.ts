/**
 * What the log may hold (DESIGN §6: logs never hold sign-in codes, states, tokens, session ids or
 * API keys), decided here for every log line:
 * - a request is logged as its method, path, host and client address: never its query string,
 *   which carries the OpenID Connect code and state, Steam's signed assertion and the messaging-app
 *   widget's data (all replayable for a while), and never its headers or body, which carry the
 *   session cookie, the cross-site request token, API keys, widget data and SMS codes;
 * - a path that carries a secret of its own (a voucher campaign's claim code, which claims the
 *   voucher for whoever reads it) is logged as its route's template;
 * - the client address is cut to its network where the shop asks for that (GDPR);
 * - should a line ever be given headers, those that hold credentials are censored, at any depth.
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { clientNetwork } from './client-address.js';

/** Headers holding credentials. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-xsrf-token'];

/** A JSON string, its escapes included. */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** A credential header's key in a JSON line and its value: a string or a list of strings (set-cookie). */
const CREDENTIAL_ENTRY = new RegExp(
  `("(?:${CREDENTIAL_HEADERS.join('|')})":)(?:${JSON_STRING}|\\[(?:${JSON_STRING},?)*\\])`,
  'gi',
);

/**
 * Censors the credential headers in a finished log line, whatever object holds them. pino's own
 * redaction walked every line's objects for `*.headers` and cloned them, about two thirds of a
 * request line's logging CPU (npm run bench); a line without a credential key is only scanned.
 */
export const censorCredentials = (line: string): string => line.replace(CREDENTIAL_ENTRY, '$1"[redacted]"');

/** The request target without its query string. */
const withoutQuery = (url: string): string => {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
};

/** A route parameter whose value is a secret: `/voucher/claim/:code`. */
const SECRET_PARAMETER = /\/:code(?:\/|$)/;

/** The path a request line names: its route's template where the path carries a secret. */
const loggedPath = (request: FastifyRequest): string => {
  const template = request.routeOptions.url;
  return template !== undefined && SECRET_PARAMETER.test(template) ? template : withoutQuery(request.url);
};

export interface LogOptions {
  level: string;
  /** Where the JSON lines go; standard output unless given. */
  stream?: DestinationStream;
  /** Log the client's network (/24, /48) instead of its address (config LOG_SHORT_CLIENT_ADDRESSES). */
  shortClientAddresses?: boolean;
}

export function loggerOptions({
  level,
  stream,
  shortClientAddresses = false,
}: LogOptions): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedPath(request),
        host: request.host,
        remoteAddress: shortClientAddresses ? clientNetwork(request.ip)?.address : request.ip,
        // The port tells connections apart only together with the full address.
        ...(!shortClientAddresses && { remotePort: request.socket?.remotePort }),
      }),
    },
    hooks: { streamWrite: censorCredentials },
  };
}

/**
 * One line per request, when it is answered, with the request, the status and the time taken;
 * Fastify's own controller writes a second line on arrival, which was half the logging CPU of a call.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
