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
const codes = await Promise.all([
  suite('[vitest]', bin('vitest'), ['run'], { ACCOUNT_QUERY_CHECK: '1' }),
  suite('[e2e]', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts']),
]);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const [vitest, e2e] = codes;
console.log(
  `\nVitest ${vitest === 0 ? 'passed' : `failed (exit ${vitest})`}, Playwright ${e2e === 0 ? 'passed' : `failed (exit ${e2e})`}, in ${seconds} s side by side.`,
);
process.exit(codes.find((code) => code !== 0) ?? 0);
