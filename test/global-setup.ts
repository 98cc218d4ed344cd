/**
 * Global setup of every project (vitest.config.ts): serves what the test files of a run share
 * (test/support/run-services.ts): each distinct content built once, and one `npm start` server of
 * each kind the browser files share (SiteKind: the repository's content, with a tag manager, the
 * preview host), and one Chromium. Everything is made when a
 * file first asks, and removed when the run ends. Builds go to the repository's image cache
 * (.cache/images) like any build, and one at a time here, so images are encoded once per run
 * even on a clean clone, instead of once by each file that builds at the same moment.
 *
 * With PREBUILD_REPO_CONTENT=1 (`npm test` sets it) the repository's content is built before any
 * file runs: on a clean clone that build encodes every image (a minute or more on 2 busy cores),
 * which no test's timeout should have to hold; a run of one file does not pay for it.
 */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../scripts/lib/site-build';
import { REPO_CONTENT, TEST_BUILD_TIMESTAMP, tempDir } from './support/built-site';
import { chromium, type BrowserServer } from 'playwright-core';
import { z } from 'zod';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import {
  contentKey,
  serveRunServices,
  SITE_KINDS,
  type BuildRequest,
  type SharedBrowser,
  type SharedBuild,
  type SharedSite,
  type SiteKind,
} from './support/run-services';
import { startSharedKind, type RunningSite } from './support/server';

export default async function setup(project: TestProject) {
  // The projects inherit the root's setup (`extends: true`); one instance, the root's, serves
  // them all, so the unit and worker files share their builds too.
  if (!project.isRootProject()) return;
  const builds = new Map<string, Promise<SharedBuild>>();
  // One build at a time: builds of different content still share images (the form site is the
  // repository's content with a webhook), which a clean clone must encode only once.
  let queue: Promise<unknown> = Promise.resolve();
  const outDirs: string[] = [];
  const sites = new Map<SiteKind, Promise<RunningSite>>();
  let browser: Promise<BrowserServer> | undefined;

  const build = async (request: BuildRequest): Promise<SharedBuild> => {
    const key = await contentKey(request);
    let made = builds.get(key);
    if (!made) {
      made = queue.then(async () => {
        const outDir = await tempDir('shared-dist');
        outDirs.push(outDir);
        const { contentDir, timestamp, codeLabel } = request;
        const result = await buildSite({ contentDir, outDir, timestamp, ...(codeLabel ? { codeLabel } : {}) });
        if (!result.ok)
          throw new Error(
            `fixture content does not build:\n${result.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n')}`,
          );
        return { outDir, build: result.build };
      });
      queue = made.catch(() => undefined);
      builds.set(key, made);
      // A build that failed is asked again next time (and fails again, saying why), not cached.
      made.catch(() => builds.delete(key));
    }
    return made;
  };

  if (process.env.PREBUILD_REPO_CONTENT === '1') await build({ contentDir: REPO_CONTENT, timestamp: TEST_BUILD_TIMESTAMP });

  const services = await serveRunServices({
    '/build': (body) => build(body as BuildRequest),
    '/browser': async (): Promise<SharedBrowser> => {
      browser ??= chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
      browser.catch(() => (browser = undefined));
      return { wsEndpoint: (await browser).wsEndpoint() };
    },
    '/site': async (body): Promise<SharedSite> => {
      const { kind } = z.object({ kind: z.enum(SITE_KINDS) }).parse(body);
      let site = sites.get(kind);
      if (!site) {
        site = startSharedKind(kind);
        sites.set(kind, site);
        site.catch(() => sites.delete(kind));
      }
      const running = await site;
      return { url: running.url, state: running.state, output: running.output(), ...(running.cmsPort ? { cmsPort: running.cmsPort } : {}) };
    },
  });
  project.provide('runServices', services.url);

  return async () => {
    services.server.closeAllConnections();
    await new Promise((done) => services.server.close(done));
    if (browser) await (await browser.catch(() => undefined))?.close();
    await Promise.all([...sites.values()].map(async (site) => (await site.catch(() => undefined))?.stop()));
    await Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
