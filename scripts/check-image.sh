#!/usr/bin/env bash
# The image check for machines with no container engine (README, "Docker"): what `docker build` would run, run here.
#   1. A clean copy of the commit (git archive HEAD: no .env, no node_modules, no build output).
#   2. The Dockerfile's build commands (its "# build:" lines), in that copy, with an EMPTY environment
#      (env -i: no DATABASE_URL, no secret, nothing from .env since the copy has none): the image builds with no settings.
#   3. docker-compose.yml checked by scripts/check-compose.mjs (services, order, healthchecks, restart policies).
# Usage: bash scripts/check-image.sh [--keep DIR]   (--keep builds in DIR and leaves it, for a later run of the result)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
keep=
if [[ ${1:-} == --keep ]]; then
  keep=$2
  rm -rf "$keep"
  mkdir -p "$keep"
fi
copy=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/rubrica-image.XXXXXX")}
[[ -z $keep ]] && trap 'rm -rf "$copy"' EXIT

echo "check-image: compose file"
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

git -C "$root" archive HEAD | tar -x -C "$copy"
cd "$copy"
for command in "${commands[@]}"; do
  echo "check-image: (empty environment) $command"
  # Only what a shell needs to find node and npm, and npm's cache; NEXT_TELEMETRY_DISABLED as the Dockerfile sets it.
  env -i "PATH=$PATH" "HOME=$HOME" NEXT_TELEMETRY_DISABLED=1 bash -c "$command"
done
echo "check-image: the image's build commands succeeded with no settings in $copy"
