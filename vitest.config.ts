import { defineConfig } from 'vitest/config';

/**
 * Three projects, run by `npm test` in this order:
 *   unit    pure modules and Node scripts                 test/**\/*.test.ts(x)
 *   worker  the built worker inside workerd (Miniflare)    test/**\/*.workerd.test.ts
 *   e2e     `npm start`'s server driven by Chromium        test/e2e/**\/*.test.ts
 */
export default defineConfig({
  test: {
    // Builds and the browser files' server, each made once per run and shared (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The unit and
    // worker files mostly wait (for spawned CLIs, workerd, timers), so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.workerd.test.ts', 'test/e2e/**'],
          environment: 'node',
          // Script tests start Node processes (tsx, wrangler): seconds each on a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'worker', include: ['test/**/*.workerd.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One server and one browser at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
