import { fileURLToPath } from 'node:url';

/** Where the bench keeps its builds, databases and results (all ignored by git). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ROOT = fileURLToPath(new URL('../../../apps/server/', import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL('../../../apps/web/', import.meta.url));
export const MIGRATIONS = fileURLToPath(new URL('../../../packages/db/drizzle', import.meta.url));
export const PG_MIGRATIONS = fileURLToPath(new URL('../../../packages/db/drizzle-pg', import.meta.url));
/** Private builds: inside apps/server/node_modules so the bundle resolves the server's npm packages. */
export const BUILD_DIR = fileURLToPath(
  new URL('../../../apps/server/node_modules/.cache/fees-bench/', import.meta.url),
);
export const RESULTS_DIR = fileURLToPath(new URL('../../../bench/results/', import.meta.url));
export const DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));
