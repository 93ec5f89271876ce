# syntax=docker/dockerfile:1
# The account area as a container image: `docker build -t account-area .`
# The build stage runs `npm run package` (scripts/package.mjs), the same script `npm test` checks;
# the image holds only its bundle: compiled server and contract, the built web app and production
# dependencies. See the README, "Production".

# The Node release production runs, the current LTS, pinned: CI builds the bundle and starts it on
# this major (scripts/ci-node24.sh). The two stages must share it (one native module ABI).
ARG NODE_VERSION=24.22.3

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
# Dependencies first: a change of the sources alone reuses this layer. The full image has the
# compiler better-sqlite3 falls back to when no prebuilt binary can be downloaded.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# Builds (tsc -b, Vite) and assembles /bundle with `npm ci --omit=dev`; better-sqlite3 is taken
# from the install above (same Node) instead of being fetched or compiled a second time.
RUN node scripts/package.mjs /bundle --reuse-native=node_modules

FROM node:${NODE_VERSION}-bookworm-slim
# tini as PID 1: it passes SIGTERM on to Node and reaps zombies, so the image stops properly
# under `docker run` and Kubernetes as under compose's `init: true` (the server also handles
# signals from its first line: main.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# The commit shown by the account_build_info metric: docker build --build-arg BUILD_COMMIT="$(git rev-parse HEAD)" .
ARG BUILD_COMMIT=""
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BUILD_COMMIT=${BUILD_COMMIT}
WORKDIR /app
# Owned by root: the server's own user cannot change its code.
COPY --from=build /bundle ./
RUN mkdir -p /data && chown node:node /data
USER node
# The SQLite database (without DATABASE_URL) and, in demo mode, the generated session secret.
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/account/api/ready) is for the load balancer, which must take an
# instance out while the database is away without the orchestrator restarting it. No curl in slim.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/account/api/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (SHUTDOWN_DRAIN_MS, default 5 s) before stopping: give it a stop timeout above that.
STOPSIGNAL SIGTERM
ENTRYPOINT ["tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
