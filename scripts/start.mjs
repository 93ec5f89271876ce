#!/usr/bin/env node
/**
 * `npm start`: builds when the sources are newer than the last build (or there is none), then
 * starts the server. Demo mode is on unless DEMO says otherwise, so a fresh clone shows a shop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/server/dist/.build-stamp');
const outputs = [path.join(root, 'apps/server/dist/main.js'), path.join(root, 'apps/web/dist/index.html'), stamp];
const inputs = [
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'package-lock.json',
  'tsconfig.base.json',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stats.mtimeMs);
}

const builtAt = outputs.every(existsSync) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (changedAt > builtAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEMO: process.env.DEMO ?? 'true' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
