/** The wrangler.toml written next to a build outside dist/. */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { assetsDirInBuild, wranglerTomlForBuild } from '../../scripts/lib/wrangler-config';
import { WRANGLER_TOML, parseWranglerToml } from '../../scripts/lib/wrangler-toml';

const real = await readFile(WRANGLER_TOML, 'utf8');

describe('the wrangler.toml of a build', () => {
  test('points main and the assets directory into the build', () => {
    const copy = parseWranglerToml(wranglerTomlForBuild(real));
    expect(copy.main).toBe('worker/index.js');
    expect(copy.assets?.directory).toBe('public');
  });

  test('points the assets of an environment that has its own (the preview one) into the build too', () => {
    const copy = parseWranglerToml(wranglerTomlForBuild(real));
    expect(copy.env?.preview?.assets?.directory).toBe('preview-public');
    expect(copy.env?.preview?.assets?.run_worker_first).toEqual(parseWranglerToml(real).env?.preview?.assets?.run_worker_first);
  });

  test('keeps every other setting of wrangler.toml', () => {
    const withoutDirectories = (config: ReturnType<typeof parseWranglerToml>) => {
      const { main: _m, assets, env, ...rest } = config;
      const envs = Object.fromEntries(
        Object.entries(env ?? {}).map(([name, e]) => [name, e.assets ? { ...e, assets: { ...e.assets, directory: undefined } } : e]),
      );
      return { ...rest, assets: { ...assets, directory: undefined }, env: envs };
    };
    expect(withoutDirectories(parseWranglerToml(wranglerTomlForBuild(real)))).toEqual(withoutDirectories(parseWranglerToml(real)));
  });

  test('an assets directory outside dist/, which the build does not write, is named', () => {
    expect(assetsDirInBuild('dist/preview-public')).toBe('preview-public');
    expect(() => assetsDirInBuild('public')).toThrow(
      'wrangler.toml: assets directory "public" is not a folder of dist/, where the build writes',
    );
    expect(() => assetsDirInBuild('dist/a/b')).toThrow(/is not a folder of dist\//);
  });

  test('keeps the routes of every environment for a deploy or its dry run', () => {
    const copy = parseWranglerToml(wranglerTomlForBuild(real));
    expect(copy.env?.preview?.routes).toEqual(parseWranglerToml(real).env?.preview?.routes);
    expect(copy.env?.production?.routes).toEqual(parseWranglerToml(real).env?.production?.routes);
  });

  test('for wrangler dev on this machine has no routes, so the worker sees the host the browser asked for', () => {
    const copy = parseWranglerToml(wranglerTomlForBuild(real, { withoutRoutes: true }));
    for (const name of ['preview', 'production']) {
      expect(parseWranglerToml(real).env?.[name]?.routes).toBeDefined();
      expect(copy.env?.[name]).not.toHaveProperty('routes');
      expect(copy.env?.[name]?.vars).toEqual(parseWranglerToml(real).env?.[name]?.vars);
    }
    expect(copy.env?.preview?.assets?.directory).toBe('preview-public');
    const routedAtTop = parseWranglerToml(wranglerTomlForBuild(`route = "www.example.com/*"\n${real}`, { withoutRoutes: true }));
    expect(routedAtTop).not.toHaveProperty('route');
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
