#!/usr/bin/env bash
# The image check for machines with no container engine (README, "Docker"): what `docker build` and `docker compose up`
# would run, run here.
#   1. docker-compose.yml and the Dockerfile checked by scripts/check-compose.mjs (services, order, healthchecks,
#      restart policies, non-root, ffmpeg, no baked-in setting).
#   2. A clean copy of the commit (git archive HEAD: no .env, no node_modules, no build output), in which the
#      Dockerfile's build commands (its "# build:" lines) run with an EMPTY environment (env -i): no DATABASE_URL,
#      no secret, no .env. The image builds with no settings.
#   3. The compose services' commands, in compose's order, from that copy, with only the settings compose gives
#      them (pointed at a scratch database and a Redis of this check's own): migrate (must exit 0), then web and
#      worker; /api/health must answer, then /api/ready 200 with the worker's heartbeat seen.
# Usage: bash scripts/check-image.sh [--next-into DIR]
#   --next-into DIR: afterwards, move the build (.next) into DIR, so the browser tests run the build made here.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
next_into=
if [[ ${1:-} == --next-into ]]; then next_into=$(cd "$2" && pwd); fi
copy=$(mktemp -d "${TMPDIR:-/tmp}/rubrica-image.XXXXXX")
port=3197
redis_port=16497
database=rubrica_image_check
pids=()
cleanup() {
  # Last started first: the web and the worker close while the Redis they use is still there.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  dropdb -h 127.0.0.1 -U postgres --if-exists "$database" 2>/dev/null || true
  rm -rf "$copy"
}
trap cleanup EXIT

echo "check-image: [1/3] docker-compose.yml and Dockerfile"
node "$root/scripts/check-compose.mjs" "$root/docker-compose.yml" "$root/Dockerfile"

mapfile -t commands < <(sed -n 's/^# build: //p' "$root/Dockerfile")
if ((${#commands[@]} == 0)); then
  echo "check-image: no '# build:' line in the Dockerfile" >&2
  exit 1
fi
for command in "${commands[@]}"; do
  # Each marked command must be the RUN right below its mark, so what runs here is what the image runs.
  if ! grep -A1 -F -x "# build: $command" "$root/Dockerfile" | grep -q -F -x "RUN $command"; then
    echo "check-image: '# build: $command' is not followed by 'RUN $command' in the Dockerfile" >&2
    exit 1
  fi
done

echo "check-image: [2/3] the Dockerfile's build commands in a clean copy of HEAD ($copy), empty environment"
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  if [[ -n $(git -C "$root" status --porcelain --untracked-files=no) ]]; then
    echo "check-image: note: uncommitted changes are not in this build (it builds HEAD)"
  fi
  git -C "$root" archive HEAD | tar -x -C "$copy"
else
  # Not a git checkout (an unpacked archive): the tree as it is, without what .dockerignore keeps out of the image.
  tar -C "$root" --exclude-vcs --exclude-from=<(sed -e '/^#/d' -e '/^$/d' -e 's#^/##' "$root/.dockerignore") -c . | tar -x -C "$copy"
fi
cd "$copy"
for command in "${commands[@]}"; do
  echo "check-image: env -i $command"
  # Only what a shell needs to find node and npm, and npm's cache; NEXT_TELEMETRY_DISABLED as the Dockerfile sets it.
  env -i "PATH=$PATH" "HOME=$HOME" NEXT_TELEMETRY_DISABLED=1 bash -c "$command"
done

echo "check-image: [3/3] the compose services' commands in order: migrate, then web and worker"
services=$(node "$root/scripts/check-compose.mjs" "$root/docker-compose.yml" "$root/Dockerfile" --commands)
service_command() { node -e 'for (const part of JSON.parse(process.argv[1])[process.argv[2]].command) console.log(part)' "$services" "$1"; }
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >/dev/null &
pids+=($!)
dropdb -h 127.0.0.1 -U postgres --if-exists "$database"
createdb -h 127.0.0.1 -U postgres "$database"
random_hex() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))'; }
# What compose's environment gives the containers, pointed at this machine's services.
settings=(
  "PATH=$PATH" "HOME=$HOME" NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
  "DATABASE_URL=postgresql://postgres@127.0.0.1:5432/$database" "REDIS_URL=redis://127.0.0.1:$redis_port"
  "APP_BASE_URL=http://127.0.0.1:$port" "NEXTAUTH_URL=http://127.0.0.1:$port"
  "AUTH_SECRET=$(random_hex)" "DATA_ENCRYPTION_KEY=$(random_hex)"
  "STORAGE_DIR=$copy/data/storage" "MAIL_OUTBOX_DIR=$copy/data/storage/outbox"
)
mapfile -t migrate < <(service_command migrate)
mapfile -t web < <(service_command web)
mapfile -t worker < <(service_command worker)
env -i "${settings[@]}" "${migrate[@]}"
# The image's web command listens on 3000; here on a port of this check's own.
web=("${web[@]/#3000/$port}")
env -i "${settings[@]}" "${web[@]}" >"$copy/web.log" 2>&1 &
pids+=($!)
env -i "${settings[@]}" "${worker[@]}" >"$copy/worker.log" 2>&1 &
pids+=($!)

ready=
for _ in $(seq 1 120); do
  sleep 1
  answer=$(curl -s "http://127.0.0.1:$port/api/ready" || true)
  if node -e 'const r = JSON.parse(process.argv[1]); process.exit(r.status === "ready" && r.parts.worker.state === "up" ? 0 : 1)' "$answer" 2>/dev/null; then
    ready=$answer
    break
  fi
done
if [[ -z $ready ]]; then
  echo "check-image: /api/ready never answered ready with the worker up; last answer: ${answer:-none}" >&2
  tail -n 30 "$copy/web.log" "$copy/worker.log" >&2
  exit 1
fi
health=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/health")
if [[ $health != 200 ]]; then
  echo "check-image: /api/health answered $health" >&2
  exit 1
fi
echo "check-image: /api/health 200, /api/ready $ready"

if [[ -n $next_into ]]; then
  rm -rf "$next_into/.next"
  mv "$copy/.next" "$next_into/.next"
  echo "check-image: the build moved to $next_into/.next"
fi
echo "check-image: passed"
