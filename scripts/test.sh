#!/usr/bin/env bash
# Runs every test: lint, typecheck, build, unit and integration tests (vitest, real SQLite), the
# browser tests (Playwright driving Debian's Chromium against the real server), then the vitest suites
# of packages/db and apps/server again on a throwaway PostgreSQL cluster (pnpm test:pg). The outside programs
# the tests run (scripts/system-packages.txt) are installed with apt-get when missing
# (scripts/system-packages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/system-packages.sh
log=$(mktemp)
status=0
pnpm test 2>&1 | tee "$log" || status=$?
# The vitest suites of packages/db and apps/server again on PostgreSQL (a throwaway cluster, removed after).
pnpm test:pg 2>&1 | tee -a "$log" || status=$?
node scripts/test-summary.mjs "$log"
rm -f "$log"
exit "$status"
