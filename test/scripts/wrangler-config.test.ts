/** The wrangler.toml written next to a build outside dist/. */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { wranglerTomlForBuild } from '../../scripts/lib/wrangler-config';
import { WRANGLER_TOML, parseWranglerToml } from '../../scripts/lib/wrangler-toml';

const real = await readFile(WRANGLER_TOML, 'utf8');

describe('the wrangler.toml of a build', () => {
  test('points main and the assets directory into the build', () => {
    const copy = parseWranglerToml(wranglerTomlForBuild(real));
    expect(copy.main).toBe('worker/index.js');
    expect(copy.assets?.directory).toBe('public');
  });

  test('keeps every other setting of wrangler.toml', () => {
    const { main: _m, assets: copiedAssets, ...copy } = parseWranglerToml(wranglerTomlForBuild(real));
    const { main: _r, assets: realAssets, ...original } = parseWranglerToml(real);
    expect(copy).toEqual(original);
    expect({ ...copiedAssets, directory: undefined }).toEqual({ ...realAssets, directory: undefined });
  });

  test('says it is generated, since the comments of wrangler.toml are not in it', () => {
    expect(wranglerTomlForBuild(real).split('\n')[0]).toMatch(/^# Generated from wrangler\.toml .*edit wrangler\.toml instead/);
  });

  test('cannot be made from a wrangler.toml without an [assets] table', () => {
    expect(() => wranglerTomlForBuild('compatibility_date = "2026-04-20"\nmain = "dist/worker/index.js"\n')).toThrow(
      'wrangler.toml: no [assets] table to point at the build',
    );
  });
});
