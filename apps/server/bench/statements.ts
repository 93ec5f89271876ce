/**
 * SQL statements per call: the server built in this process on the bench database (the same code
 * as dist/main.js, from the sources), each call answered for a run of signed-in shoppers, every
 * statement it sends counted. Averaged over the shoppers, so the once-a-minute session touch counts
 * as often as it happens under load.
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
    for (const name of names) {
      const calls = requests(name);
      // The first answer fills the caches a running server has warm (settings, catalogues).
      const [first, ...rest] = calls;
      if (!first) continue;
      await app.inject({ method: first.method, url: first.url, headers: first.headers, payload: first.body });
      statements = 0;
      for (const call of rest) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: call.headers,
          payload: call.body,
        });
        if (response.statusCode >= 400)
          throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      counts.set(name, statements / Math.max(1, rest.length));
    }
  } finally {
    await app.close();
  }
  return counts;
}
