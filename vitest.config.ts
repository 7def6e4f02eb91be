import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run long — waiting on round timers and a second node, or computing 10⁶ rounds — and are
 * small, so a clean clone (no timings cached: Vitest starts the largest files first) started them
 * last and ended the stage on one of them: the external pass on 2026-12-07 spent its last 30 s on
 * rounds-two-node alone (started at 157 s of 187 s), the suite its last 40 s on the RTP runs.
 */
const LONG_FILES = [/\/rounds[.-][\w.-]*int\.test\.ts$/, /two-node\.int\.test\.ts$/, /\.rtp\.test\.ts$/];

/** Vitest's order (failed, then longest by cached timings, else largest), the long files first. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
    // Three files at a time: most integration files wait on PostgreSQL or on round timers, not on a
    // core. Two workers took the suite from 503 s to 296 s (Vitest's default here is one). Three, in a
    // quiet A/B on one machine (2026-12-07, 22:00): the whole suite 256.6 s (CPU idle 28 %) -> 200.0 s
    // (idle 10 %), and CI's external pass 249.7 s (idle 45 %) -> 174.8 s (idle 19 %). The earlier
    // reading that three slowed the external pass (265 -> 322 s) came from a machine slowing through
    // the day. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // PostgreSQL, the seeded template and the dev chain; the web project needs none of them.
          globalSetup: ['apps/server/test/global-setup.ts'],
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/demo-provider/src/**/*.test.ts',
            'packages/games/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'packages/i18n/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // One worker process runs many files: the server's module graph is imported once per
          // worker, not once per file (the whole suite 344 s -> 228 s on two cores). These files
          // share no module state: each integration file opens its own database from the template.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // The apps' and the client's tests mock modules (vi.mock) and stub globals (localStorage):
          // each file keeps a fresh module registry.
          include: [
            'apps/agent/src/**/*.test.{ts,tsx}',
            'apps/player/src/**/*.test.{ts,tsx}',
            'apps/console/src/**/*.test.{ts,tsx}',
            'packages/client/src/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
