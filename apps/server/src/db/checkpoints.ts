/**
 * SQLite's WAL checkpoints, made on a thread of their own. A commit that takes the WAL past 1,000
 * pages copies them back into the database file and syncs it, on the committing connection: on
 * the event loop, holding up every request. Under the bench's address writes that was every
 * ~320th write, 4-7 ms instead of about one. A worker thread's connection to the same file makes
 * PASSIVE checkpoints (never waiting for a reader or a writer) whenever the WAL holds new pages, so
 * the server's connection seldom reaches the mark; when it does (the thread fell behind, failed or
 * was stopped) it checkpoints as before.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread looks for new pages; a look with nothing to copy costs a few microseconds. */
export const CHECKPOINT_INTERVAL_MS = 200;

export interface CheckpointLog {
  warn(details: object, message: string): void;
}

/** What the thread reports: a checkpoint failed (a full disk, say; the pages stay safe in the WAL), or works again. */
type ThreadReport = { failed: string } | { failed: null };

// The thread's code, plain CommonJS: a worker cannot load the TypeScript source the tests run.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
// A checkpoint syncs the database file as its connection's synchronous level says.
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 0');
let failing = false;
const look = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (failing) parentPort.postMessage({ failed: null });
    failing = false;
  } catch (error) {
    if (!failing) parentPort.postMessage({ failed: String(error && error.message) });
    failing = true;
  }
};
const timer = setInterval(look, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpoints {
  /** Ends the thread and its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts checkpointing `file`'s WAL on a worker thread; `log` hears of failures, once each. */
export function checkpointInBackground(file: string, log: () => CheckpointLog | null): Checkpoints {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  // Never what keeps a process alive: the database's close stops it.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (report: ThreadReport) => {
    if (report.failed !== null)
      log()?.warn(
        { file, error: report.failed },
        'SQLite WAL checkpoint failed; it is tried again, the server checkpoints itself if the WAL grows',
      );
  });
  worker.on('error', (error) => {
    log()?.warn({ file, err: error }, 'The SQLite checkpoint thread ended; the server checkpoints the WAL itself');
  });
  return {
    async stop() {
      // Awaited from here on: unreferenced, its exit would not keep the process alive to be heard.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
