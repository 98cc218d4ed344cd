/** Reading a build's static assets for the assets helper worker. */
import { describe, expect, test } from 'vitest';
import { parseHeadersFile } from '../../../bench/lib/workerd/static-assets';

describe('static assets', () => {
  test('_headers rules', () => {
    expect(parseHeadersFile('/_app/*\n  Cache-Control: immutable\n  X-A: b\n/x\n  Y: z\n')).toEqual([
      { pattern: '/_app/*', headers: { 'Cache-Control': 'immutable', 'X-A': 'b' } },
      { pattern: '/x', headers: { Y: 'z' } },
    ]);
  });
});
