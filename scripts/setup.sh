#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: pnpm (from the npm registry) and the
# dependencies. better-sqlite3 compiles against Node's own headers (no download).
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_VERSION=12.21.0
if ! command -v pnpm >/dev/null 2>&1; then
  npm install --global "pnpm@${PNPM_VERSION}" --allow-scripts=pnpm >/dev/null 2>&1 || npm install --global "pnpm@${PNPM_VERSION}"
fi
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
pnpm install --frozen-lockfile
