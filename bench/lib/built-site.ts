/** A content directory built into a temp dir, and the records that publish it. */
import { join } from 'node:path';
import { kvKeys } from '../../app/kv-keys';
import type { BuildOutput, KvRecord } from '../../scripts/lib/build-records';
import { buildSite } from '../../scripts/lib/site-build';

/** The sample content in the repository (content/). */
export const REPO_CONTENT = join(import.meta.dirname, '../../content');

export interface BuiltSite {
  outDir: string;
  build: BuildOutput;
}

export async function buildOrThrow(
  contentDir: string,
  outDir: string,
  timestamp?: number,
  { imageVariants = true }: { imageVariants?: boolean } = {},
): Promise<BuiltSite> {
  const result = await buildSite({ contentDir, outDir, imageVariants, ...(timestamp !== undefined ? { timestamp } : {}) });
  if (!result.ok) {
    throw new Error(`content does not build:\n${result.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n')}`);
  }
  return { outDir: result.outDir, build: result.build };
}

/**
 * What a publish writes after the pointer (markPublished in scripts/lib/publish.ts): from then
 * on the worker serves the build's manifest even once a newer build is live, for tabs still on
 * it. Without it the load test's requests for the first build's manifest answer 404 after the
 * publish halfway through.
 */
export function publishedMarker(build: BuildOutput): KvRecord {
  return { key: kvKeys.published(build.id), value: build.pointer.value };
}
