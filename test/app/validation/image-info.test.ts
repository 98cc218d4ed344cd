import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { imageInfo } from '../../../app/validation/image-info';

// Real, decodable images built byte by byte (checked once against libvips), so the
// sizes under test are the sizes a browser would show.
const bytes = (...parts: (number[] | Uint8Array | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const be16 = (n: number) => [n >> 8, n & 255];
const le16 = (n: number) => [n & 255, n >> 8];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24];

/** A complete RGB PNG, every pixel grey. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => bytes(be32(data.length), type, data, be32(crc32(bytes(type, data))));
  const rows = new Uint8Array(height * (1 + width * 3)).fill(128);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0; // filter byte: none
  return bytes('\x89PNG\r\n\x1a\n', chunk('IHDR', bytes(be32(width), be32(height), [8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array()));
}

/** A complete GIF with a two-colour palette; LZW codes stay 3 bits wide by clearing every two pixels. */
function gif(width: number, height: number): Uint8Array {
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
  return bytes('GIF89a', le16(width), le16(height), [0x80, 0, 0], [255, 255, 255, 0, 0, 0],
    [0x2c], le16(0), le16(0), le16(width), le16(height), [0], [2], blocks, [0, 0x3b]);
}

/** A baseline greyscale JPEG: JFIF, an EXIF segment before the frame, SOF0, one-code Huffman tables, flat blocks. */
function jpeg(width: number, height: number): Uint8Array {
  const segment = (marker: number, ...data: (number[] | string)[]) => {
    const body = bytes(...data);
    return bytes([0xff, marker], be16(body.length + 2), body);
  };
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = new Uint8Array(Math.ceil((blocks * 2) / 8));
  for (let bit = blocks * 2; bit < scan.length * 8; bit++) scan[bit >> 3]! |= 0x80 >> (bit & 7); // pad with 1s
  const oneCode = [1, ...new Array<number>(15).fill(0), 0]; // one code of length 1, for symbol 0
  return bytes([0xff, 0xd8],
    segment(0xe0, 'JFIF\0', [1, 1, 0], be16(1), be16(1), [0, 0]),
    segment(0xe1, 'Exif\0\0', 'MM', [0, 42], be32(8)),
    segment(0xdb, [0], new Array<number>(64).fill(1)),
    segment(0xc0, [8], be16(height), be16(width), [1, 1, 0x11, 0]),
    segment(0xc4, [0x00], oneCode),
    segment(0xc4, [0x10], oneCode),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    scan, [0xff, 0xd9]);
}

/** A 24-bit BMP, stored bottom-up, or top-down (negative height). */
function bmp(width: number, height: number, topDown = false): Uint8Array {
  const pixels = new Uint8Array(Math.ceil((width * 3) / 4) * 4 * height).fill(200);
  return bytes('BM', le32(54 + pixels.length), le32(0), le32(54), le32(40), le32(width),
    le32(topDown ? -height >>> 0 : height), le16(1), le16(24), le32(0), le32(pixels.length), le32(2835), le32(2835),
    le32(0), le32(0), pixels);
}

const svg = (prefix: string) => new TextEncoder().encode(`${prefix}<rect width="1" height="1"/></svg>`);

// Encoded by libwebp: 3 x 2 lossless (VP8L), 3 x 2 lossy (VP8), 5 x 4 lossy with alpha (VP8X).
const webp = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const WEBP_LOSSLESS = webp('UklGRh4AAABXRUJQVlA4TBEAAAAvAkAAAAdQ5CIXuf+BiOh/AAA=');
const WEBP_LOSSY = webp('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoDAAIAAsBMJaQAA3AA/vAnAAA=');
const WEBP_ALPHA = webp('UklGRkgAAABXRUJQVlA4WAoAAAAQAAAABAAAAwAAQUxQSAoAAAARB1DAiAhERP8DVlA4IBgAAABQAQCdASoFAAQAAsBMJaQABHQAAORAAAA=');

describe('imageInfo', () => {
  test('reads a PNG size from its IHDR chunk', () => {
    expect(imageInfo(png(3, 2))).toEqual({ type: 'image/png', width: 3, height: 2 });
    expect(imageInfo(png(640, 480))).toEqual({ type: 'image/png', width: 640, height: 480 });
  });

  test('reads a GIF size from its screen descriptor', () => {
    expect(imageInfo(gif(5, 3))).toEqual({ type: 'image/gif', width: 5, height: 3 });
  });

  test('reads a JPEG size from its start-of-frame segment, past the JFIF and EXIF segments', () => {
    expect(imageInfo(jpeg(17, 9))).toEqual({ type: 'image/jpeg', width: 17, height: 9 });
  });

  test('skips fill bytes before a JPEG marker', () => {
    const j = jpeg(4, 7);
    const withFill = bytes(j.subarray(0, 2), [0xff, 0xff], j.subarray(2));
    expect(imageInfo(withFill)).toEqual({ type: 'image/jpeg', width: 4, height: 7 });
  });

  test('reads progressive JPEGs (SOF2) too', () => {
    const j = jpeg(12, 34);
    const sof = j.findIndex((b, i) => b === 0xff && j[i + 1] === 0xc0);
    j[sof + 1] = 0xc2;
    expect(imageInfo(j)).toEqual({ type: 'image/jpeg', width: 12, height: 34 });
  });

  test('reads lossless, lossy and extended WebP', () => {
    expect(imageInfo(WEBP_LOSSLESS)).toEqual({ type: 'image/webp', width: 3, height: 2 });
    expect(imageInfo(WEBP_LOSSY)).toEqual({ type: 'image/webp', width: 3, height: 2 });
    expect(imageInfo(WEBP_ALPHA)).toEqual({ type: 'image/webp', width: 5, height: 4 });
  });

  test('reads a BMP size, bottom-up or top-down', () => {
    expect(imageInfo(bmp(3, 2))).toEqual({ type: 'image/bmp', width: 3, height: 2 });
    expect(imageInfo(bmp(6, 5, true))).toEqual({ type: 'image/bmp', width: 6, height: 5 });
  });

  test('reads an SVG size from its width and height attributes', () => {
    expect(imageInfo(svg('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">'))).toEqual({
      type: 'image/svg+xml',
      width: 120,
      height: 80,
    });
  });

  test('accepts px and absolute units in SVG sizes', () => {
    expect(imageInfo(svg('<svg width="120px" height="1in">'))).toMatchObject({ width: 120, height: 96 });
  });

  test('takes an SVG size from its viewBox when width and height are missing or relative', () => {
    expect(imageInfo(svg('<svg viewBox="0 0 300 150">'))).toMatchObject({ width: 300, height: 150 });
    expect(imageInfo(svg('<svg width="100%" height="100%" viewBox="0,0,40,30">'))).toMatchObject({ width: 40, height: 30 });
  });

  test('keeps the viewBox aspect ratio when only one SVG dimension is given', () => {
    expect(imageInfo(svg('<svg width="200" viewBox="0 0 100 50">'))).toMatchObject({ width: 200, height: 100 });
    expect(imageInfo(svg("<svg height='30' viewBox='0 0 100 50'>"))).toMatchObject({ width: 60, height: 30 });
  });

  test('finds the SVG root after a byte order mark, XML declaration, comment and doctype', () => {
    const prolog =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- <svg width="1" height="1"> -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n';
    expect(imageInfo(svg(`${prolog}<svg width="64" height="48">`))).toMatchObject({ width: 64, height: 48 });
  });

  test('does not mistake a stroke-width or data-width attribute for the width', () => {
    expect(imageInfo(svg('<svg stroke-width="2" data-width="9" width="10" height="20">'))).toMatchObject({ width: 10, height: 20 });
  });

  test('is null for an SVG without any size', () => {
    expect(imageInfo(svg('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });

  test('is null for an HTML page that merely contains an SVG', () => {
    expect(imageInfo(svg('<html><body><svg width="10" height="10">'))).toBeNull();
  });

  test.each([
    ['no bytes', new Uint8Array()],
    ['text', new TextEncoder().encode('hello, world')],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
    ['random bytes', Uint8Array.from({ length: 256 }, (_, i) => (i * 73 + 41) & 255)],
    ['a RIFF file that is not WebP', bytes('RIFF', le32(4), 'WAVE', 'fmt ', le32(16), new Array<number>(16).fill(0))],
    ['a PNG with a zero width', png(0, 5)],
  ])('is null for %s', (_, input) => {
    expect(imageInfo(input)).toBeNull();
  });

  test.each([
    ['PNG', png(3, 2), 24],
    ['GIF', gif(5, 3), 10],
    ['JPEG', jpeg(17, 9), 0],
    ['WebP lossless', WEBP_LOSSLESS, 25],
    ['WebP lossy', WEBP_LOSSY, 30],
    ['WebP extended', WEBP_ALPHA, 30],
    ['BMP', bmp(3, 2), 26],
    ['SVG', svg('<?xml version="1.0"?><svg width="120" height="80">'), 0],
  ])('never throws on a truncated %s and knows nothing before the size is complete', (_, full, needed) => {
    const info = imageInfo(full);
    expect(info).not.toBeNull();
    for (let length = 0; length < full.length; length++) {
      const result = imageInfo(full.subarray(0, length));
      if (length < needed) expect(result, `${length} bytes`).toBeNull();
      else expect([null, info]).toContainEqual(result);
    }
  });

  test('is null for a JPEG cut off inside its frame header', () => {
    const j = jpeg(17, 9);
    const sof = j.findIndex((b, i) => b === 0xff && j[i + 1] === 0xc0);
    expect(imageInfo(j.subarray(0, sof + 8))).toBeNull();
    expect(imageInfo(j.subarray(0, sof + 9))).toEqual({ type: 'image/jpeg', width: 17, height: 9 });
  });

  test('is null for a JPEG whose segment lengths run off the end', () => {
    expect(imageInfo(bytes([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0, 0]))).toBeNull();
    expect(imageInfo(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
  });
});
