/**
 * The site the bench measures: generated content (scripts/lib/generate-content.ts) plus one
 * larger "fixture" page of about the size the reference figures were taken with (~16 KB of
 * HTML), and a route rule so that the worker's redirect path is measured too.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateContent, samplePage } from '../../../scripts/lib/generate-content';

export const FIXTURE_PATH = '/en/fixture';
export const REDIRECT_FROM = '/old';
export const REDIRECT_TO = '/en';
/** The page the scale section renders from every generated site size. */
export const SCALE_PAGE = '/en/page-1';

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
