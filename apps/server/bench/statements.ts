/**
 * SQL statements per call: the server built in this process on the bench database (the same code
 * as dist/main.js, from the sources), each call answered for a run of signed-in shoppers, every
 * statement it sends counted, in a second round: the first fills what a server under load holds
 * warm. Averaged over the shoppers.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export interface StatementCall {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export async function statementsPerCall(
  env: Record<string, string>,
  secret: string,
  requests: (name: string) => StatementCall[],
  names: readonly string[],
): Promise<Map<string, number>> {
  let statements = 0;
  const config = loadConfig({ ...env, DEMO: 'false', SESSION_SECRET: secret, LOG_LEVEL: 'silent' });
  const app = await buildApp(config, {
    logger: false,
    onStatement: () => {
      statements++;
    },
  });
  const counts = new Map<string, number>();
  try {
    // On PostgreSQL a server under load holds its shoppers' sessions in memory (modules/sessions/cache.ts)
    // from the moment it hears the database's notices: counted from then, as the load is measured.
    for (let tries = 0; app.endedSessions && !app.endedSessions.live && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const name of names) {
      const calls = requests(name);
      // A first round fills what a running server holds warm (settings, catalogues, sessions).
      for (const call of calls) {
        await app.inject({ method: call.method, url: call.url, headers: call.headers, payload: call.body });
      }
      statements = 0;
      for (const call of calls) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: call.headers,
          payload: call.body,
        });
        if (response.statusCode >= 400)
          throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      counts.set(name, statements / Math.max(1, calls.length));
    }
  } finally {
    await app.close();
  }
  return counts;
}
