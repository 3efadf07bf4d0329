#!/usr/bin/env bash
# The project's one test command: .env, install, generate, lint, format, type check, unit, integration, build, browser.
# Every stage runs even after an earlier one failed, so one run shows everything that is broken.
# Test runners count their tests; lint, type check, build and the setup steps count as one check each.
# The last line is the summary: "N passed, N failed[, N skipped]". Exit status is non-zero when anything
# failed or when no test ran at all.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
export NEXT_TELEMETRY_DISABLED=1
RESULTS=.tmp/test-results
rm -rf "$RESULTS" .tmp/e2e-results.json
mkdir -p "$RESULTS"

passed=0
failed=0
skipped=0
tests_run=0
stage_no=0
stage_total=11
summary=()

if [[ -t 1 ]]; then bold=$'\e[1m'; red=$'\e[31m'; green=$'\e[32m'; yellow=$'\e[33m'; reset=$'\e[0m'; else bold=; red=; green=; yellow=; reset=; fi

header() {
  stage_no=$((stage_no + 1))
  printf '\n%s==> [%d/%d] %s%s\n' "$bold" "$stage_no" "$stage_total" "$1" "$reset"
  stage_started=$SECONDS
}

record() { # name, outcome, detail
  local colour=$green
  [[ $2 == failed ]] && colour=$red
  [[ $2 == skipped ]] && colour=$yellow
  local line
  line=$(printf '%-12s %s%-7s%s %s (%ds)' "$1" "$colour" "$2" "$reset" "$3" $((SECONDS - stage_started)))
  summary+=("$line")
  printf '%s<== %s\n' "$bold" "$line$reset"
}

# A stage that is one check: passed or failed by its exit status.
check() { # name, command...
  local name=$1
  shift
  header "$name: $*"
  local status=0
  "$@" || status=$?
  if ((status == 0)); then
    last_outcome=passed
    passed=$((passed + 1))
    record "$name" passed ""
  else
    last_outcome=failed
    failed=$((failed + 1))
    record "$name" failed "exit $status"
  fi
}

# Counts from a JSON report: "passed failed skipped", or nothing when the report is missing or unreadable.
count_vitest() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests + r.numTodoTests);
  ' "$1" 2>/dev/null
}
# Names of the failed tests in a JSON report, one per line (for the summary, which is what a CI log keeps).
failed_vitest() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const file of r.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === "failed") {
          console.log(require("path").relative(process.cwd(), file.name) + " > " + t.fullName);
          // Why, in a few lines: the summary is often all a CI log keeps.
          const why = String(t.failureMessages?.[0] ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n");
          const message = why.filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 5);
          const where = why.find((l) => /^\s+at /.test(l) && !l.includes("node_modules"));
          for (const line of [...message, ...(where ? [where.trim()] : [])]) console.log("    " + line.slice(0, 300));
        }
  ' "$1" 2>/dev/null
}
failed_playwright() {
  node -e '
    const walk = (suite, out) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === "unexpected") {
            out.push(spec.file + " > " + spec.title);
            const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean) ?? "";
            const why = String(error).replace(/\u001b\[[0-9;]*m/g, "").split("\n").filter((l) => l.trim());
            for (const line of why.slice(0, 6)) out.push("    " + line.slice(0, 300));
          }
      for (const child of suite.suites ?? []) walk(child, out);
      return out;
    };
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const s of r.suites ?? []) for (const line of walk(s, [])) console.log(line);
  ' "$1" 2>/dev/null
}
failures=()
count_playwright() {
  node -e '
    const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).stats;
    console.log(s.expected + s.flaky, s.unexpected, s.skipped);
  ' "$1" 2>/dev/null
}

# A stage that runs tests: counted from its JSON report. A non-zero exit with no failed test
# (global setup broke, server did not start, no test found) still counts as one failure.
tests_stage() { # name, report, counter, failed-lister, command...
  local name=$1 report=$2 counter=$3 lister=$4
  shift 4
  header "$name: $*"
  local status=0 p=0 f=0 s=0 counts
  "$@" || status=$?
  counts=$($counter "$report")
  [[ -n $counts ]] && read -r p f s <<<"$counts"
  if ((status != 0 && f == 0)); then f=1; fi
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + s))
  tests_run=$((tests_run + p + f))
  local outcome=passed
  ((f > 0)) && outcome=failed
  local test_name
  # The lister prints each failed test's name, then its reasons indented by four spaces (kept as they are).
  while IFS= read -r test_name; do
    if [[ $test_name == "    "* ]]; then
      failures+=("$test_name")
    elif [[ -n $test_name ]]; then
      failures+=("$name: $test_name")
    fi
  done < <($lister "$report")
  record "$name" "$outcome" "$p passed, $f failed, $s skipped$([[ -z $counts ]] && echo ', no report')"
}

# A fresh clone has no .env: make it as the run command does (fresh secrets), since the Prisma CLI and the
# build read it. The tests themselves use their own settings (vitest.config.ts, tests/e2e/e2e.env).
check env bash scripts/ensure-env.sh
check install npm install --no-audit --no-fund
check generate node scripts/prisma.mjs generate
check lint npx eslint .
check format npx prettier --check .
check typecheck npx tsc --noEmit
# The Prisma CLI on this machine: migrate dev/deploy/status/reset and db push through the schema-engine stand-in.
check prisma-cli bash tools/schema-engine/check.sh

tests_stage unit "$RESULTS/unit.json" count_vitest failed_vitest \
  npx vitest run --project unit --reporter=default --reporter=json --outputFile="$RESULTS/unit.json"
tests_stage integration "$RESULTS/integration.json" count_vitest failed_vitest \
  npx vitest run --project integration --reporter=default --reporter=json --outputFile="$RESULTS/integration.json"

# The image's build (scripts/check-image.sh): the compose file checked, the Dockerfile's build commands run in a clean
# copy of HEAD with an EMPTY environment, the compose services started from it in order. The browser tests then run
# that build with their own settings (tests/e2e/e2e.env, read at run time).
check build bash scripts/check-image.sh --next-into .
if [[ $last_outcome == failed ]]; then
  header "e2e: skipped, the build failed"
  skipped=$((skipped + 1))
  record e2e skipped "needs a successful build"
else
  tests_stage e2e .tmp/e2e-results.json count_playwright failed_playwright npx playwright test
fi

printf '\n%sSummary%s\n' "$bold" "$reset"
printf '  %s\n' "${summary[@]}"
if ((${#failures[@]} > 0)); then
  printf '%sFailed tests%s\n' "$bold" "$reset"
  printf '  %s\n' "${failures[@]}"
fi
if ((tests_run == 0)); then
  printf '%sNo test ran.%s\n' "$red" "$reset"
fi
line="$passed passed, $failed failed"
((skipped > 0)) && line+=", $skipped skipped"
echo "$line"
((failed == 0 && tests_run > 0))
