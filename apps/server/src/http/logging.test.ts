import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { censorCredentials, loggerOptions } from './logging.js';

/** A logger at info level whose JSON lines are kept in memory. */
function capturedLog() {
  const lines: string[] = [];
  const options = loggerOptions({ level: 'info', stream: { write: (line: string) => lines.push(line) } });
  return { options, text: () => lines.join('') };
}

const CREDENTIALS = {
  authorization: 'Bearer acc_secret-api-key',
  cookie: 'account_session=secret-session-id; XSRF-TOKEN=secret-xsrf',
  'set-cookie': 'account_session=secret-new-session-id',
  'x-xsrf-token': 'secret-xsrf-header',
};
const SECRETS = ['acc_secret-api-key', 'secret-session-id', 'secret-xsrf', 'secret-new-session-id'];

describe('DESIGN §6 the log configuration', () => {
  it('DESIGN §6 a request is logged with its path but without query string, headers or body', async () => {
    const log = capturedLog();
    const app = Fastify({ logger: log.options });
    app.post('/account/api/v1/login/telegram', async () => ({}));
    await app.inject({
      method: 'POST',
      url: '/account/api/v1/login/telegram?id=1&hash=secret-widget-hash',
      headers: CREDENTIALS,
      payload: { hash: 'secret-body-hash' },
    });
    await app.close();
    expect(log.text()).toContain('"url":"/account/api/v1/login/telegram');
    for (const secret of [...SECRETS, 'secret-widget-hash', 'secret-body-hash']) {
      expect(log.text()).not.toContain(secret);
    }
    expect(log.text()).toContain('"url":"/account/api/v1/login/telegram"');
  });

  it('DESIGN §6 credential headers handed to a log line are censored', async () => {
    const log = capturedLog();
    const app = Fastify({ logger: log.options });
    app.log.info({ headers: CREDENTIALS }, 'headers');
    app.log.info({ request: { headers: CREDENTIALS } }, 'nested headers');
    await app.close();
    for (const secret of SECRETS) expect(log.text()).not.toContain(secret);
    expect(log.text()).toContain('[redacted]');
  });

  it('DESIGN §6 credential headers are censored at any depth, as lists, in any letter case, escapes and all', async () => {
    const log = capturedLog();
    const app = Fastify({ logger: log.options });
    const error = Object.assign(new Error('upstream refused'), { response: { headers: CREDENTIALS } });
    app.log.error({ err: error }, 'error with the response it got');
    app.log.info({ upstream: { reply: { headers: { 'Set-Cookie': ['a=secret-one', 'b=secret-two'] } } } }, 'deep');
    app.log.info({ headers: { Authorization: 'Bearer secret-"quoted"-key\\' } }, 'escaped');
    await app.close();
    for (const secret of [...SECRETS, 'secret-one', 'secret-two', 'secret-\\"quoted']) {
      expect(log.text()).not.toContain(secret);
    }
    // Every line is still JSON, and what is not a credential is kept.
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(['error with the response it got', 'deep', 'escaped']);
    expect(lines[1].upstream.reply.headers['Set-Cookie']).toBe('[redacted]');
  });

  it('DESIGN §6 a line without credentials is written as it is, a value that only names one included', () => {
    const line = '{"level":30,"msg":"the cookie \\"cookie\\": was refused","note":"cookie","n":"x-xsrf-token"}';
    expect(censorCredentials(line)).toBe(line);
  });
});
