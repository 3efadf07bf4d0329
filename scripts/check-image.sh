#!/usr/bin/env bash
# The image check for machines with no container engine (README, "Docker"): what `docker build` and `docker compose up`
# would run, run here.
#   1. docker-compose.yml and the Dockerfile checked by scripts/check-compose.mjs (services, order, healthchecks,
#      restart policies, non-root, ffmpeg, no baked-in setting).
#   2. A clean copy of the commit (git archive HEAD: no .env, no node_modules, no build output), in which the
#      Dockerfile's build commands (its "# build:" lines) run with an EMPTY environment (env -i): no DATABASE_URL,
#      no secret, no .env. The image builds with no settings.
#   3. The compose services' commands, in compose's order, from that copy, each with the environment compose gives
#      its container (scripts/check-compose.mjs --commands: the image's ENV, the env_file, the service's `environment`
#      interpolated from an operator's .env made here), compose's names put to this machine's: the postgres service a
#      scratch database, the redis service a redis-server of this check's own (never the machine's 6379), each volume a
#      folder of the copy. migrate (must exit 0), then web and worker; /api/health must answer, then /api/ready 200
#      with the worker's heartbeat seen.
#   4. Readiness over HTTP: with this check's Redis stopped /api/ready answers 503 (Redis down), and 200 again once
#      it is started again.
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
redis_pid=
# Stops a process started here with its whole process group (tsx runs node as its child): TERM, then KILL after 10 s.
stop_group() {
  kill -TERM -- "-$1" 2>/dev/null || return 0
  for _ in $(seq 1 100); do
    kill -0 -- "-$1" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
cleanup() {
  # Last started first: the web and the worker close while the Redis they use is still there.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_group "${pids[i]}"; done
  if [[ -n $redis_pid ]]; then stop_group "$redis_pid"; fi
  dropdb -h 127.0.0.1 -U postgres --if-exists "$database" 2>/dev/null || true
  rm -rf "$copy"
}
# Every way out (passed, a step failed under set -e, Ctrl-C, killed) goes through cleanup.
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "check-image: [1/4] docker-compose.yml and Dockerfile"
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

echo "check-image: [2/4] the Dockerfile's build commands in a clean copy of HEAD ($copy), empty environment"
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

echo "check-image: [3/4] the compose services' commands in order: migrate, then web and worker, with compose's environment"
random_hex() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))'; }
# An operator's .env beside the copy's compose file (README, "Docker"): the required settings and the address the app
# is reached at. In a folder of its own: the processes run in the copy, where no .env may be (as in the image).
mkdir "$copy/operator"
cp "$copy/docker-compose.yml" "$copy/Dockerfile" "$copy/operator/"
printf '%s\n' "POSTGRES_PASSWORD=$(random_hex)" "AUTH_SECRET=$(random_hex)" "DATA_ENCRYPTION_KEY=$(random_hex)" \
  "APP_BASE_URL=http://127.0.0.1:$port" >"$copy/operator/.env"
services=$(env -i "PATH=$PATH" node "$root/scripts/check-compose.mjs" "$copy/operator/docker-compose.yml" "$copy/operator/Dockerfile" --commands)
service_command() { node -e 'for (const part of JSON.parse(process.argv[1])[process.argv[2]].command) console.log(part)' "$services" "$1"; }
# A service's environment as KEY=value lines, compose's names put to this machine's: a URL naming the postgres or redis
# service goes to the scratch database or this check's Redis (its query kept), a path in a named volume to a folder
# of the copy. PATH and HOME are this machine's (the image has its own).
service_environment() {
  node -e '
    const [services, name, copy, ...places] = process.argv.slice(1);
    const service = JSON.parse(services)[name];
    const hosts = Object.fromEntries(places.map((place) => [place.slice(0, place.indexOf("=")), place.slice(place.indexOf("=") + 1)]));
    const mounts = service.volumes
      .map((volume) => volume.split(":"))
      .filter(([source, target]) => target && /^[\w-]+$/.test(source))
      .map(([source, target]) => [target, `${copy}/volumes/${source}`]);
    const lines = [`PATH=${process.env.PATH}`, `HOME=${process.env.HOME}`];
    for (const [key, value] of Object.entries(service.environment)) {
      let here = value;
      const host = URL.canParse(value) ? hosts[new URL(value).hostname] : undefined;
      if (host) {
        const to = new URL(host);
        to.search = new URL(value).search;
        here = to.href;
      }
      for (const [target, folder] of mounts) if (here === target || here.startsWith(`${target}/`)) here = folder + here.slice(target.length);
      if (/[\n\0]/.test(here)) throw new Error(`${name}: ${key} has a line break`);
      lines.push(`${key}=${here}`);
    }
    console.log(lines.join("\n"));
  ' "$services" "$1" "$copy" "postgres=postgresql://postgres@127.0.0.1:5432/$database" "redis=redis://127.0.0.1:$redis_port"
}
# This check's own redis-server (keeping nothing on disk), in its own process group like the services.
start_redis() {
  if redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
    echo "check-image: port $redis_port already answers Redis (another check running?); this check needs its own" >&2
    return 1
  fi
  setsid redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >/dev/null &
  redis_pid=$!
  for _ in $(seq 1 50); do
    if kill -0 "$redis_pid" 2>/dev/null && redis-cli -p "$redis_port" ping 2>/dev/null | grep -q PONG; then return 0; fi
    sleep 0.1
  done
  echo "check-image: this check's redis-server on port $redis_port did not start" >&2
  return 1
}
start_redis
dropdb -h 127.0.0.1 -U postgres --if-exists "$database"
createdb -h 127.0.0.1 -U postgres "$database"
# Through a variable, so that a failure stops the check here (set -e sees no failure inside < <(...)).
for service in migrate web worker; do
  text=$(service_command "$service")
  mapfile -t "$service" <<<"$text"
  text=$(service_environment "$service")
  mapfile -t "${service}_env" <<<"$text"
done
env -i "${migrate_env[@]}" "${migrate[@]}"
# The image's web command listens on 3000; here on a port of this check's own.
web=("${web[@]/#3000/$port}")
env -i "${web_env[@]}" setsid "${web[@]}" >"$copy/web.log" 2>&1 &
pids+=($!)
env -i "${worker_env[@]}" setsid "${worker[@]}" >"$copy/worker.log" 2>&1 &
pids+=($!)

ready=
for _ in $(seq 1 120); do
  sleep 1
  answer=$(curl -s --max-time 10 "http://127.0.0.1:$port/api/ready" || true)
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
health=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/health")
if [[ $health != 200 ]]; then
  echo "check-image: /api/health answered $health" >&2
  exit 1
fi
echo "check-image: /api/health 200, /api/ready $ready"

echo "check-image: [4/4] /api/ready over HTTP with this check's Redis stopped, then started again"
# Polls /api/ready, for at most `seconds`, until it answers `status` with its redis part `state`.
await_ready() {
  local status=$1 state=$2 seconds=$3 code=
  for _ in $(seq 1 "$seconds"); do
    code=$(curl -s --max-time 10 -o "$copy/ready.json" -w '%{http_code}' "http://127.0.0.1:$port/api/ready" || true)
    if [[ $code == "$status" ]] &&
      node -e 'process.exit(require(process.argv[1]).parts.redis.state === process.argv[2] ? 0 : 1)' "$copy/ready.json" "$state" 2>/dev/null; then
      echo "check-image: /api/ready $code $(cat "$copy/ready.json")"
      return 0
    fi
    sleep 1
  done
  echo "check-image: /api/ready did not answer $status with Redis $state within $seconds s; last: $code $(cat "$copy/ready.json" 2>/dev/null)" >&2
  tail -n 30 "$copy/web.log" >&2
  return 1
}
stop_group "$redis_pid"
redis_pid=
await_ready 503 down 20
start_redis
await_ready 200 up 30

if [[ -n $next_into ]]; then
  rm -rf "$next_into/.next"
  mv "$copy/.next" "$next_into/.next"
  echo "check-image: the build moved to $next_into/.next"
fi
echo "check-image: passed"
