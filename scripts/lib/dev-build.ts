/**
 * The builds of `npm run dev` (scripts/dev.ts), and how little each does.
 *
 *   whole     buildSite() into a folder of its own (the image cache makes unchanged media
 *             cheap), then the files that differ copied over the served build: the worker file
 *             last, since wrangler reloads when it changes; new hashed client files are served
 *             from KV instead (see whole()). The served folder is never emptied under wrangler.
 *   content   the content is read and validated again, and the records made from it with the
 *             code (client files, code hash) and image variants of the last whole build: no
 *             bundling, no images. The records are exactly those a whole build would make, so
 *             publishBuild writes only the changed pages' payloads, the index, sitemap and
 *             manifest, and reuses the rest (content-addressed).
 *
 * A build with problems changes nothing: the last good one keeps serving.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import type { ContentProblem } from '../../app/content/issues';
import { ImageManifest } from '../../app/images/image-manifest';
import { kvKeys } from '../../app/kv-keys';
import { build as esbuild } from 'esbuild';
import { buildRecords, sha256, type BuildOutput, type ClientFile } from './build-records';
import { CLIENT_SYNTAX_TARGET, ROOT } from './bundle';
import { loadContent } from './content-loader';
import type { ImageCache } from './image-cache';
import { buildSite } from './site-build';

/** What a content rebuild takes from the last whole build. */
export interface BuiltCode {
  codeHash: string;
  clientFiles: ClientFile[];
  images: ImageManifest;
}

/** `served`: files wrangler serves (worker, assets) changed, so it reloads. */
export type DevBuildResult = { ok: true; build: BuildOutput; served: boolean } | { ok: false; problems: ContentProblem[] };

export interface DevBuilderOptions {
  contentDir: string;
  shownContentRoot: string;
  /** the folder wrangler serves */
  outDir: string;
  imageCache?: ImageCache;
  warn?: (problem: ContentProblem) => void;
}

/** The code of a build in `outDir`, as buildSite hashed it (scripts/lib/site-build.ts). */
export async function builtCodeOf(outDir: string, build: BuildOutput): Promise<BuiltCode> {
  const clientFiles = build.records
    .filter((r) => r.key.startsWith(kvKeys.clientFilePrefix))
    .map((r) => ({ path: '/' + r.key.slice(kvKeys.clientFilePrefix.length), text: r.value }));
  const workerCode = await readFile(join(outDir, 'worker/index.js'), 'utf8');
  const codeHash = sha256(workerCode + '\0' + clientFiles.map((f) => f.text).join('\0'));
  const images = ImageManifest.parse(JSON.parse(await readFile(join(outDir, 'images.json'), 'utf8')));
  return { codeHash, clientFiles, images };
}

async function writeKvFiles(outDir: string, build: BuildOutput): Promise<void> {
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await writeFile(join(outDir, 'kv/records.json'), JSON.stringify(build.records));
  await writeFile(join(outDir, 'kv/pointer.json'), JSON.stringify([build.pointer]));
  await writeFile(join(outDir, 'kv/sitemap.json'), JSON.stringify(build.sitemap));
}

/**
 * Copies the files of `from` that differ from `to`'s into it, but those `skip` names (by path
 * inside `from`, with `/`), and removes none; true when any was copied. Each file wrangler sees
 * change costs a reload of about a second, so files the build made the same again are left alone.
 */
export async function copyChanged(from: string, to: string, skip: (path: string) => boolean = () => false): Promise<boolean> {
  let changed = false;
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    if (skip(relative(from, source).split(sep).join('/'))) continue;
    const target = join(to, relative(from, source));
    const [next, now] = await Promise.all([readFile(source), readFile(target).catch(() => null)]);
    if (now !== null && now.equals(next)) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, next);
    changed = true;
  }
  return changed;
}

export class DevBuilder {
  private code: BuiltCode | null = null;

  constructor(private readonly options: DevBuilderOptions) {}

  /** The first build, straight into the served folder (nothing serves it yet). */
  async first(): Promise<DevBuildResult> {
    const { contentDir, shownContentRoot, outDir, imageCache, warn } = this.options;
    const result = await buildSite({ contentDir, shownContentRoot, outDir, imageCache });
    result.warnings.forEach((w) => warn?.(w));
    if (!result.ok) return result;
    this.code = await builtCodeOf(outDir, result.build);
    return { ok: true, build: result.build, served: true };
  }

  /** Everything again, beside the served folder, then copied over it. */
  async whole(): Promise<DevBuildResult> {
    const { contentDir, shownContentRoot, outDir, imageCache, warn } = this.options;
    const staging = await mkdtemp(join(tmpdir(), 'edge-site-dev-build-'));
    try {
      const result = await buildSite({ contentDir, shownContentRoot, outDir: staging, imageCache });
      result.warnings.forEach((w) => warn?.(w));
      if (!result.ok) return result;
      const code = await builtCodeOf(staging, result.build);
      // The new hashed client files (_app/) are not copied into the served assets: the worker
      // answers them from the KV archive the publish writes (worker/routes/client-files.ts, the
      // path pages of an earlier deploy take), which spares wrangler a second reload of about a
      // second on top of the worker's. Old files stay for tabs still on the build before.
      const served = [
        await copyChanged(join(staging, 'public'), join(outDir, 'public'), (path) => path.startsWith('_app/')),
        // Last: wrangler reloads when the worker file changes, and everything else is in place.
        await copyChanged(join(staging, 'worker'), join(outDir, 'worker')),
      ].some(Boolean);
      // The preview host's copy, which wrangler dev does not serve here.
      await copyChanged(join(staging, 'preview-public'), join(outDir, 'preview-public'));
      for (const file of ['kv/records.json', 'kv/pointer.json', 'kv/sitemap.json', 'images.json', 'build.json'])
        await cp(join(staging, file), join(outDir, file));
      this.code = code;
      return { ok: true, build: result.build, served };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** The records again from the content, with the last whole build's code and images. */
  async content(): Promise<DevBuildResult> {
    if (!this.code) return this.whole();
    const { contentDir, shownContentRoot, outDir, warn } = this.options;
    const result = await contentBuild(this.code, { contentDir, shownContentRoot, warn });
    if (!result.ok) return result;
    await writeKvFiles(outDir, result.build);
    return result;
  }
}

/** A build's records from the content alone, given the code and images of a whole build. */
export async function contentBuild(
  { codeHash, clientFiles, images }: BuiltCode,
  {
    contentDir,
    shownContentRoot,
    warn,
    timestamp = Date.now(),
  }: Pick<DevBuilderOptions, 'contentDir' | 'shownContentRoot' | 'warn'> & { timestamp?: number },
): Promise<DevBuildResult> {
  const loaded = await loadContent(contentDir, shownContentRoot);
  loaded.warnings.forEach((w) => warn?.(w));
  if (!loaded.ok) return loaded;
  return { ok: true, build: buildRecords({ content: loaded.content, codeHash, clientFiles, timestamp, images }), served: false };
}

/** A build's pages (path -> payload hash), from its index record. */
export function pagesOf(build: BuildOutput): Map<string, string> {
  const index = build.records.find((r) => r.key === kvKeys.index(build.id));
  const pages = index ? (JSON.parse(index.value) as { pages?: Record<string, string> }).pages : undefined;
  return new Map(Object.entries(pages ?? {}));
}

/**
 * The dev client (app/client/dev-client.ts), bundled on its own and kept in memory: the dev
 * proxy serves it, and no site build ever includes it.
 */
export async function bundleDevClient(): Promise<string> {
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ['app/client/dev-client.ts'],
    bundle: true,
    format: 'esm',
    target: CLIENT_SYNTAX_TARGET,
    write: false,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  return result.outputFiles[0]!.text;
}
