import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { TZ: 'Asia/Kolkata' },
    // After each file, its temporary folders are removed.
    setupFiles: ['@fees/db/testing/after-each-file'],
  },
});
