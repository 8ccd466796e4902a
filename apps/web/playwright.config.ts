import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium against the real server on a fresh database (built web app,
 * fixed admin credentials). Missing Chromium fails the run when CI=true, never skips. The PostgreSQL
 * smoke test runs under playwright.postgres.config.ts, against a server of its own.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Set once by the runner; its workers inherit it, so a spec can reach the server's file (e2e/database.ts).
process.env.E2E_DATABASE_PATH ??= `/tmp/fees-e2e-${process.pid}/fees.sqlite`;
const DB = process.env.E2E_DATABASE_PATH;
// E2E_FROM_SOURCE=1 runs the server from its sources (tsx), for a developer working beside others.
const SERVER = process.env.E2E_FROM_SOURCE
  ? '../server/node_modules/.bin/tsx ../server/src/main.ts'
  : 'node ../server/dist/main.js';

export default defineConfig({
  testDir: './e2e',
  testIgnore: 'postgres-smoke.spec.ts',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 820 },
    // The office's clock, as the server's TZ below: screens that open on "today" agree with the
    // server's dates even between midnight in India and midnight UTC.
    timezoneId: 'Asia/Kolkata',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  webServer: {
    command: `rm -rf $(dirname ${DB}) && ${SERVER}`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_PATH: DB,
      ADMIN_EMAIL: 'admin@foundation.test',
      ADMIN_PASSWORD: 'admin12345',
      TZ: 'Asia/Kolkata',
      // Where links sent to families lead (click-to-chat): not this test server's address.
      PUBLIC_URL: 'https://fees.e2e.test',
      // Tally's HTTP port: a stand-in the books spec starts on the next port.
      TALLY_URL: `http://127.0.0.1:${PORT + 1}`,
      ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
    },
  },
});
