/**
 * The `dimensions` rule has to know an upload's pixel size in the browser and in the worker.
 * Decoding through `<img>` is unavailable in the worker and slow in the browser, and every
 * format we accept states its size in its first bytes, so we read those headers directly.
 * Input is untrusted: every read is bounds-checked and anything unexpected is `null`.
 */

export interface ImageInfo {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp' | 'image/svg+xml';
  width: number;
  height: number;
}

/**
 * How much of a file the `dimensions` rule reads. PNG, GIF, WebP and BMP state their size in
 * the first 30 bytes and SVG in its root tag (SVG_HEAD_BYTES); a JPEG's frame header follows
 * its metadata segments (EXIF, ICC profile, XMP: each at most 64 KB, in practice well under
 * this in total). The worker keeps only this much of an upload, so a large post is never held
 * whole in memory.
 */
export const IMAGE_HEAD_BYTES = 256 * 1024;

type Reader = (b: Uint8Array) => ImageInfo | null;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) | (b[i + 2]! << 16) | (b[i + 1]! << 8) | b[i]!) >>> 0;
const ascii = (b: Uint8Array, i: number, s: string) => b.length >= i + s.length && [...s].every((c, k) => b[i + k] === c.charCodeAt(0));

const sized = (type: ImageInfo['type'], width: number, height: number): ImageInfo | null =>
  Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0 ? { type, width, height } : null;

const png: Reader = (b) =>
  b.length >= 24 && ascii(b, 0, '\x89PNG\r\n\x1a\n') && ascii(b, 12, 'IHDR') ? sized('image/png', u32be(b, 16), u32be(b, 20)) : null;

const gif: Reader = (b) =>
  b.length >= 10 && (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) ? sized('image/gif', u16le(b, 6), u16le(b, 8)) : null;

/** Walks the marker segments up to the first start-of-frame; size is as stored (EXIF rotation is not applied). */
const jpeg: Reader = (b) => {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (b[i] === 0xff) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined || marker === 0xd9 || marker === 0xda) return null; // end of image / scan before any frame
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // markers without a length
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return i + 7 <= b.length ? sized('image/jpeg', u16be(b, i + 5), u16be(b, i + 3)) : null;
    i += length;
  }
  return null;
};

const webp: Reader = (b) => {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return null;
  if (ascii(b, 12, 'VP8 ') && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return sized('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (ascii(b, 12, 'VP8L') && b.length >= 25 && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return sized('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
};

const bmp: Reader = (b) => {
  if (b.length < 26 || !ascii(b, 0, 'BM')) return null;
  const header = u32le(b, 14);
  if (header === 12) return sized('image/bmp', u16le(b, 18), u16le(b, 20));
  if (header < 40) return null;
  // Height is signed: negative means the rows are stored top-down.
  return sized('image/bmp', u32le(b, 18) | 0, Math.abs(u32le(b, 22) | 0));
};

/** Only the head of the file is decoded: the root element comes first in any real SVG. */
const SVG_HEAD_BYTES = 64 * 1024;
/**
 * The anchored patterns the SVG reader runs over an upload's head, which a visitor writes: none
 * may backtrack, as 64 KB of spaces after `<!DOCTYPE`, or of digits in a width, would otherwise
 * cost seconds of CPU (test/app/validation/image-info.test.ts holds them to redos-detector).
 *
 *   prolog   what may precede the root element: the XML declaration, comments, a doctype
 *            (its internal subset without `]`), whitespace one character at a time, since
 *            `(\s+)*` splits a run of spaces every way there is
 *   tag      the root element's start tag and its attributes
 *   length   a number with no two ways to read its digits, then a unit
 */
export const SVG_HEAD_PATTERNS = {
  prolog: /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[^\]]*\]\s*)?>|\s)*/i,
  tag: /^<svg(?=[\s>/])((?:[^>"']|"[^"]*"|'[^']*')*)>/i,
  length: /^((?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:e[-+]?[0-9]+)?)\s*([a-z]*)$/i,
} as const;
/** No real width or height is longer; a longer one is no size. */
const SVG_LENGTH_MAX_CHARS = 64;
// Absolute CSS units in px, as a browser sizes the image; relative ones (%, em) leave the viewBox to decide.
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

function svgAttr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2] ?? '').trim() : undefined;
}

function svgLength(value: string | undefined): number | undefined {
  const m = value === undefined || value.length > SVG_LENGTH_MAX_CHARS ? null : SVG_HEAD_PATTERNS.length.exec(value);
  const factor = m ? UNIT_PX[m[2]!.toLowerCase()] : undefined;
  return m && factor !== undefined ? Number(m[1]) * factor : undefined;
}

const svg: Reader = (b) => {
  const text = new TextDecoder('utf-8').decode(b.subarray(0, SVG_HEAD_BYTES)).replace(/^\uFEFF/, '');
  if (!/^\s*</.test(text)) return null;
  const tag = SVG_HEAD_PATTERNS.tag.exec(text.replace(SVG_HEAD_PATTERNS.prolog, ''));
  if (!tag) return null;
  const attrs = tag[1]!;
  let width = svgLength(svgAttr(attrs, 'width'));
  let height = svgLength(svgAttr(attrs, 'height'));
  const box = (svgAttr(attrs, 'viewBox') ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    const [, , w, h] = box as [number, number, number, number];
    if (width === undefined && height === undefined) [width, height] = [w, h];
    else if (width === undefined) width = (height! * w) / h;
    else if (height === undefined) height = (width * h) / w;
  }
  return width === undefined || height === undefined ? null : sized('image/svg+xml', Math.round(width), Math.round(height));
};

const READERS: readonly Reader[] = [png, jpeg, gif, webp, bmp, svg];

/** Reads the type and pixel size from the first bytes of a file (PNG IHDR, JPEG SOFn, GIF, WebP VP8/VP8L/VP8X, BMP, SVG width/height or viewBox); null when not an image it knows. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  for (const read of READERS) {
    try {
      const info = read(bytes);
      if (info) return info;
    } catch {
      // A malformed header is "not an image we know", never an exception for the caller.
    }
  }
  return null;
}
