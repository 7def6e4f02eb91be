import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['tests/setup/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time: most integration files wait on PostgreSQL, not on a core, so two workers
    // on CI's two cores took the suite from 503 s to 296 s (Vitest's default here is one).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
  },
});
