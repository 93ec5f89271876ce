#!/usr/bin/env node
/**
 * `npm run dev`: the API server with reload on change (tsx watch, against the contract's sources)
 * and Vite with hot reload at http://localhost:5173/account, proxying the API to the server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  DEMO: process.env.DEMO ?? 'true',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=@account/source', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
