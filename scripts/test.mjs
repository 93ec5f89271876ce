#!/usr/bin/env node
/**
 * `npm test`: everything CI runs. Typecheck, lint and the web build first, stopping at the first
 * that fails; then the Vitest projects and the Playwright suite side by side. Each leaves the
 * machine's cores partly idle while it waits on its servers, databases and browsers: side by side
 * they took 303 s on two cores, one after the other 351 s (issue 45).
 *
 * The two suites' lines are printed as they come, each marked with its suite. The exit code is the
 * first failure's.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = new Set();

/** Runs a command to its end, its output kept back; resolves with its exit code and output. */
function quietly(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

// Typecheck, lint and the web build at once (none reads what another writes), each one's output
// printed whole, in this order; the first that failed ends the run with its exit code.
const checks = await Promise.all([
  quietly('npm', ['run', 'typecheck']),
  quietly('npm', ['run', 'lint']),
  quietly('npm', ['run', 'build', '-w', '@account/web']),
]);
for (const check of checks) process.stdout.write(check.output);
const failedCheck = checks.find((check) => check.code !== 0);
if (failedCheck) process.exit(failedCheck.code);

/**
 * Where the suites keep their temporary files (databases, data directories, the test PostgreSQL's
 * cluster): in memory when the machine has room there (/dev/shm, a tmpfs), as each commit's fsync
 * otherwise waits for the disk; the whole run wrote 12 GB and took 369 s on disk, 318 s in memory
 * (issue 45). Production's settings are the same either way (SQLite still syncs each commit, which
 * a tmpfs completes at once). Each run has a folder of its own there, removed when the run ends:
 * what a test leaves behind would otherwise stay in the machine's memory. A TMPDIR the caller sets
 * wins, and is left as it is.
 */
function testTmpdir() {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  const dir = '/dev/shm/account-tests';
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    // Room for the run's files several times over; a container's default 64 MB /dev/shm is not.
    if (bavail * bsize < 4 * 1024 ** 3) return undefined;
    mkdirSync(dir, { recursive: true });
    const run = mkdtempSync(path.join(dir, 'run-'));
    // Open to others, as the folder above: run as root, the test PostgreSQL's server is another user.
    chmodSync(run, 0o755);
    return run;
  } catch {
    return undefined;
  }
}
const tmpdir = testTmpdir();
const ownTmpdir = tmpdir !== undefined && tmpdir !== process.env.TMPDIR;
const tmpEnv = tmpdir ? { TMPDIR: tmpdir } : {};

/** Runs one suite, its output lines marked; resolves with its exit code. */
function suite(mark, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${mark} ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// Ctrl-C or CI's stop ends both suites (each stops its own servers and browsers).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const started = performance.now();
// Vitest with three files at a time instead of its four (vitest.config.ts): beside Playwright's
// browsers and servers a fourth only crowds two cores. The whole command took 280 s with three,
// 288 s with two, 289-296 s with four (issue 45).
const codes = await Promise.all([
  suite('[vitest]', bin('vitest'), ['run', '--maxWorkers=3'], { ACCOUNT_QUERY_CHECK: '1', ...tmpEnv }),
  suite('[e2e]', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts'], tmpEnv),
]);
if (ownTmpdir) rmSync(tmpdir, { recursive: true, force: true });
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const [vitest, e2e] = codes;
console.log(
  `\nVitest ${vitest === 0 ? 'passed' : `failed (exit ${vitest})`}, Playwright ${e2e === 0 ? 'passed' : `failed (exit ${e2e})`}, in ${seconds} s side by side.`,
);
process.exit(codes.find((code) => code !== 0) ?? 0);
