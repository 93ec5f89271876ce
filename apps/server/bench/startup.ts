/**
 * The start-time section (DESIGN §8: migrations done and listening in under 2 s on an existing
 * database): the built server is started a few times on the generated, already migrated shop.
 * Measured from spawning the process until /account/api/health answers (what a load balancer
 * sees), beside the startupMs the server logs itself (configuration read to listening).
 */
import type { BenchDatabase } from './databases.js';
import { loggedStartupMs, startAccountServer } from './processes.js';

export interface StartupResult {
  runs: { readyMs: number; startupMs: number | null }[];
  /** Medians over the runs. */
  readyMs: number;
  startupMs: number | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

export async function startupSection(
  bench: BenchDatabase,
  kind: string,
  options: { runs: number; logDir: string },
): Promise<StartupResult> {
  const runs: StartupResult['runs'] = [];
  for (let run = 0; run < options.runs; run++) {
    const server = await startAccountServer({
      name: `startup-${kind}`,
      env: bench.serverEnv,
      logDir: options.logDir,
      logLevel: 'info',
    });
    try {
      runs.push({ readyMs: server.readyMs, startupMs: await loggedStartupMs(server.logFile) });
    } finally {
      await server.stop();
    }
  }
  const logged = runs.map((r) => r.startupMs).filter((ms) => ms !== null);
  const result: StartupResult = {
    runs,
    readyMs: median(runs.map((r) => r.readyMs)),
    startupMs: logged.length > 0 ? median(logged) : null,
  };
  console.log(
    `  ${kind}: health answers ${Math.round(result.readyMs)} ms after spawning (median of ${runs.length}); ` +
      `the server logs startupMs ${result.startupMs ?? '?'}`,
  );
  return result;
}
