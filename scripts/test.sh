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
# The site for the end-to-end tests is built beside the type check, the lint and the import rules: on two
# cores none of them waits for another. Only the build and the type check write anything they share: the
# generated types in .astro/, which the build writes first (types.d.ts last of them). So the type check
# starts once the build has written them (and then does not write them again) or once the build is over.
# The site must be built before vitest, whose release tests build a copy sharing node_modules/.astro.
step "building the site for the end-to-end tests"
site_log=$(mktemp)
types_before=$(stat -c %.9Y .astro/types.d.ts 2>/dev/null || echo none)
bash scripts/run.sh site >"$site_log" 2>&1 &
site_pid=$!
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
step "type check (astro check: the .ts, .tsx and .astro files)"
check_log=$(mktemp)
astro check --minimumSeverity error "${check_flags[@]}" >"$check_log" 2>&1 &
check_pid=$!

# the linter (typescript-eslint strict, react-hooks, jsx-a11y, astro) and the formatter, in check mode;
# eslint and prettier skip .releases/ and .astro/, which the build writes
step "lint and format check (eslint, prettier)"
if ! bash scripts/run.sh lint; then echo "✘ lint or format check failed" >&2; status=1; fi

# the import rules of the house (.dependency-cruiser.cjs): a module that crosses a boundary fails the run
step "import boundaries (dependency-cruiser)"
if ! depcruise src --config .dependency-cruiser.cjs --output-type err; then echo "✘ an import crosses a boundary" >&2; status=1; fi

if ! wait "$check_pid"; then echo "✘ the type check failed" >&2; status=1; fi
cat "$check_log" && rm -f "$check_log"
if ! wait "$site_pid"; then echo "✘ the site build failed" >&2; status=1; fi
cat "$site_log" && rm -f "$site_log"
step "type check, lint, import rules and site build done"

step "unit and API tests (vitest)"
vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=1

step "end-to-end tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" playwright test --reporter=list,json || status=1

step "summary"
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json" || status=1
exit $status
