#!/usr/bin/env bash
# The server of the PostgreSQL browser smoke test (playwright.postgres.config.ts): starts a throwaway
# cluster (scripts/postgres.sh; PG_PORT picks the first port tried), runs the built server on it
# (E2E_FROM_SOURCE=1: from its sources), and removes the cluster when the server stops or this script is
# told to stop (Playwright sends SIGTERM to the whole process group).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash ../../scripts/postgres.sh start)"
server=''
cleanup() {
  if [ -n "$server" ]; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  bash ../../scripts/postgres.sh stop "$FEES_PG_DIR"
}
trap cleanup EXIT
trap 'exit 0' TERM INT
export DATABASE_URL
if [ -n "${E2E_FROM_SOURCE:-}" ]; then
  ../server/node_modules/.bin/tsx ../server/src/main.ts &
else
  node ../server/dist/main.js &
fi
server=$!
wait "$server"
