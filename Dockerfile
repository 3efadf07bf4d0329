# One image for the web app, the worker, the migrations and the local chain (docker-compose.yml picks the command).
# It builds with no database and no secret: every setting is read when used, at run time, from the environment.
# scripts/check-image.sh runs the build stage's commands (marked "build:") in a clean copy with an empty environment.

FROM node:20-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /app

FROM base AS build
COPY package.json package-lock.json ./
# build: npm ci --no-audit --no-fund
RUN npm ci --no-audit --no-fund
COPY . .
# build: node scripts/prisma.mjs generate
RUN node scripts/prisma.mjs generate
# build: npx next build
RUN npx next build

FROM base AS runtime
# ffmpeg (and its ffprobe) remuxes signers' recorded videos and reads their frames for the liveness check;
# postgresql-client (15, as compose's postgres:15) gives scripts/backup.sh and scripts/restore.sh pg_dump and pg_restore.
RUN apt-get update \
  && apt-get install -y --no-install-recommends openssl ca-certificates ffmpeg postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
# The whole built tree: the web server, the worker and the migrations run through tsx and the Prisma CLI.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data/storage && chown node:node /data/storage
USER node
EXPOSE 3000
# server.ts: Next's handler behind our server, which hands route handlers the client's address (TRUSTED_PROXIES).
CMD ["node_modules/.bin/tsx", "server.ts", "-p", "3000"]
