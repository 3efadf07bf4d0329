#!/usr/bin/env bash
# Runs validate.py on every sample make-samples.ts wrote and prints one line per signature.
#   bash tools/pyhanko/check-samples.sh [SAMPLES_DIR]      (default .tmp/pyhanko-samples)
# The full JSON (with --revisions) is left next to each PDF as NAME.json.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DIR="${1:-$ROOT/.tmp/pyhanko-samples}"
PY="$ROOT/.tmp/pyhanko-venv/bin/python"
for pdf in "$DIR"/*.pdf; do
  name="$(basename "$pdf" .pdf)"
  "$PY" "$ROOT/tools/pyhanko/validate.py" "$pdf" --trust "$DIR/ca.pem" --revisions >"$DIR/$name.json" 2>"$DIR/$name.err"
  echo "== $name (exit $?)"
  "$PY" - "$DIR/$name.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for s in d['signatures']:
    m = s.get('modification') or {}
    why = (m.get('suspicious') or s.get('error') or '').replace('\n', ' ')
    print(f"  {s['field']:<28} {s['kind'][1:]:<13} intact={s.get('intact')} valid={s.get('valid')} trusted={s.get('trusted')} "
          f"{s.get('coverage')} {m.get('level')} => {'VALID' if s.get('bottom_line') else 'INVALID'}" + (f" | {why[:240]}" if why else ''))
PY
done
