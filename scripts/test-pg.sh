#!/usr/bin/env bash
# The vitest suites of packages/db and apps/server again, on PostgreSQL: a throwaway cluster
# (scripts/postgres.sh: Debian's postgresql package, data in a temporary folder, removed afterwards,
# even when a test fails or the run is interrupted), DATABASE_URL pointing there. Each test file gets a
# database of its own, copied from a migrated, seeded template (packages/db/src/test/postgres.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
cluster=$(bash scripts/postgres.sh start)
eval "$cluster"
trap 'bash scripts/postgres.sh stop "$FEES_PG_DIR"' EXIT
echo "PostgreSQL run: ${DATABASE_URL}"
pnpm --filter @fees/db --filter @fees/server --workspace-concurrency=1 test
