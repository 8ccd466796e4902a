import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One throwaway PostgreSQL cluster for the run's engine tests (none when DATABASE_URL names one).
    globalSetup: ['./src/test/postgres-cluster.ts'],
    // After each file, the PostgreSQL databases it opened are dropped and its temporary folders removed.
    setupFiles: ['./src/test/after-each-file.ts'],
  },
});
