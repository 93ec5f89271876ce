/**
 * A local stand-in for Twilio's Messages API, speaking it over HTTP so that the server's real SMS
 * transport runs against it: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic
 * auth (account SID : auth token) and a form-encoded To, From or MessagingServiceSid, and Body.
 * It answers like Twilio: 201 with the message resource, or a Twilio error object
 * { code, message, more_info, status } with its HTTP status. Every request is recorded.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hanging } from './hang.js';

export interface SmsGatewayOptions {
  accountSid: string;
  authToken: string;
  /** Numbers this account may send from. */
  senders: string[];
  /** Messaging services of this account. */
  messagingServices?: string[];
}

export interface GatewayRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The Authorization header as sent. */
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface SentMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/** 'hang': no answer until released; 'server-error': a 500 page; 'refuse': Twilio error 21408 (permission). */
export type GatewayOutage = 'hang' | 'server-error' | 'refuse' | null;

export interface SmsGatewayStandIn {
  readonly requests: GatewayRequest[];
  /** Messages accepted (answered 201), oldest first. */
  readonly sent: SentMessage[];
  outage(kind: GatewayOutage): void;
}

const E164 = /^\+[1-9]\d{6,14}$/;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const twilioError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.code(status).send({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export async function smsGatewayStandIn(app: FastifyInstance, options: SmsGatewayOptions): Promise<SmsGatewayStandIn> {
  const requests: GatewayRequest[] = [];
  const sent: SentMessage[] = [];
  let outage: GatewayOutage = null;
  const held = hanging(app);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const basicOk = (header: string | undefined) => {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
    if (!match) return false;
    const [user, ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
    return sameText(user ?? '', options.accountSid) && sameText(rest.join(':'), options.authToken);
  };

  app.post<{ Params: { sid: string } }>('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    requests.push({
      method: request.method,
      path: request.url.split('?')[0]!,
      contentType: request.headers['content-type'],
      authorization: request.headers.authorization,
      form,
    });
    if (outage === 'hang') return held.hang(request, reply);
    if (outage === 'server-error')
      return reply.code(500).type('text/html').send('<html><body>Internal error</body></html>');

    if (!basicOk(request.headers.authorization)) return twilioError(reply, 401, 20003, 'Authenticate');
    if (request.params.sid !== options.accountSid) {
      return twilioError(
        reply,
        404,
        20404,
        `The requested resource /2010-04-01/Accounts/${request.params.sid}/Messages.json was not found`,
      );
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return twilioError(reply, 400, 21602, 'Message body is required.');
    }
    if (outage === 'refuse') {
      return twilioError(
        reply,
        400,
        21408,
        `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${form.To}`,
      );
    }
    if (!form.To) return twilioError(reply, 400, 21604, "A 'To' phone number is required.");
    if (!E164.test(form.To)) return twilioError(reply, 400, 21211, `Invalid 'To' Phone Number: ${form.To}`);
    if (!form.Body) return twilioError(reply, 400, 21602, 'Message body is required.');
    const service = form.MessagingServiceSid ?? null;
    const from = form.From ?? null;
    if (!service && !from) return twilioError(reply, 400, 21603, "A 'From' phone number is required.");
    if (service && !(options.messagingServices ?? []).includes(service)) {
      return twilioError(reply, 400, 21701, 'The Messaging Service Sid is invalid.');
    }
    if (from && !options.senders.includes(from)) {
      return twilioError(
        reply,
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    sent.push({ sid, to: form.To, from, messagingServiceSid: service, body: form.Body });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    return reply.code(201).send({
      account_sid: options.accountSid,
      api_version: '2010-04-01',
      body: form.Body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: service,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      status: service ? 'accepted' : 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}/Media.json` },
      to: form.To,
      uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
    });
  });

  return {
    requests,
    sent,
    outage(kind) {
      outage = kind;
      if (kind === null) held.releaseAll();
    },
  };
}
