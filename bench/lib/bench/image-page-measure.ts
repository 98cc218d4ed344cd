/**
 * The page of photos (./image-page.ts) against the same page built with image variants switched
 * off (plain `<img src alt width height>`), beside the fixture page: each page's HTML raw, gzip
 * and brotli, and the instructions a full render costs, counted by callgrind in workerd
 * (../instructions/callgrind.ts). One counted workerd serves all three: the fixture build first,
 * then the plain build published into the same KV, as `npm run publish` switches builds.
 */
import { mkdir } from 'node:fs/promises';
import { BUILD_POINTER_TTL_MS } from '../../../app/constants';
import { buildOrThrow, publishedMarker } from '../built-site';
import { embeddedBuildId } from '../embedded-build-id';
import type { Cleanup } from '../cleanup';
import { InstructionCounter, countedRuntime } from '../instructions/callgrind';
import { countInstructions, type ScenarioCounts } from '../instructions/measure';
import { CHROME_UA } from '../load-generator';
import { startRuntime } from '../workerd/runtime';
import { FIXTURE_PATH } from './fixture';
import type { FixtureRuntime } from './fixture-runtime';
import { htmlWeight } from './html-weight';
import type { ImagePageKey, ImagePageMeasurements } from './image-page-figures';
import { IMAGE_PAGE_IMAGES, IMAGE_PAGE_PATH } from './image-page';

export interface ImagePageSettings {
  warmupRequests: number;
  requests: number;
  rounds: number;
}

export const IMAGE_PAGE_COUNT_SETTINGS: ImagePageSettings = { warmupRequests: 3000, requests: 100, rounds: 3 };

const headers = { 'user-agent': CHROME_UA };
const LABELS: Record<ImagePageKey, string> = {
  fixture: `fixture page ${FIXTURE_PATH}`,
  images: `${IMAGE_PAGE_IMAGES} images ${IMAGE_PAGE_PATH}`,
  imagesPlain: `${IMAGE_PAGE_IMAGES} images, variants off (the reference)`,
};

export async function measureImagePage(
  fixture: FixtureRuntime,
  cleanup: Cleanup,
  step: (message: string) => void,
  settings: ImagePageSettings = IMAGE_PAGE_COUNT_SETTINGS,
): Promise<ImagePageMeasurements> {
  step('building the page of photos with image variants switched off');
  const plain = await buildOrThrow(fixture.contentDir, await cleanup.tempDir('bench-plain-dist'), undefined, { imageVariants: false });
  step('starting workerd under callgrind for the render counts of the page of photos');
  const profiles = await cleanup.tempDir('callgrind-images');
  await mkdir(profiles, { recursive: true });
  const runtime = await startRuntime({ ...fixture.runtimeOptions, ...countedRuntime(profiles) });
  cleanup.defer(() => runtime.stop());
  await runtime.putKv(fixture.published);
  const counter = new InstructionCounter(runtime.pid);
  const url = (path: string) => `${runtime.urls.nocache}${path}`;
  const page = async (path: string, buildId: string) => {
    const res = await fetch(url(path), { headers });
    const html = await res.text();
    if (res.status !== 200 || embeddedBuildId(html) !== buildId) throw new Error(`${path}: status ${res.status}, not build ${buildId}`);
    return html;
  };
  const request = async (u: string) => void (await (await fetch(u, { headers })).arrayBuffer());
  const count = (keys: ImagePageKey[]) =>
    countInstructions(
      counter,
      keys.map((key) => ({ key, label: LABELS[key], url: url(key === 'fixture' ? FIXTURE_PATH : IMAGE_PAGE_PATH) })),
      settings,
      request,
      step,
    );

  const fixtureHtml = await page(FIXTURE_PATH, fixture.site.build.id);
  const imagesHtml = await page(IMAGE_PAGE_PATH, fixture.site.build.id);
  const counted: ScenarioCounts[] = await count(['fixture', 'images']);

  step('publishing the build without variants into the same KV');
  await runtime.putKv([...plain.build.records, plain.build.pointer, publishedMarker(plain.build)]);
  // The worker keeps the live pointer in memory this long.
  await new Promise((r) => setTimeout(r, BUILD_POINTER_TTL_MS + 1000));
  const plainHtml = await page(IMAGE_PAGE_PATH, plain.build.id);
  if (plainHtml.includes('<picture') || plainHtml.includes('/media/_v/')) throw new Error('the page without variants still has variants');
  counted.push(...(await count(['imagesPlain'])));
  await runtime.stop();

  const html: Record<ImagePageKey, string> = { fixture: fixtureHtml, images: imagesHtml, imagesPlain: plainHtml };
  return {
    images: IMAGE_PAGE_IMAGES,
    pages: counted.map((c) => {
      const key = c.key as ImagePageKey;
      const path = key === 'fixture' ? FIXTURE_PATH : IMAGE_PAGE_PATH;
      return { key, label: c.label, path, weight: htmlWeight(path, html[key]), renderInstructions: c.perRequest };
    }),
  };
}
