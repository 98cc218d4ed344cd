/**
 * `npm run bench -- --only PART`: one budget measured and judged as the whole bench does it, in
 * seconds instead of minutes, for changing the code it measures.
 *
 *   client-js    a small fixture site built, the fixture page rendered by the worker's own
 *                renderView in Node (the bench checks that it is the HTML workerd serves), and
 *                the client JS that page loads before it is interactive (./client-js.ts)
 *   cold-start   the fixture built as the bench builds it, and its cold starts (./cold-start.ts)
 */
import { join } from 'node:path';
import { section, table } from '../format';
import { buildOrThrow } from '../built-site';
import type { Cleanup } from '../cleanup';
import { clientJsCheck, coldStartCheck, type BudgetCheck } from './budgets';
import { clientJs, languageChunk } from './client-js';
import { coldStartRatio } from './cold-start';
import { FIXTURE_PATH, generateSite } from './fixture';
import { fixtureColdStarts } from './fixture-cold-starts';
import { clientAssetsOf, prepareFixtureRuntime } from './fixture-runtime';
import { loadRenderView, renderCase } from './render-time';
import { clientJsRows, printColdStarts } from './report';

export const ONLY_PARTS = ['client-js', 'cold-start'] as const;
export type OnlyPart = (typeof ONLY_PARTS)[number];

type Log = (line: string) => void;

/** The part measured, printed; its budget's verdict. */
export async function runOnly(part: OnlyPart, cleanup: Cleanup, step: Log, log: Log): Promise<BudgetCheck> {
  return part === 'client-js' ? clientJsOnly(cleanup, step, log) : coldStartOnly(cleanup, step, log);
}

async function clientJsOnly(cleanup: Cleanup, step: Log, log: Log): Promise<BudgetCheck> {
  step('generating and building a small fixture site');
  const contentDir = await cleanup.tempDir('bench-content');
  await generateSite(contentDir, { pagesPerLocale: 2, fixture: true });
  const outDir = await cleanup.tempDir('bench-dist');
  const { build } = await buildOrThrow(contentDir, outDir);
  const page = renderCase(build, await clientAssetsOf(outDir), FIXTURE_PATH);
  const html = (await loadRenderView())(page.view, { buildId: page.buildId, assets: page.assets });
  const publicDir = join(outDir, 'public');
  // The fixture page is English: the entry imports the English strings before it hydrates.
  const js = await clientJs(html, publicDir, [await languageChunk(publicDir, 'en')]);
  log(section(`Client JS before interactive (${FIXTURE_PATH})`));
  log(table(['what', 'bytes', 'gzip'], clientJsRows(js)));
  return clientJsCheck(js.ownGzipBytes);
}

async function coldStartOnly(cleanup: Cleanup, step: Log, log: Log): Promise<BudgetCheck> {
  const coldStarts = await fixtureColdStarts(await prepareFixtureRuntime(cleanup, step), step);
  const ratios = { coldStartVsKvRender: coldStartRatio(coldStarts, 'kvRenderMs'), coldStartVsMinimalRender: coldStartRatio(coldStarts) };
  printColdStarts(coldStarts, ratios, log);
  return coldStartCheck(ratios.coldStartVsKvRender);
}

/** The verdict line of a part's check. */
export const onlyVerdict = (check: BudgetCheck) =>
  `\n${check.ok ? 'budget met' : 'budget missed'}: ${check.name}: ${check.actual} (limit ${check.limit})`;
