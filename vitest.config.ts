import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The unit files that replace modules (`vi.mock`, `vi.doMock`, `vi.hoisted`, `vi.resetModules`):
 * they run each in a module graph of its own. Every other unit file shares its worker's graph
 * (`isolate: false`), which saves importing React, zod and the app once per file: about 70
 * CPU-seconds of a run on 2 cores.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|hoisted|resetModules)\(/;
const unitFilesReplacingModules = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith('.workerd.test.ts') && !f.startsWith('e2e'))
  .map((f) => join('test', f))
  .filter((f) => REPLACES_MODULES.test(readFileSync(f, 'utf8')));

/**
 * The browser files in two lanes that run side by side, each file after file: the files on the
 * run's one server of the repository's content (`useSharedSiteInBrowser()`, `startSharedSite()`,
 * which navigation's republish changes for a while, so no two of them may overlap) and all the
 * others, on the tag manager's or the preview's shared server or on a server of their own. Most
 * of a browser test is waiting (pages, timers, a server's reload): two lanes halve the wall time
 * for the CPU of one.
 */
const ON_REPO_SERVER = /useSharedSiteInBrowser\((\{[^)]*\})?\)|startSharedSite\(\)/;
const e2eFiles = readdirSync('test/e2e', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.ts$/.test(f))
  .map((f) => join('test/e2e', f));
const e2eOnRepoServer = e2eFiles.filter((f) => ON_REPO_SERVER.test(readFileSync(f, 'utf8')));
const e2eOnOtherServers = e2eFiles.filter((f) => !e2eOnRepoServer.includes(f));

/**
 * Five projects, run by `npm test` in this order:
 *   unit           pure modules and Node scripts                 test/**\/*.test.ts(x)
 *   unit-isolated  the unit files that replace modules           (listed above)
 *   worker         the built worker inside workerd (Miniflare)    test/**\/*.workerd.test.ts
 *   e2e-repo       `npm start`'s server driven by Chromium        test/e2e/**\/*.test.ts on the repository's server
 *   e2e-others                                                    the rest of test/e2e/ (both: --project 'e2e*')
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
          exclude: ['test/**/*.workerd.test.ts', 'test/e2e/**', ...unitFilesReplacingModules],
          environment: 'node',
          isolate: false,
          // Script tests start Node processes (tsx, wrangler) and encode images: seconds each on a
          // 2-core machine where `npm test` runs them niced beside the browser tests.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unitFilesReplacingModules, environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'worker',
          include: ['test/**/*.workerd.test.ts'],
          // No worker file replaces modules: they share their worker's graph (Miniflare, the app) as the unit files do.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(
        [
          ['e2e-repo', e2eOnRepoServer],
          ['e2e-others', e2eOnOtherServers],
        ] as const
      ).map(([name, include]) => ({
        extends: true as const,
        test: {
          name,
          include: [...include],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A lane: its files one after another (the two lanes run side by side).
          fileParallelism: false,
          // In one worker: sharing its module graph saves importing playwright-core, zod and the
          // app once per file.
          isolate: false,
        },
      })),
    ],
  },
});
