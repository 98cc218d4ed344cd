import { describe, expect, test } from 'vitest';
import { isSafePattern } from 'redos-detector';
import { SVG_HEAD_PATTERNS, imageInfo } from '../../../app/validation/image-info';

import { WEBP_ALPHA, WEBP_LOSSLESS, WEBP_LOSSY, bmp, bytes, gif, jpeg, le32, png, svg } from '../../support/images';

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

  test('reads an internal subset in the doctype', () => {
    const doctype = '<!DOCTYPE svg [ <!ENTITY w "64"> ]>\n';
    expect(imageInfo(svg(`${doctype}<svg width="64" height="48">`))).toMatchObject({ width: 64, height: 48 });
  });

  // An upload's head is the visitor's text: a pattern that backtracks turns 64 KB into seconds of CPU.
  test.each(Object.entries(SVG_HEAD_PATTERNS))('the %s pattern run over an upload cannot backtrack', (_, pattern) => {
    expect(isSafePattern(pattern.source, { caseInsensitive: pattern.flags.includes('i') }).safe).toBe(true);
  });

  // Within the 64 KB head the reader decodes, so that each reaches the pattern it is aimed at;
  // with the old patterns, the digits alone took over 10 s.
  const HEAD = 60 * 1024;
  test.each([
    ['a doctype that never closes', `<!DOCTYPE${' '.repeat(HEAD)}`],
    ['a width of 60 K digits', `<svg height="1" width="${'1'.repeat(HEAD)}!">`],
    ['a height of 60 K digits after a dot', `<svg width="1" height="1.${'1'.repeat(HEAD)}x">`],
    ['60 K of spaces before the root', `${' '.repeat(HEAD)}<svg`],
    ['comments that never close', '<!--'.repeat(HEAD / 4)],
  ])('is null for an upload with %s', (_, head) => {
    expect(imageInfo(svg(head))).toBeNull();
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
