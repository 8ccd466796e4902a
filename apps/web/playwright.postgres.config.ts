import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The browser smoke test on PostgreSQL: the built server started by e2e/postgres-server.sh on a
 * throwaway cluster (scripts/postgres.sh), removed when Playwright stops the server. SIGTERM, not
 * Playwright's default SIGKILL, so that the script can stop and remove the cluster.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'postgres-smoke.spec.ts',
  outputDir: './e2e/artifacts/results-postgres',
  webServer: {
    command: 'bash e2e/postgres-server.sh',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@foundation.test',
      ADMIN_PASSWORD: 'admin12345',
      TZ: 'Asia/Kolkata',
      ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
    },
  },
});
