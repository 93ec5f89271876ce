/**
 * A local stand-in for the messaging app's login widget: it signs a person's data with a bot
 * token exactly as the widget does (written here from the messaging app's documentation, apart
 * from the server's code, so a mistake on either side shows). GET /telegram/sign hands the signed
 * data to a browser test, whose replaced widget script passes it to the page.
 */
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type TelegramLoginData = Record<string, string | number>;

/**
 * The widget's signature: the data-check-string is every field but `hash`, sorted by name, as
 * `name=value` lines joined by '\n'; hash = hex HMAC-SHA256 of it under SHA-256(bot token).
 */
export function signTelegramLogin(botToken: string, user: TelegramLoginData): TelegramLoginData {
  const { hash: _ignored, ...fields } = user;
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  const secretKey = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secretKey).update(dataCheckString).digest('hex') };
}

export interface TelegramStandInOptions {
  botToken: string;
}

export async function telegramStandIn(app: FastifyInstance, options: TelegramStandInOptions): Promise<void> {
  /** Signs the query's fields; id and auth_date are numbers on the wire, as the widget sends them. */
  app.get('/telegram/sign', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const user: TelegramLoginData = {
      id: Number(query.id ?? '100000001'),
      auth_date: Number(query.auth_date ?? Math.floor(Date.now() / 1000)),
    };
    for (const name of ['first_name', 'last_name', 'username', 'photo_url'] as const) {
      const value = query[name];
      if (value !== undefined && value !== '') user[name] = value;
    }
    return signTelegramLogin(options.botToken, user);
  });
}
