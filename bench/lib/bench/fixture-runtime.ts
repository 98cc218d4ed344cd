/**
 * What every workerd measurement of the fixture starts from (the bench, and the instruction
 * counts): the fixture site generated and built, the file `wrangler deploy --dry-run` would
 * upload, the reference workers bundled from the same sources, and the KV records a publish
 * leaves. Starting workerd is the caller's, with its own options (a profiler, valgrind).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClientAssets } from '../../../app/build-records';
import type { KvRecord } from '../../../scripts/lib/kv-cli';
import { wranglerDryRun, type DryRun } from '../../../scripts/lib/dry-run';
import { readWranglerSettings, WRANGLER_TOML, type WranglerSettings } from '../../../scripts/lib/wrangler-toml';
import { buildOrThrow, publishedMarker, type BuiltSite } from '../built-site';
import type { Cleanup } from '../cleanup';
import { CHROME_UA } from '../load-generator';
import type { RuntimeOptions } from '../workerd/runtime';
import { FIXTURE_PATH, generateSite } from './fixture';
import { addImagePage } from './image-page';
import { bundleKvRender, bundleMinimalRender, type References } from './references';
import { renderCase, type RenderCase } from './render-time';

const FIXTURE_PAGES_PER_LOCALE = 50;

export interface FixtureRuntime {
  /** the generated content (the fixture pages, the page of photos) */
  contentDir: string;
  site: BuiltSite;
  /** the build's own output directory (dist) */
  outDir: string;
  assets: ClientAssets;
  wrangler: WranglerSettings;
  dryRun: DryRun;
  dryRunDir: string;
  fixtureCase: RenderCase;
  references: References;
  /** for startRuntime, with whatever the caller adds */
  runtimeOptions: RuntimeOptions;
  /** KV as a publish leaves it: records, then the pointer, then the published marker */
  published: KvRecord[];
}

/** The client files a build's pages name, as the build wrote them down. */
export async function clientAssetsOf(outDir: string): Promise<ClientAssets> {
  return (JSON.parse(await readFile(join(outDir, 'build.json'), 'utf8')) as { assets: ClientAssets }).assets;
}

export async function prepareFixtureRuntime(cleanup: Cleanup, step: (message: string) => void): Promise<FixtureRuntime> {
  const wrangler = readWranglerSettings(await readFile(WRANGLER_TOML, 'utf8'));
  step('generating and building the fixture site');
  const contentDir = await cleanup.tempDir('bench-content');
  await generateSite(contentDir, { pagesPerLocale: FIXTURE_PAGES_PER_LOCALE, fixture: true });
  await addImagePage(contentDir);
  const outDir = await cleanup.tempDir('bench-dist');
  const site = await buildOrThrow(contentDir, outDir);
  const assets = await clientAssetsOf(outDir);
  step('wrangler deploy --dry-run');
  const dryRunDir = await cleanup.tempDir('bench-dry-run');
  const dryRun = await wranglerDryRun(outDir, dryRunDir);
  const fixtureCase = renderCase(site.build, assets, FIXTURE_PATH);
  const references: References = {
    minimalRenderScript: await bundleMinimalRender(dryRunDir),
    kvRenderScript: await bundleKvRender(dryRunDir),
    renderCase: fixtureCase,
    userAgent: CHROME_UA,
  };
  return {
    contentDir,
    site,
    outDir,
    assets,
    wrangler,
    dryRun,
    dryRunDir,
    fixtureCase,
    references,
    runtimeOptions: { scriptPath: dryRun.scriptPath, publicDir: join(outDir, 'public'), wrangler, references },
    published: [...site.build.records, site.build.pointer, publishedMarker(site.build)],
  };
}
