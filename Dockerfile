# Vision Arena as one image: `docker run -p 3000:3000 -v arena:/data IMAGE` gives the arena with demo models and an
# embedded PostgreSQL, all data (database and images) on the one volume. With DATABASE_URL (and ARENA_S3_*) it is a
# stateless instance of a larger deployment (compose.yaml). docs/operations.md has the details.
#
# BASE is any Debian-based image with Node.js 20 (default: the official slim one). NODE_EXTRA_CA_CERTS, when the
# build reaches the npm registry through a proxy with its own certificate authority: pass the bundle's path and
# mount the host's certificates (podman/buildah: -v /etc/ssl/certs:/etc/ssl/certs:ro).
ARG BASE=docker.io/library/node:20-bookworm-slim

# ---------------------------------------------------------------- build: every dependency, the build, the trim
FROM ${BASE} AS build
ARG NODE_EXTRA_CA_CERTS
# ONNXRUNTIME_NODE_INSTALL=skip: onnxruntime-node's install step (run by `npm rebuild`) would fetch GPU libraries
# from outside; its CPU library ships in the package
ENV NODE_EXTRA_CA_CERTS=${NODE_EXTRA_CA_CERTS} \
    NEXT_TELEMETRY_DISABLED=1 \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /src
# the lockfile first: the dependency layer is rebuilt only when it changes (notes: npm install, never npm ci)
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
# the dependencies' install steps, skipped above as the sources were not there yet (embedded PostgreSQL's library
# links, esbuild's binary check), then the build (Prisma client, CLI, direct routes, Next); then only what runs
RUN npm rebuild \
 && npm run build \
 && node scripts/runtime-files.mjs /app

# ---------------------------------------------------------------- runtime: the traced files, a user without rights
FROM ${BASE}
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    ARENA_DATA_DIR=/data
RUN groupadd --system arena && useradd --system --gid arena --home-dir /data --shell /usr/sbin/nologin arena \
 && mkdir -p /data && chown arena:arena /data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
USER arena
VOLUME ["/data"]
EXPOSE 3000
# ready: database reachable in time, migrations applied, pool not saturated, the jobs process beside it alive
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the launcher: the database (embedded unless DATABASE_URL), migrations, the web processes and the jobs process
CMD ["node", "--import", "tsx", "scripts/run-app.ts", "start"]
