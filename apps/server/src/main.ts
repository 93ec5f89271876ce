/**
 * Reads the configuration, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT.
 *
 * The signal handlers come first, before the app's modules are even loaded: as PID 1 in a
 * container (`docker run` without --init, Kubernetes) Node ignores a signal it has no handler for,
 * so a stop during start-up or migrations would wait for the orchestrator's SIGKILL. A signal
 * during start-up stops it at its next step (a migration under way finishes: on SQLite Kysely runs
 * them outside a transaction), closes the database and exits with code 0.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';

/** Time to finish in-flight requests and webhook deliveries once draining is over; a delivery may take its whole timeout. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A JSON log line in the app logger's shape (pino: 30 info, 50 error), for before that logger exists. */
function earlyLog(level: 30 | 50, msg: string, details: object = {}): void {
  const quiet =
    process.env.LOG_LEVEL?.trim() === 'silent' ||
    (level === 30 && /^(fatal|error|warn)$/.test(process.env.LOG_LEVEL?.trim() ?? ''));
  if (!quiet)
    process.stdout.write(
      `${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), ...details, msg })}\n`,
    );
}

const startup = new AbortController();
/** Set once the app listens: from then on a signal drains and stops it. */
let stopRunning: ((signal: NodeJS.Signals) => void) | null = null;

function onSignal(signal: NodeJS.Signals): void {
  if (stopRunning) {
    stopRunning(signal);
    return;
  }
  if (startup.signal.aborted) return;
  earlyLog(30, `${signal} during start-up: stopping start-up`, { signal });
  startup.abort(signal);
  // Start-up stops at its next step; one waiting long (a migration lock another instance holds) is cut short.
  setTimeout(() => {
    earlyLog(50, 'start-up did not stop in time', { signal, afterMs: SHUTDOWN_GRACE_MS });
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

function stopWhenAsked(app: FastifyInstance, config: Config): (signal: NodeJS.Signals) => void {
  let closing = false;
  return (signal) => {
    if (closing) return;
    closing = true;
    // SIGTERM (an orchestrator, a rolling deploy): readiness turns 503 at once, requests are served
    // on for SHUTDOWN_DRAIN_MS while load balancers take this instance out; then the listener
    // closes and what is in flight finishes. Ctrl-C (SIGINT) at a terminal stops without the wait.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.startDraining();
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    const force = setTimeout(
      () => {
        app.log.error('graceful shutdown timed out');
        process.exit(1);
      },
      // Webhook deliveries and notice emails under way finish side by side.
      drainMs + SHUTDOWN_GRACE_MS + Math.max(config.webhooks.timeoutMs, config.mail.timeoutMs),
    );
    force.unref();
    setTimeout(() => {
      app.log.info('shutting down: finishing in-flight requests');
      app.close().then(
        () => {
          // pino writes each line synchronously to standard output: nothing is left to flush.
          app.log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    }, drainMs);
  };
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  // Loaded after the handlers are in place: loading is most of a start (README: Sizing).
  const { buildApp, StartupStopped } = await import('./app.js');
  const { loadConfig } = await import('./config.js');
  const config = loadConfig();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { stop: startup.signal });
    await app.listen({ port: config.port, host: config.host });
    if (startup.signal.aborted) {
      await app.close();
      throw new StartupStopped();
    }
  } catch (error) {
    if (!(error instanceof StartupStopped)) throw error;
    earlyLog(30, 'start-up stopped; the database is closed', { signal: startup.signal.reason });
    process.exit(0);
  }
  stopRunning = stopWhenAsked(app, config);
  app.log.info(
    {
      database: app.db.kind,
      location: app.db.location,
      demo: config.demo,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Account area ready at ${config.publicUrl}/account`,
  );
}

main().catch(async (error: unknown) => {
  const { ConfigError } = await import('./config.js');
  const { DatabaseOpenError } = await import('./db/connection.js');
  const { MigrationError } = await import('./db/migrate.js');
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof MigrationError) {
    console.error(`\nThe account area cannot start.\n${error.message}\n`);
  } else {
    console.error('The account area cannot start:', error);
  }
  process.exit(1);
});
