#!/usr/bin/env bash
# The README's run command: install, generate, migrate, seed the demo organisation, build, and
# start the web app on port 3000 with the worker. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

step "Environment"
bash scripts/ensure-env.sh
step "Dependencies"
npm install --no-audit --no-fund
step "Prisma client"
node scripts/prisma.mjs generate
step "Database"
node scripts/ensure-database.mjs
node scripts/prisma.mjs migrate deploy
step "Demo organisation"
npx tsx prisma/seed.ts
npx tsx scripts/demo-signing-link.ts
step "Build"
npx next build

step "Starting web app (http://localhost:3000) and worker; Ctrl-C stops both"
pids=()
stop() {
  trap - INT TERM EXIT
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
}
trap stop INT TERM EXIT
npx next start -p 3000 &
pids+=($!)
npx tsx workers/index.ts &
pids+=($!)
# Either process ending ends the other: a half-running stack would only mislead.
wait -n "${pids[@]}"
