#!/usr/bin/env bash
# `npm test`: the type check, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the
# Playwright end-to-end tests in Chromium against the built site. Runs under scripts/run.sh, so
# Node 24 and node_modules/.bin are on PATH. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.cache/reports
rm -rf "$reports" && mkdir -p "$reports"

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "› TEST_DATABASE_URL is not set: the API tests run on SQLite only" >&2
fi

status=0
# each step names the second of the run it starts at, so a slow step shows in the log
step() { echo "› [${SECONDS}s] $*"; }
# Only the site build must come before the tests: vitest's release tests build a copy of it sharing
# node_modules/.astro, and Playwright drives it. The type check, the lint and the import rules only read the
# sources, so they run beside the build and the tests in the idle scheduling class (SCHED_IDLE): they get a
# core only while nothing else wants it, and a test process that wakes takes the core back at once. So the
# tests keep their pace and the checks fill the cycles the tests leave idle while they wait on processes,
# databases and pages. Their results are read at the end of the run. Only the build and the type check write
# anything they share: the generated types in .astro/, which the build writes first (types.d.ts last of them).
# So the type check starts once the build has written them (and then does not write them again) or once the
# build is over.
idle() { if command -v chrt >/dev/null; then chrt --idle 0 "$@"; else nice -n 19 "$@"; fi; }
step "building the site for the end-to-end tests"
site_log=$(mktemp)
types_before=$(stat -c %.9Y .astro/types.d.ts 2>/dev/null || echo none)
bash scripts/run.sh site >"$site_log" 2>&1 &
site_pid=$!

# the lint (typescript-eslint strict, react-hooks, jsx-a11y, astro) and the formatter, in check mode; eslint
# and prettier skip .releases/ and .astro/, which the build writes. Then the import rules of the house
# (.dependency-cruiser.cjs): a module that crosses a boundary fails the run.
step "lint, format check and import rules (eslint, prettier, dependency-cruiser), beside the rest"
lint_log=$(mktemp)
(
  lint=0
  idle bash scripts/run.sh lint || { echo "✘ lint or format check failed"; lint=1; }
  if ! idle depcruise src migrations --config .dependency-cruiser.cjs --output-type err; then
    echo "✘ an import crosses a boundary"
    lint=1
  fi
  exit $lint
) >"$lint_log" 2>&1 &
lint_pid=$!

check_flags=()
while kill -0 "$site_pid" 2>/dev/null; do
  if [ "$(stat -c %.9Y .astro/types.d.ts 2>/dev/null || echo none)" != "$types_before" ]; then
    check_flags=(--noSync)
    break
  fi
  sleep 0.2
done

# a type error fails the run like a failed test. astro check type-checks every file tsconfig.json includes
# (the .ts and .tsx as well as the .astro), so a `tsc --noEmit` as well would check them twice
# (`npm run typecheck` still runs both)
step "type check (astro check: the .ts, .tsx and .astro files), beside the rest"
check_log=$(mktemp)
idle astro check --minimumSeverity error "${check_flags[@]}" >"$check_log" 2>&1 &
check_pid=$!

if ! wait "$site_pid"; then echo "✘ the site build failed" >&2; status=1; fi
cat "$site_log" && rm -f "$site_log"
step "site built"

step "unit and API tests (vitest)"
vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=1

step "end-to-end tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" playwright test --reporter=list,json || status=1

step "type check, lint and import rules"
if ! wait "$check_pid"; then echo "✘ the type check failed" >&2; status=1; fi
cat "$check_log" && rm -f "$check_log"
if ! wait "$lint_pid"; then status=1; fi
cat "$lint_log" && rm -f "$lint_log"

step "summary"
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
