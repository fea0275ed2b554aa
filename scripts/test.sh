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
# the types first: a type error fails the run like a failed test (the type check is part of npm test).
# astro check type-checks every file tsconfig.json includes (the .ts and .tsx as well as the .astro), so
# a `tsc --noEmit` before it checked the same 640 files a second time (`npm run typecheck` still runs both)
step "type check (astro check: the .ts, .tsx and .astro files)"
if ! astro check --minimumSeverity error; then echo "✘ the type check failed" >&2; status=1; fi

# the site for the end-to-end tests is built while the linters run: neither reads what the other writes
# (eslint and prettier skip .releases/ and .astro/), and on two cores the build no longer waits its turn.
# It must be done before vitest, whose release tests build a copy sharing node_modules/.astro.
step "building the site for the end-to-end tests (beside the lint and the import rules)"
site_log=$(mktemp)
bash scripts/run.sh site >"$site_log" 2>&1 &
site_pid=$!

# the linter (typescript-eslint strict, react-hooks, jsx-a11y, astro) and the formatter, in check mode
step "lint and format check (eslint, prettier)"
if ! bash scripts/run.sh lint; then echo "✘ lint or format check failed" >&2; status=1; fi

# the import rules of the house (.dependency-cruiser.cjs): a module that crosses a boundary fails the run
step "import boundaries (dependency-cruiser)"
if ! depcruise src --config .dependency-cruiser.cjs --output-type err; then echo "✘ an import crosses a boundary" >&2; status=1; fi

if ! wait "$site_pid"; then echo "✘ the site build failed" >&2; status=1; fi
cat "$site_log" && rm -f "$site_log"

step "unit and API tests (vitest)"
vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=1

step "end-to-end tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" playwright test --reporter=list,json || status=1

step "summary"
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
