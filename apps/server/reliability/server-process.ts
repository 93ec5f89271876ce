/**
 * The account server as a real child process, run from its build as in production (`buildServer`
 * brings it up to date), on one fixed port so that clients keep their address across a SIGKILL
 * and a restart. Its output goes to a log file; its memory is read from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, isFree } from '../test/support/ports.js';
import { sleep } from './report.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The built server, relative to ROOT. */
export const BUILT_MAIN = 'apps/server/dist/main.js';

/**
 * Brings the server's build up to date from its sources (`tsc -b`, incremental: a no-op when
 * nothing changed). A process started from the build costs about a second of CPU; through tsx,
 * which compiles the sources as it loads them, about three (issue 45).
 */
export function buildServer(): void {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-b'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Settings of a run's server beyond its database: the demo shop, sign-in limits out of the load's
 * way, and webhook events kept in the outbox rather than delivered.
 */
export const RUN_SERVER_ENV = { DEMO: 'true', SIGN_IN_RATE_LIMIT: '1000000', WEBHOOK_DELIVERY: 'false' } as const;

export interface ServerProcessOptions {
  /** The database (DATA_DIR or DATABASE_URL) and any further settings. */
  env: Record<string, string>;
  logFile: string;
  /** How long a start may take until /account/api/ready answers 200. */
  startTimeoutMs?: number;
  /** The port to listen on (a free one by default). */
  port?: number;
}

const running = new Set<ChildProcess>();
// A run that dies midway must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status), or null once it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** How long each start took until ready, in milliseconds. */
  readonly startMs: number[] = [];
  /** Exits that were not asked for (SIGKILL or SIGTERM from here): crashes. */
  crashes = 0;
  private exitAsked = false;
  readonly url: string;
  private readonly env: Record<string, string>;

  private constructor(
    readonly port: number,
    private readonly options: ServerProcessOptions,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // The same secret across restarts: the XSRF tokens of the signed-in shoppers stay valid.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // No load balancer to wait for when a run stops the server.
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
    };
  }

  static async create(options: ServerProcessOptions): Promise<ServerProcess> {
    return new ServerProcess(options.port ?? (await freePort()), options);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether the process is alive (it has not exited or been killed). */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  rss(): number | null {
    return this.child?.pid && this.running ? rssOf(this.child.pid) : null;
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** Starts the server and waits until it is ready; answers the milliseconds that took. */
  async start(): Promise<number> {
    if (this.running) throw new Error('the server is running already');
    // One log over the restarts of a run.
    const fd = openSync(this.options.logFile, this.startMs.length === 0 ? 'w' : 'a');
    const began = performance.now();
    const child = spawn(process.execPath, [BUILT_MAIN], { cwd: ROOT, env: this.env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    this.child = child;
    this.exitAsked = false;
    running.add(child);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        running.delete(child);
        if (!this.exitAsked) this.crashes++;
        resolve(code);
      }),
    );
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 90_000);
    for (;;) {
      if (!this.running) throw new Error(`the server exited while starting:\n${this.logTail()}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server was not ready in time:\n${this.logTail()}`);
      }
      try {
        const response = await fetch(`${this.url}/account/api/ready`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    const ms = performance.now() - began;
    this.startMs.push(ms);
    return ms;
  }

  /** SIGKILL: no shutdown code runs, as in a crash or an out-of-memory kill. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.exitAsked = true;
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, the graceful stop; answers the exit code. */
  async stop(): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.exitAsked = true;
    this.child?.kill('SIGTERM');
    return this.exited;
  }
}

/**
 * Hands out ports: any free one (the system's choice), or, given a range such as '3850-3899' (a
 * shared machine where each user has ports of their own), the next one of it that is free.
 */
export function portPicker(range?: string): () => Promise<number> {
  if (range === undefined) return freePort;
  const [from, to] = range.split('-').map(Number);
  if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to) || from > to)
    throw new Error(`--ports takes a range such as 3850-3899, not ${range}`);
  let next = from;
  return async () => {
    for (; next <= to; next++) {
      const port = next;
      if (await isFree(port)) {
        next++;
        return port;
      }
    }
    throw new Error(`no free port left in ${range}`);
  };
}
