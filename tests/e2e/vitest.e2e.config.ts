import { defineConfig } from 'vitest/config';

/** End-to-end journeys: run by tests/e2e/run.mjs against one started server, one file at a time. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    // `expect.poll` waits up to 15 s, not vitest's 1 s: a journey polls the server for a state a
    // click has just asked for, and on a CI machine running several journeys on two cores one
    // request can take over a second (bonus.spec's choice of what a withdrawal does with the bonus
    // failed a clean-clone run so, 2026-12-05). A state that never comes still fails the journey.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
