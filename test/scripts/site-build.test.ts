import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { AppManifest, BuildIndex, BuildRecord, Payload } from '../../app/build-records';
import { kvKeys } from '../../app/kv-keys';
import { ROOT } from '../../scripts/lib/bundle';
import { PREVIEW_PUBLIC_DIR } from '../../scripts/lib/reserved-paths';
import { ASSET_HEADERS, PREVIEW_ASSET_HEADERS, buildSite, outDirRefusal } from '../../scripts/lib/site-build';
import { generateContent } from '../../scripts/lib/generate-content';
import { REPO_CONTENT, buildForTest, buildGeneratedSite, tempDir } from '../support/built-site';
import {
  CAMERA_EXIF,
  XMP_PACKET,
  gifWithMetadata,
  imageBlocks,
  withCommentAndAppendedPicture,
  withIptcSegment,
  withPngTextChunks,
} from '../support/image-metadata';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('the build', () => {
  test("builds the repository's own content with a payload for every page of every locale", async () => {
    const site = await buildForTest(REPO_CONTENT);
    cleanups.push(site.cleanup);
    const index = BuildIndex.parse(JSON.parse(site.build.records.find((r) => r.key === kvKeys.index(site.build.id))!.value));
    const locales = ['en', 'et', 'bg', 'se', 'at', 'de', 'nl', 'lt', 'lv', 'fi', 'ru'];
    for (const code of locales) expect(index.pages[`/${code}`], code).toBeDefined();
    expect(index.pages['/']).toBeDefined();
    expect(Object.keys(index.pages).length).toBeGreaterThanOrEqual(locales.length * 4 + 1);
  });

  test('builds a second content directory it has never seen', async () => {
    const site = await buildGeneratedSite({ pagesPerLocale: 5, siteName: 'Other Site' });
    cleanups.push(site.cleanup);
    expect(site.build.pageCount).toBe(2 * 6 + 1);
  });

  test('the live assets hold no example editor; the preview host’s hold it, and all the live ones, with their own headers', async () => {
    const site = await buildGeneratedSite();
    cleanups.push(site.cleanup);
    const files = async (dir: string) =>
      (await readdir(join(site.outDir, dir), { recursive: true, withFileTypes: true }))
        .filter((e) => !e.isDirectory())
        .map((e) => join(e.parentPath, e.name).slice(join(site.outDir, dir).length))
        .sort();
    const live = await files('public');
    const preview = await files('preview-public');
    expect(live.filter((f) => f.startsWith('/editor'))).toEqual([]);
    expect(preview.filter((f) => f.startsWith('/editor'))).toEqual(
      (await readdir(join(PREVIEW_PUBLIC_DIR, 'editor'))).map((f) => `/editor/${f}`).sort(),
    );
    expect(preview.filter((f) => !f.startsWith('/editor'))).toEqual(live);
    expect(await readFile(join(site.outDir, 'public/_headers'), 'utf8')).toBe(ASSET_HEADERS);
    expect(await readFile(join(site.outDir, 'preview-public/_headers'), 'utf8')).toBe(PREVIEW_ASSET_HEADERS);
  });

  test('writes every record schema-valid, with the pointer apart and last', async () => {
    const site = await buildGeneratedSite();
    cleanups.push(site.cleanup);
    const { records, pointer, id } = site.build;
    expect(BuildRecord.parse(JSON.parse(pointer.value)).id).toBe(id);
    expect(pointer.key).toBe('builds/latest.json');
    expect(records.some((r) => r.key === 'builds/latest.json')).toBe(false);
    const manifest = AppManifest.parse(JSON.parse(records.find((r) => r.key === kvKeys.manifest(id))!.value));
    expect(manifest.prerendered).toContain('/en');
    for (const r of records.filter((r) => r.key.startsWith('payloads/'))) Payload.parse(JSON.parse(r.value));
    const onDisk = JSON.parse(await readFile(join(site.outDir, 'kv/pointer.json'), 'utf8'));
    expect(onDisk).toEqual([pointer]);
  });

  test('the build id is the same for the same code and content, whatever the clock', async () => {
    const contentDir = await tempDir('content');
    await generateContent({ dir: contentDir });
    const a = await buildForTest(contentDir, 1);
    const b = await buildForTest(contentDir, 2);
    cleanups.push(a.cleanup, b.cleanup, () => rm(contentDir, { recursive: true, force: true }));
    expect(a.build.id).toBe(b.build.id);
  });

  test('a content change gives a new build id and reuses unchanged payload records', async () => {
    const one = await buildGeneratedSite({ pagesPerLocale: 2 });
    const two = await buildGeneratedSite({ pagesPerLocale: 3 });
    cleanups.push(one.cleanup, two.cleanup);
    expect(one.build.id).not.toBe(two.build.id);
    const keysOne = new Set(one.build.records.map((r) => r.key).filter((k) => k.startsWith('payloads/')));
    const shared = two.build.records.filter((r) => keysOne.has(r.key));
    expect(shared.length).toBe(keysOne.size);
  });

  test('an output folder that holds other files, or the repository, is refused and left as it was', async () => {
    const contentDir = await tempDir('content');
    await generateContent({ dir: contentDir });
    const outDir = await tempDir('not-a-build');
    await writeFile(join(outDir, 'notes.txt'), 'keep me');
    cleanups.push(
      () => rm(contentDir, { recursive: true, force: true }),
      () => rm(outDir, { recursive: true, force: true }),
    );
    const result = await buildSite({ contentDir, outDir });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]?.message).toMatch(/is not empty and holds no earlier build/);
    expect(await readFile(join(outDir, 'notes.txt'), 'utf8')).toBe('keep me');
    // Asked of the check alone: a build told to empty the repository is not a thing to try.
    expect(await outDirRefusal(ROOT)).toMatch(/holds the repository/);
    expect(await outDirRefusal(dirname(ROOT))).toMatch(/holds the repository/);
    expect(await outDirRefusal(join(ROOT, 'dist'))).toBeNull();
  });

  test('a broken content directory writes nothing', async () => {
    const contentDir = await tempDir('content');
    await generateContent({ dir: contentDir });
    await rm(join(contentDir, 'site.json'));
    const outDir = await tempDir('dist');
    cleanups.push(
      () => rm(contentDir, { recursive: true, force: true }),
      () => rm(outDir, { recursive: true, force: true }),
    );
    const result = await buildSite({ contentDir, outDir });
    expect(result.ok).toBe(false);
    await expect(readFile(join(outDir, 'kv/pointer.json'))).rejects.toThrow();
  });
});

describe('the build with photos', () => {
  test('serves the image variants immutable and gives each page the variants of the photos it shows', async () => {
    const site = await buildForTest(REPO_CONTENT);
    cleanups.push(site.cleanup);
    const headers = await readFile(join(site.outDir, 'public/_headers'), 'utf8');
    expect(headers).toContain('/media/_v/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable\n');
    const index = BuildIndex.parse(JSON.parse(site.build.records.find((r) => r.key === kvKeys.index(site.build.id))!.value));
    const payloadOf = (path: string) =>
      Payload.parse(JSON.parse(site.build.records.find((r) => r.key === kvKeys.payload(index.pages[path]!))!.value));
    expect(Object.keys(payloadOf('/et/kevadpakkumine').images ?? {}).sort()).toEqual(['/media/harbour.jpg', '/media/tower.jpg']);
    expect(payloadOf('/en/contact').images).toBeUndefined();
  });

  test('a corrupt photo fails the build naming the file, and writes nothing', async () => {
    const contentDir = await tempDir('content');
    await generateContent({ dir: contentDir });
    await mkdir(join(contentDir, 'media'), { recursive: true });
    await writeFile(join(contentDir, 'media', 'broken.jpg'), 'not a photo');
    const outDir = await tempDir('dist');
    cleanups.push(
      () => rm(contentDir, { recursive: true, force: true }),
      () => rm(outDir, { recursive: true, force: true }),
    );
    const result = await buildSite({ contentDir, outDir });
    expect(result.ok === false && result.problems).toEqual([
      { file: 'content/media/broken.jpg', path: '(file)', message: expect.stringMatching(/^not an image/) },
    ]);
    await expect(readFile(join(outDir, 'kv/pointer.json'))).rejects.toThrow();
  });
});

describe('the build publishes no image metadata', () => {
  test('no file under dist/public/media carries EXIF, GPS, XMP, IPTC or comments; photos are upright and keep their colour profile', async () => {
    const contentDir = await tempDir('content');
    await generateContent({ dir: contentDir });
    const media = join(contentDir, 'media');
    await mkdir(join(media, 'trip'), { recursive: true });
    // Photos straight from a camera with GPS: stored sideways (orientation 6), with a colour profile.
    // One flat colour: what is checked is metadata, and noise made their AVIF variants cost 6 CPU-s.
    const camera = (format: 'jpeg' | 'png' | 'webp', orientation = 6) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6ea5' } })
        .toFormat(format)
        .withExif(CAMERA_EXIF)
        .withXmp(XMP_PACKET)
        .withIccProfile('p3')
        .withMetadata({ orientation })
        .toBuffer();
    await writeFile(join(media, 'trip', 'beach.jpg'), withIptcSegment(await camera('jpeg')));
    // An upright one, as a phone leaves it: a comment, and a preview with its own EXIF after the end.
    const preview = await camera('jpeg', 1);
    await writeFile(join(media, 'trip', 'pier.jpg'), withCommentAndAppendedPicture(withIptcSegment(await camera('jpeg', 1)), preview));
    await writeFile(join(media, 'trip', 'beach.png'), withPngTextChunks(await camera('png')));
    await writeFile(join(media, 'beach.webp'), await camera('webp'));
    await writeFile(join(media, 'wave.gif'), gifWithMetadata(6, 4));
    await writeFile(
      join(media, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><metadata><x:xmpmeta xmlns:x="adobe:ns:meta/"/></metadata></svg>',
    );
    const site = await buildForTest(contentDir);
    cleanups.push(site.cleanup, () => rm(contentDir, { recursive: true, force: true }));

    const published = join(site.outDir, 'public/media');
    const files = (await readdir(published, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const images = files.filter((e) => extname(e.name) !== '.svg');
    // The photos' originals and variants (AVIF, WebP and a fallback at 320 and 480 px for the three
    // turned upright, 600 wide; and at 640 px too for the upright one, 900 wide), and the GIF.
    expect(images).toHaveLength(4 + 3 * 6 + 9 + 1);
    for (const file of images) {
      const path = join(file.parentPath, file.name);
      expect({ file: path, ...imageBlocks(await readFile(path)), icc: undefined }).toEqual({
        file: path,
        format: expect.any(String),
        metadata: [],
        icc: undefined,
      });
    }
    for (const original of ['trip/beach.jpg', 'trip/beach.png', 'beach.webp']) {
      const bytes = await readFile(join(published, original));
      expect(imageBlocks(bytes).icc, original).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.orientation], original).toEqual([600, 900, undefined]);
    }
    expect(imageBlocks(await readFile(join(published, 'trip/pier.jpg'))).icc).toBe(true);
    expect(await readFile(join(published, 'logo.svg'), 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>');
  });
});
