/**
 * One workerd for a file, serving a copy of the repository's shared build with its static
 * assets, for files that take an asset away for a test (withoutAsset) and so must not touch
 * the build other files read. Started before the file's tests, stopped and removed after.
 */
import { cp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO_CONTENT, buildForTest, tempDir, type BuiltSite } from './built-site';
import { startWorker, type TestWorker } from './workerd';

export interface WorkerOnCopy {
  readonly site: BuiltSite;
  readonly worker: TestWorker;
  /** moves a file of the copy's static assets (`/_app/...`, `/media/...`) away for `run`, and back after */
  withoutAsset<T>(urlPath: string, run: () => Promise<T>): Promise<T>;
}

export function useWorkerOnCopy(label: string, options: Parameters<typeof startWorker>[1] = {}): WorkerOnCopy {
  const env = {} as { site: BuiltSite; copy: string; worker: TestWorker };
  beforeAll(async () => {
    env.site = await buildForTest(REPO_CONTENT);
    env.copy = await tempDir(label);
    await cp(env.site.outDir, env.copy, { recursive: true });
    env.worker = await startWorker({ ...env.site, outDir: env.copy }, options);
  });
  afterAll(async () => {
    await env.worker?.close();
    if (env.copy) await rm(env.copy, { recursive: true, force: true });
    await env.site?.cleanup();
  });
  return {
    get site() {
      return env.site;
    },
    get worker() {
      return env.worker;
    },
    async withoutAsset(urlPath, run) {
      const file = join(env.copy, 'public', urlPath);
      await rename(file, `${file}.away`);
      try {
        return await run();
      } finally {
        await rename(`${file}.away`, file);
      }
    },
  };
}
