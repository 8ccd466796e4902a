#!/usr/bin/env bash
# Runs every test: lint, typecheck, build, unit and integration tests (vitest, real SQLite), and the
# browser tests (Playwright driving Debian's Chromium against the real server).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
log=$(mktemp)
status=0
pnpm test 2>&1 | tee "$log" || status=$?
node scripts/test-summary.mjs "$log"
rm -f "$log"
exit "$status"
