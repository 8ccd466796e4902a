import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The random-write property tests take 1-2 s alone; a busy CI machine may take several times that.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // One throwaway PostgreSQL cluster for the run's engine tests (none when DATABASE_URL names one).
    globalSetup: ['./src/test/postgres-cluster.ts'],
    // After each file, the PostgreSQL databases it opened are dropped and its temporary folders removed.
    setupFiles: ['./src/test/after-each-file.ts'],
  },
});
