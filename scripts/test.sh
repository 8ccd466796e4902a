#!/usr/bin/env bash
# Runs every test: lint, typecheck, build, unit and integration tests (vitest, real SQLite), the
# browser tests (Playwright driving Debian's Chromium against the real server), then the vitest suites
# of packages/db and apps/server again on a throwaway PostgreSQL cluster (pnpm test:pg). The outside programs
# the tests run (scripts/system-packages.txt) are installed with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
missing=()
while read -r program package; do
  case "$program" in '' | '#'*) continue ;; esac
  if ! command -v "$program" >/dev/null 2>&1; then missing+=("$package"); fi
done <scripts/system-packages.txt
if [ "${#missing[@]}" -gt 0 ]; then
  packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
  sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  echo "Installing Debian packages: ${packages}"
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages} >/dev/null
fi
log=$(mktemp)
status=0
pnpm test 2>&1 | tee "$log" || status=$?
# The vitest suites of packages/db and apps/server again on PostgreSQL (a throwaway cluster, removed after).
pnpm test:pg 2>&1 | tee -a "$log" || status=$?
node scripts/test-summary.mjs "$log"
rm -f "$log"
exit "$status"
