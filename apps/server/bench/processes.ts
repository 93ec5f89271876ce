/**
 * Child processes of the benchmark: the account server and the bare Fastify route, each in a
 * process of its own so that the load generator never shares an event loop with what it measures.
 * Their output goes straight to a log file (not through this process), and their memory is read
 * from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resident memory of a process from /proc/<pid>/status, in bytes: now (VmRSS) and at its peak (VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc reports CPU time in 1/100 s on every mainstream architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start with the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of a process and its children, milliseconds: PostgreSQL's postmaster and the backends it
 * forked (one per connection), which do the database's work of each request.
 */
export function treeCpuMsOf(pid: number): number {
  let total = cpuMsOf(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += cpuMsOf(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** Samples a process's resident memory every 100 ms until stopped; answers the highest seen. */
export function memorySampler(pid: number): { stop(): number } {
  let peak = memoryOf(pid)?.rss ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid)?.rss ?? 0);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, memoryOf(pid)?.rss ?? 0);
    },
  };
}

export interface ChildServer {
  pid: number;
  origin: string;
  /** Milliseconds from spawning the process until the ready path answered 200. */
  readyMs: number;
  logFile: string;
  /** null while it runs; else how it ended and the end of its log. */
  exited(): string | null;
  stop(): Promise<void>;
}

export interface ChildOptions {
  name: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Polled until it answers 200. */
  readyPath: string;
  logDir: string;
  timeoutMs?: number;
}

const running = new Set<ChildProcess>();
// A benchmark that dies midway must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

export async function startChild(options: ChildOptions): Promise<ChildServer> {
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const fd = openSync(logFile, 'w');
  const began = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.name} exited while starting (${child.exitCode ?? child.signalCode}):\n${logTail(logFile)}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer ${options.readyPath} in time:\n${logTail(logFile)}`);
    }
    try {
      const response = await fetch(`${origin}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  const readyMs = performance.now() - began;
  return {
    pid: child.pid!,
    origin,
    readyMs,
    logFile,
    exited() {
      if (child.exitCode === null && child.signalCode === null) return null;
      return `exited (${child.exitCode ?? child.signalCode}); the end of ${logFile}:\n${logTail(logFile)}`;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timeout = sleep(15_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, timeout]);
      await exited;
    },
  };
}

/** This run's servers' secret (random: they run outside demo mode), so sessions and XSRF tokens can be made here. */
export const SESSION_SECRET = randomBytes(32).toString('hex');

/** The built account server (apps/server/dist/main.js) as production runs it. */
export async function startAccountServer(options: {
  name: string;
  env: Record<string, string>;
  logDir: string;
  logLevel: string;
}): Promise<ChildServer> {
  const port = await freePort();
  return startChild({
    name: options.name,
    args: [SERVER_MAIN],
    port,
    readyPath: '/account/api/health',
    logDir: options.logDir,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET,
      LOG_LEVEL: options.logLevel,
      DEMO: 'false',
      // Stopped between sections with no load balancer to wait for.
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
    },
  });
}

/** The `startupMs` the server logs once it listens (main.ts), read from its log. */
export async function loggedStartupMs(logFile: string): Promise<number | null> {
  for (let tries = 0; tries < 100; tries++) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      const match = /"startupMs":(\d+)/.exec(line);
      if (match) return Number(match[1]);
    }
    await sleep(20);
  }
  return null;
}
