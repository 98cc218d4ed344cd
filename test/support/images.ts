/**
 * Small real image files (PNG, GIF, JPEG, BMP, SVG, WebP) for tests that need to read sizes
 * and types the way a browser would. Metadata in them, and reading it: image-metadata.ts.
 */
import { crc32, deflateSync } from 'node:zlib';

// Real, decodable images built byte by byte (checked once against libvips), so the
// sizes under test are the sizes a browser would show.
export const bytes = (...parts: (number[] | Uint8Array | string)[]): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
export const be16 = (n: number) => [n >> 8, n & 255];
const le16 = (n: number) => [n & 255, n >> 8];
export const be32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
export const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24];

/** A complete RGB PNG, every pixel grey. */
export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => bytes(be32(data.length), type, data, be32(crc32(bytes(type, data))));
  const rows = new Uint8Array(height * (1 + width * 3)).fill(128);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0; // filter byte: none
  return bytes(
    '\x89PNG\r\n\x1a\n',
    chunk('IHDR', bytes(be32(width), be32(height), [8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  );
}

/** A complete GIF with a two-colour palette; LZW codes stay 3 bits wide by clearing every two pixels. */
export function gif(width: number, height: number): Uint8Array<ArrayBuffer> {
  const codes = [4];
  for (let i = 0; i < width * height; i += 2) codes.push(...(i + 1 < width * height ? [0, 0, 4] : [0, 4]));
  codes.push(5);
  const packed: number[] = [];
  codes.forEach((code, i) => {
    for (let b = 0; b < 3; b++) {
      const bit = i * 3 + b;
      packed[bit >> 3] = (packed[bit >> 3] ?? 0) | (((code >> b) & 1) << (bit & 7));
    }
  });
  const blocks: number[] = [];
  for (let i = 0; i < packed.length; i += 255) blocks.push(Math.min(255, packed.length - i), ...packed.slice(i, i + 255));
  return bytes(
    'GIF89a',
    le16(width),
    le16(height),
    [0x80, 0, 0],
    [255, 255, 255, 0, 0, 0],
    [0x2c],
    le16(0),
    le16(0),
    le16(width),
    le16(height),
    [0],
    [2],
    blocks,
    [0, 0x3b],
  );
}

/** A baseline greyscale JPEG: JFIF, an EXIF segment before the frame, SOF0, one-code Huffman tables, flat blocks. */
export function jpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const segment = (marker: number, ...data: (number[] | string)[]) => {
    const body = bytes(...data);
    return bytes([0xff, marker], be16(body.length + 2), body);
  };
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = new Uint8Array(Math.ceil((blocks * 2) / 8));
  for (let bit = blocks * 2; bit < scan.length * 8; bit++) scan[bit >> 3]! |= 0x80 >> (bit & 7); // pad with 1s
  const oneCode = [1, ...new Array<number>(15).fill(0), 0]; // one code of length 1, for symbol 0
  return bytes(
    [0xff, 0xd8],
    segment(0xe0, 'JFIF\0', [1, 1, 0], be16(1), be16(1), [0, 0]),
    segment(0xe1, 'Exif\0\0', 'MM', [0, 42], be32(8)),
    segment(0xdb, [0], new Array<number>(64).fill(1)),
    segment(0xc0, [8], be16(height), be16(width), [1, 1, 0x11, 0]),
    segment(0xc4, [0x00], oneCode),
    segment(0xc4, [0x10], oneCode),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    scan,
    [0xff, 0xd9],
  );
}

/** A 24-bit BMP, stored bottom-up, or top-down (negative height). */
export function bmp(width: number, height: number, topDown = false): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(Math.ceil((width * 3) / 4) * 4 * height).fill(200);
  return bytes(
    'BM',
    le32(54 + pixels.length),
    le32(0),
    le32(54),
    le32(40),
    le32(width),
    le32(topDown ? -height >>> 0 : height),
    le16(1),
    le16(24),
    le32(0),
    le32(pixels.length),
    le32(2835),
    le32(2835),
    le32(0),
    le32(0),
    pixels,
  );
}

export const svg = (prefix: string) => new TextEncoder().encode(`${prefix}<rect width="1" height="1"/></svg>`);

// Encoded by libwebp: 3 x 2 lossless (VP8L), 3 x 2 lossy (VP8), 5 x 4 lossy with alpha (VP8X).
const webp = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
export const WEBP_LOSSLESS = webp('UklGRh4AAABXRUJQVlA4TBEAAAAvAkAAAAdQ5CIXuf+BiOh/AAA=');
export const WEBP_LOSSY = webp('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoDAAIAAsBMJaQAA3AA/vAnAAA=');
export const WEBP_ALPHA = webp(
  'UklGRkgAAABXRUJQVlA4WAoAAAAQAAAABAAAAwAAQUxQSAoAAAARB1DAiAhERP8DVlA4IBgAAABQAQCdASoFAAQAAsBMJaQABHQAAORAAAA=',
);
