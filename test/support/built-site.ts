/**
 * Builds a content directory for a test file: within a run, each distinct content is built
 * once and shared read-only (test/support/run-services.ts); alone, into a private dist folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateContent, type GenerateOptions } from '../../scripts/lib/generate-content';
import { buildSite } from '../../scripts/lib/site-build';
import type { BuildOutput } from '../../scripts/lib/build-records';
import { runServicesUrl, sharedBuild } from './run-services';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const REPO_CONTENT = join(REPO_ROOT, 'content');
/** The build time of a test build unless a test says otherwise: builds of one content are then the same build. */
export const TEST_BUILD_TIMESTAMP = 1_700_000_000_000;

export interface BuiltSite {
  outDir: string;
  build: BuildOutput;
  cleanup: () => Promise<void>;
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `edge-site-${prefix}-`));
}

export async function buildForTest(contentDir: string, timestamp = TEST_BUILD_TIMESTAMP, codeLabel?: string): Promise<BuiltSite> {
  if (runServicesUrl()) {
    // The run owns the shared build and removes it when the run ends; no file may remove it.
    const shared = await sharedBuild({ contentDir, timestamp, ...(codeLabel ? { codeLabel } : {}) });
    return { ...shared, cleanup: async () => {} };
  }
  return buildPrivately(contentDir, timestamp, codeLabel);
}

/** A build of this file's own, removed by its cleanup. */
export async function buildPrivately(contentDir: string, timestamp = TEST_BUILD_TIMESTAMP, codeLabel?: string): Promise<BuiltSite> {
  const outDir = await tempDir('dist');
  const result = await buildSite({ contentDir, outDir, timestamp, ...(codeLabel ? { codeLabel } : {}) });
  if (!result.ok)
    throw new Error(`fixture content does not build:\n${result.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n')}`);
  return { outDir, build: result.build, cleanup: () => rm(outDir, { recursive: true, force: true }) };
}

/** A generated content directory (not the repository's), built. */
export async function buildGeneratedSite(options: Omit<GenerateOptions, 'dir'> = {}): Promise<BuiltSite & { contentDir: string }> {
  const contentDir = await tempDir('content');
  await generateContent({ dir: contentDir, ...options });
  const site = await buildForTest(contentDir);
  return {
    ...site,
    contentDir,
    cleanup: async () => {
      await site.cleanup();
      await rm(contentDir, { recursive: true, force: true });
    },
  };
}
