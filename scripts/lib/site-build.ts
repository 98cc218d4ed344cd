/**
 * The whole build: validate content, bundle client and worker, compute the build id and the
 * KV records, and lay out dist/ for wrangler. Nothing is written when the content is invalid.
 *
 *   dist/public/       static assets: public/, media/ (without metadata: image-originals.ts), _app/
 *                      (hashed client files), _headers
 *   dist/preview-public/  the preview host's: the same, plus preview-public/ (the example editor)
 *   dist/worker/       the worker bundle wrangler uploads as is
 *   dist/kv/           records.json (client files, payloads, index, sitemap, manifest), pointer.json, and
 *                      sitemap.json (its URLs with their payload hashes), for publish
 *   dist/build.json    what was built
 *   dist/images.json   per media path, the responsive variants made of it (image-variants.ts)
 */
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { ContentProblem } from '../../app/content/issues';
import type { ImageManifest } from '../../app/images/image-manifest';
import { buildRecords, sha256, type BuildOutput } from './build-records';
import { ROOT, bundleCode } from './bundle';
import { loadContent } from './content-loader';
import type { ImageCache } from './image-cache';
import { publishMedia } from './image-originals';
import { buildImageVariants } from './image-variants';
import { PREVIEW_PUBLIC_DIR, PUBLIC_DIR } from './reserved-paths';
import { BASE_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../../worker/security-header-values';

export interface SiteBuildOptions {
  contentDir: string;
  /** how the content directory is named in problem lines */
  shownContentRoot?: string;
  outDir?: string;
  timestamp?: number;
  /** a comment in every client script: new code from the same sources (scripts/lib/bundle.ts) */
  codeLabel?: string;
  /** where encoded image variants are kept between builds (default .cache/images) */
  imageCache?: ImageCache;
  /** told what a step that takes seconds is doing while it runs (image encoding) */
  progress?: (line: string) => void;
  /**
   * false: no responsive variants, every image a plain `<img>` of its original (the bench's
   * reference for what variants cost in the HTML); default true
   */
  imageVariants?: boolean;
}

/** `warnings`: broken links a site with `allowBrokenLinks` builds with anyway. */
export type SiteBuildResult = ({ ok: true; build: BuildOutput; outDir: string } | { ok: false; problems: ContentProblem[] }) & {
  warnings: ContentProblem[];
};

/**
 * Headers for static assets (Workers static assets read `_headers` from the assets directory).
 * Media come from editors: an SVG opened on its own is a document that could run script, so
 * media get a CSP that allows nothing but inline styles, in a sandbox.
 */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * The worker's own security header values (worker/security-header-values.ts), under `/*` once:
 * Workers static assets join the values of a header that two matching rules set, and a joined
 * HSTS or nosniff is no longer one valid value. The rules below set other headers only, and a
 * variant (`/media/_v/`, also under `/media/*`) detaches the media lifetime (`!`) for its own.
 */
const headerLines = (headers: Readonly<Record<string, string>>) =>
  Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('');
export const ASSET_HEADERS = `/*
${headerLines(BASE_SECURITY_HEADERS)}/_app/*
  Cache-Control: public, max-age=31536000, immutable
/media/*
  Cache-Control: public, max-age=3600, stale-while-revalidate=86400
  Content-Security-Policy: ${MEDIA_CSP}
/media/_v/*
  ! Cache-Control
  Cache-Control: public, max-age=31536000, immutable
/favicon.svg
  Cache-Control: public, max-age=86400
`;
/** The preview host's: the same, and the example editor's (preview-public/editor/), an HTML document. */
export const PREVIEW_ASSET_HEADERS = `${ASSET_HEADERS}/editor/*
  Cache-Control: no-cache
  X-Robots-Tag: noindex, nofollow
  Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; frame-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'
${headerLines(DOCUMENT_SECURITY_HEADERS)}`;

/**
 * The URL path of a client bundle file (`/_app/chunks/chunk.X.js`). Only text files are archived
 * in KV (the bundle is JavaScript and CSS); a binary asset would need an encoding, so the build
 * stops at one rather than archive it corrupted.
 */
function clientUrlPath(file: string): string {
  const path = '/' + file;
  if (!/\.(js|css)$/.test(path))
    throw new Error(`${path}: the client bundle may only hold .js and .css files (see scripts/lib/site-build.ts)`);
  return path;
}

/**
 * Why the build must not empty `dist` (it does, before writing), or null when it may: the
 * output folder is given on the command line (`--out`), and a slip such as `--out .` or
 * `--out content` must not delete the repository or someone's files. An empty or new folder,
 * or one an earlier build wrote (its build.json), may be emptied.
 */
export async function outDirRefusal(dist: string): Promise<string | null> {
  if (dist === ROOT || ROOT.startsWith(dist + sep)) return 'holds the repository, and the build empties its output folder first';
  const entries = await readdir(dist).catch(() => [] as string[]);
  if (entries.length > 0 && !entries.includes('build.json'))
    return 'is not empty and holds no earlier build (build.json); the build empties its output folder first: choose a new or empty folder';
  return null;
}

export async function buildSite({
  contentDir,
  shownContentRoot = 'content',
  outDir = 'dist',
  timestamp = Date.now(),
  codeLabel,
  imageCache,
  progress,
  imageVariants = true,
}: SiteBuildOptions): Promise<SiteBuildResult> {
  const loaded = await loadContent(contentDir, shownContentRoot);
  if (!loaded.ok) return loaded;

  const dist = resolve(ROOT, outDir);
  const refusal = await outDirRefusal(dist);
  if (refusal)
    return {
      ok: false,
      problems: [{ file: relative(process.cwd(), dist) || '.', path: '(folder)', message: refusal }],
      warnings: loaded.warnings,
    };
  const out = (p: string) => join(dist, p);
  await rm(dist, { recursive: true, force: true });
  const publicDir = out('public');
  await mkdir(publicDir, { recursive: true });
  await cp(PUBLIC_DIR, publicDir, { recursive: true }).catch(() => undefined);
  let images: ImageManifest = {};
  if (loaded.content.mediaDir) {
    const media = {
      mediaDir: loaded.content.mediaDir,
      outMediaDir: join(publicDir, 'media'),
      shownMediaDir: `${shownContentRoot}/media`,
      cache: imageCache,
      progress,
    };
    const fail = async (problems: ContentProblem[]): Promise<SiteBuildResult> => {
      await rm(dist, { recursive: true, force: true });
      return { ok: false, problems, warnings: loaded.warnings };
    };
    // Variants first: they name a file that cannot be decoded, which publishing would name again.
    const variants = imageVariants ? await buildImageVariants(media) : ({ ok: true, manifest: {} } as const);
    if (!variants.ok) return fail(variants.problems);
    const published = await publishMedia(media);
    if (!published.ok) return fail(published.problems);
    images = variants.manifest;
  }
  await writeFile(join(publicDir, '_headers'), ASSET_HEADERS);

  const { assets, clientFiles: bundled, workerCode } = await bundleCode(publicDir, out('worker/index.js'), codeLabel);
  const clientFiles = bundled.map((f) => ({ path: clientUrlPath(f.path), text: f.text }));
  const codeHash = sha256(workerCode + '\0' + clientFiles.map((f) => f.text).join('\0'));

  // The preview host's assets (wrangler.toml [env.preview.assets]): the live ones, and what
  // only it serves, behind its gate. The live assets never hold those files, since the live
  // host serves every asset before its worker runs.
  const previewDir = out('preview-public');
  await cp(publicDir, previewDir, { recursive: true });
  await cp(PREVIEW_PUBLIC_DIR, previewDir, { recursive: true }).catch(() => undefined);
  await writeFile(join(previewDir, '_headers'), PREVIEW_ASSET_HEADERS);

  const build = buildRecords({ content: loaded.content, codeHash, clientFiles, timestamp, images });
  await mkdir(out('kv'), { recursive: true });
  await writeFile(out('kv/records.json'), JSON.stringify(build.records));
  await writeFile(out('kv/pointer.json'), JSON.stringify([build.pointer]));
  await writeFile(out('kv/sitemap.json'), JSON.stringify(build.sitemap));
  await writeFile(out('images.json'), JSON.stringify(images));
  await writeFile(
    out('build.json'),
    JSON.stringify({ id: build.id, timestamp, pages: build.pageCount, records: build.records.length + 1, assets }, null, 2),
  );
  return { ok: true, build, outDir: dist, warnings: loaded.warnings };
}
