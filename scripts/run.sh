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
npx tsx scripts/demo-validation-link.ts
step "Build"
npx next build

step "Starting web app (http://localhost:3000), worker and local chain; Ctrl-C stops them"
pids=()
stop() {
  trap - INT TERM EXIT
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
}
trap stop INT TERM EXIT
# The local EVM node that development stamps evidence on (STAMPING_NETWORKS=local in .env), unless one
# already listens on its port.
if grep -Eq '^STAMPING_NETWORKS=.*local' .env && ! (exec 3<>/dev/tcp/127.0.0.1/8545) 2>/dev/null; then
  mkdir -p storage
  HARDHAT_DISABLE_TELEMETRY_PROMPT=true node_modules/.bin/hardhat --config chain/hardhat.config.cjs node --hostname 127.0.0.1 --port 8545 >storage/chain.log 2>&1 &
  pids+=($!)
fi
# server.ts: Next behind a server that tells route handlers the connection's address (TRUSTED_PROXIES in .env).
npx tsx server.ts -p 3000 &
pids+=($!)
npx tsx workers/index.ts &
pids+=($!)
# Either process ending ends the other: a half-running stack would only mislead.
wait -n "${pids[@]}"
