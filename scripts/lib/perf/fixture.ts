/**
 * The site the bench measures: generated content (scripts/lib/generate-content.ts) plus one
 * larger "fixture" page of about the size the reference figures were taken with (~16 KB of
 * HTML), built into a temp dir, and the exact worker file `wrangler deploy --dry-run` would
 * upload for it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildOutput } from '../build-records';
import { generateContent, samplePage } from '../generate-content';
import { buildSite } from '../site-build';

export const FIXTURE_PATH = '/en/fixture';
/** A site.json route rule, so the redirect path of the worker is measured too. */
export const REDIRECT_FROM = '/old';
export const REDIRECT_TO = '/en';

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `edge-site-${prefix}-`));
}

/** How many generated pages' blocks the fixture page strings together (~16 KB of HTML). */
const FIXTURE_PARTS = 8;

/**
 * A content page using most block types several times over: the generated pages are about
 * 5 KB of HTML, smaller than the landing pages the reference figures were measured with.
 */
export function fixturePage() {
  const parts = Array.from({ length: FIXTURE_PARTS }, (_, i) => samplePage(`Fixture part ${i + 1}`, 'en', i + 1));
  const [first, ...rest] = parts;
  return {
    title: 'Fixture page',
    description: `The page the bench renders: every generated block type, ${FIXTURE_PARTS} times over.`,
    blocks: [...first!.blocks, ...rest.flatMap((p) => p.blocks.filter((b) => b.type !== 'hero'))],
  };
}

export interface GenerateSiteOptions {
  /** content pages per locale besides the home page */
  pagesPerLocale: number;
  /** add the fixture page at FIXTURE_PATH */
  fixture?: boolean;
}

export async function generateSite(dir: string, { pagesPerLocale, fixture = false }: GenerateSiteOptions) {
  await generateContent({ dir, pagesPerLocale, extraSite: { routeRules: { [REDIRECT_FROM]: { redirect: REDIRECT_TO } } } });
  if (fixture) await writeFile(join(dir, 'pages', `${FIXTURE_PATH.slice(1)}.json`), JSON.stringify(fixturePage(), null, 2));
}

export interface BuiltSite {
  outDir: string;
  build: BuildOutput;
}

export async function buildOrThrow(contentDir: string, outDir: string, timestamp?: number): Promise<BuiltSite> {
  const result = await buildSite({ contentDir, outDir, ...(timestamp !== undefined ? { timestamp } : {}) });
  if (!result.ok) {
    throw new Error(`content does not build:\n${result.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n')}`);
  }
  return { outDir: result.outDir, build: result.build };
}

/** Removes temp dirs, never throwing (used in finally blocks). */
export async function removeAll(dirs: (string | undefined)[]) {
  await Promise.all(dirs.map((d) => (d ? rm(d, { recursive: true, force: true }).catch(() => undefined) : undefined)));
}
