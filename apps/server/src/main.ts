/** Reads the configuration, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseOpenError } from './db/connection.js';
import { MigrationError } from './db/migrate.js';

/** Time to finish in-flight requests and webhook deliveries once draining is over; a delivery may take its whole timeout. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: app.db.kind,
      location: app.db.location,
      demo: config.demo,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Account area ready at ${config.publicUrl}/account`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
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
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof MigrationError) {
    console.error(`\nThe account area cannot start.\n${error.message}\n`);
  } else {
    console.error('The account area cannot start:', error);
  }
  process.exit(1);
});
