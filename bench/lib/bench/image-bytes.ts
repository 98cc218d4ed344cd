/**
 * The image bytes a phone visitor downloads on a page, before (the original files) and after
 * (the variant a browser picks from srcset and sizes), read from a built site's records and
 * files. The visitor: 390 CSS px wide, device pixel ratio 1, AVIF-capable (current Chromium),
 * scrolling the whole page (every image of it counted once). Variant choice follows Chromium
 * at ratio 1: the narrowest candidate at least as wide as the slot.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildIndex, Payload } from '../../../app/build-records';
import type { ImageInfo } from '../../../app/images/image-manifest';
import { IMAGE_SIZES, sourceFormatsOf, variantUrl, type ImageLayout } from '../../../app/images/image-variants';
import { kvKeys } from '../../../app/kv-keys';

export const REM_PX = 16;
/** The sample pages the bench weighs: the home page and a page with camera-size photos. */
export const IMAGE_BENCH_PAGES = ['/en', '/en/spring-offer'];

export interface Visitor {
  widthPx: number;
  dpr: number;
}
export const PHONE_VISITOR: Visitor = { widthPx: 390, dpr: 1 };

/** The slot width `sizes` gives at a viewport width: media conditions of min-width, lengths in px, rem, vw and calc(a - b). */
export function slotWidthPx(sizes: string, viewportPx: number): number {
  const length = (expr: string): number => {
    const calc = /^calc\((.+?)\s+([-+])\s+(.+)\)$/.exec(expr.trim());
    if (calc) return calc[2] === '-' ? length(calc[1]!) - length(calc[3]!) : length(calc[1]!) + length(calc[3]!);
    const unit = /^([\d.]+)(px|rem|vw)$/.exec(expr.trim());
    if (!unit) throw new Error(`unsupported length in sizes: ${expr}`);
    const n = Number(unit[1]);
    return unit[2] === 'px' ? n : unit[2] === 'rem' ? n * REM_PX : (n * viewportPx) / 100;
  };
  for (const part of sizes.split(',')) {
    const cond = /^\s*\(min-width:\s*([^)]+)\)\s+(.+)$/.exec(part);
    if (!cond) return length(part);
    if (viewportPx >= length(cond[1]!)) return length(cond[2]!);
  }
  throw new Error(`sizes without a default: ${sizes}`);
}

/** The variant a browser picks: narrowest at least slot × dpr wide, else the widest. */
export function chooseVariant(variants: readonly { width: number; src: string }[], slotPx: number, dpr: number) {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return sorted.find((v) => v.width >= slotPx * dpr) ?? sorted[sorted.length - 1]!;
}

/** Each image a page shows, with the layout it is shown in. */
export function imagesOfPage(payload: Payload): { src: string; layout: ImageLayout }[] {
  const found: { src: string; layout: ImageLayout }[] = [];
  const walk = (blocks: Payload['page']['blocks']) => {
    for (const b of blocks) {
      if (b.type === 'hero' && b.image) found.push({ src: b.image.src, layout: 'hero' });
      if (b.type === 'image') found.push({ src: b.image.src, layout: 'content' });
      if (b.type === 'gallery') for (const i of b.images) found.push({ src: i.src, layout: 'gallery' });
      if (b.type === 'cards') for (const c of b.items) if (c.image) found.push({ src: c.image.src, layout: 'card' });
      if (b.type === 'section') walk(b.blocks);
    }
  };
  walk(payload.page.blocks);
  return found.filter((img, i) => found.findIndex((o) => o.src === img.src) === i);
}

export interface PageImageBytes {
  path: string;
  images: { src: string; beforeBytes: number; after: string; afterBytes: number }[];
  beforeBytes: number;
  afterBytes: number;
  /** share of bytes saved, 0..1 */
  saving: number;
}

/** `distDir`: a build's output (dist/), with kv/records.json, build.json and public/. */
export async function imageBytes(distDir: string, paths: readonly string[], visitor: Visitor = PHONE_VISITOR): Promise<PageImageBytes[]> {
  const records = new Map(
    (JSON.parse(await readFile(join(distDir, 'kv/records.json'), 'utf8')) as { key: string; value: string }[]).map((r) => [r.key, r.value]),
  );
  const { id } = JSON.parse(await readFile(join(distDir, 'build.json'), 'utf8')) as { id: string };
  const index = BuildIndex.parse(JSON.parse(records.get(kvKeys.index(id))!));
  const size = async (src: string) => (await stat(join(distDir, 'public', src))).size;
  const pages: PageImageBytes[] = [];
  for (const path of paths) {
    const hash = index.pages[path];
    if (!hash) throw new Error(`no page ${path} in the build`);
    const payload = Payload.parse(JSON.parse(records.get(kvKeys.payload(hash))!));
    const images = [];
    for (const { src, layout } of imagesOfPage(payload)) {
      const info: ImageInfo | undefined = payload.images?.[src];
      const format = info && sourceFormatsOf(info)[0];
      const list = info && format ? info.widths.map((width) => ({ width, src: variantUrl(src, info, width, format) })) : undefined;
      const after = list ? chooseVariant(list, slotWidthPx(IMAGE_SIZES[layout], visitor.widthPx), visitor.dpr).src : src;
      images.push({ src, beforeBytes: await size(src), after, afterBytes: await size(after) });
    }
    const beforeBytes = images.reduce((n, i) => n + i.beforeBytes, 0);
    const afterBytes = images.reduce((n, i) => n + i.afterBytes, 0);
    pages.push({ path, images, beforeBytes, afterBytes, saving: beforeBytes === 0 ? 0 : 1 - afterBytes / beforeBytes });
  }
  return pages;
}
