#!/usr/bin/env node
/**
 * `npm run package [-- <dir>] [--skip-build] [--reuse-native=<node_modules>]`: the production bundle
 * of the account area in a clean directory (default `dist/bundle`), started with
 * `node apps/server/dist/main.js` (or `npm start`) inside it. The Dockerfile runs the same script.
 *
 * It keeps the workspace layout with only what runs: the compiled contract and server, the built
 * web app, the workspaces' package.json files and the root's package-lock.json unchanged, then
 * `npm ci --omit=dev` for the server and contract workspaces, so production installs exactly the
 * versions the tests ran with and nothing of the web app's or the tests' tooling.
 *
 * --skip-build        use packages/contract/dist, apps/server/dist and apps/web/dist as they are
 *                     (they must exist; nothing checks that they match the sources). By default
 *                     `npm run build` runs first: tsc -b (incremental) and the Vite build.
 * --reuse-native=DIR  offer better-sqlite3's compiled binary from DIR/better-sqlite3 to its
 *                     installer as a local prebuild instead of compiling it again (~80 s). Its
 *                     installer loads the binary and compiles after all if this Node cannot, so
 *                     the bundle stays right; only the time differs.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false }, 'reuse-native': { type: 'string' } },
  allowPositionals: true,
});
const out = path.resolve(positionals[0] ?? path.join(root, 'dist/bundle'));
/** Written last into every bundle: a directory holding it may be emptied by the next run. */
const MARKER = 'bundle.json';

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`'${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal})`);
}

function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A compiled workspace's runtime files: each .js whose source is there (no tests, declarations or leftovers of removed sources). */
function copyCompiled(workspace) {
  const dist = path.join(root, workspace, 'dist');
  const src = path.join(root, workspace, 'src');
  let count = 0;
  for (const file of files(dist)) {
    if (!file.endsWith('.js') || file.endsWith('.test.js')) continue;
    const stem = file.slice(0, -'.js'.length);
    if (!existsSync(path.join(src, `${stem}.ts`)) && !existsSync(path.join(src, `${stem}.tsx`))) continue;
    cpSync(path.join(dist, file), path.join(out, workspace, 'dist', file));
    count += 1;
  }
  cpSync(path.join(root, workspace, 'package.json'), path.join(out, workspace, 'package.json'));
  return count;
}

function localPrebuildOf(nodeModules) {
  const from = path.join(path.resolve(nodeModules), 'better-sqlite3');
  const binary = path.join(from, 'build/Release/better_sqlite3.node');
  if (!existsSync(binary)) {
    console.warn(`package: no compiled better-sqlite3 in ${from}; it will be built`);
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  const dir = mkdtempSync(path.join(tmpdir(), 'account-prebuild-'));
  mkdirSync(path.join(dir, 'stage/build/Release'), { recursive: true });
  cpSync(binary, path.join(dir, 'stage/build/Release/better_sqlite3.node'));
  // prebuild-install's name for a release asset: a different version, Node ABI, platform or C
  // library is a different name, so a binary that does not fit is never even looked at.
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  run('tar', ['-czf', path.join(dir, name), '-C', path.join(dir, 'stage'), 'build']);
  return dir;
}

const startedAt = performance.now();
const workspaces = { contract: 'packages/contract', server: 'apps/server', web: 'apps/web' };

if (values['skip-build']) {
  for (const file of [
    `${workspaces.contract}/dist/index.js`,
    `${workspaces.server}/dist/main.js`,
    `${workspaces.web}/dist/index.html`,
  ]) {
    const full = path.join(root, file);
    if (!existsSync(full)) fail(`--skip-build, but ${file} is missing: run 'npm run build' first`);
    console.log(`package: using ${file} as built at ${statSync(full).mtime.toISOString()}`);
  }
} else {
  run('npm', ['run', 'build'], { cwd: root });
}

if (existsSync(out) && readdirSync(out).length > 0) {
  if (!existsSync(path.join(out, MARKER)))
    fail(`${out} is not empty and holds no earlier bundle: give an empty directory`);
  rmSync(out, { recursive: true, force: true });
}
mkdirSync(out, { recursive: true });

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// The dependencies stay as they are, so the lock file matches; the scripts are the bundle's own.
rootPackage.scripts = { start: 'node apps/server/dist/main.js', cli: 'node apps/server/dist/cli.js' };
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(rootPackage, null, 2)}\n`);
cpSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
const compiled = copyCompiled(workspaces.contract) + copyCompiled(workspaces.server);
// The web app is only files to serve; its package.json is there because the lock lists the workspace.
cpSync(path.join(root, workspaces.web, 'dist'), path.join(out, workspaces.web, 'dist'), { recursive: true });
cpSync(path.join(root, workspaces.web, 'package.json'), path.join(out, workspaces.web, 'package.json'));

const prebuilds = values['reuse-native'] ? localPrebuildOf(values['reuse-native']) : undefined;
if (prebuilds) process.on('exit', () => rmSync(prebuilds, { recursive: true, force: true }));
run(
  'npm',
  ['ci', '--omit=dev', '--workspace=@account/server', '--workspace=@account/contract', '--no-audit', '--no-fund'],
  {
    cwd: out,
    env: prebuilds ? { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds } : process.env,
  },
);
// The one native module loads in this Node (a broken install fails here, not at the first request).
run(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
  cwd: path.join(out, workspaces.server),
});

writeFileSync(
  path.join(out, MARKER),
  `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`,
);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`package: ${compiled} compiled modules and the web app in ${out} (${seconds} s)`);
console.log(`package: start it with 'node apps/server/dist/main.js' in that directory`);
