import { defineConfig } from 'vitest/config';

/** End-to-end journeys: run by tests/e2e/run.mjs against one started server, one file at a time. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
