/**
 * A wrangler.toml for a build outside dist/: the real file with `main` and `[assets]
 * directory` pointing into the build (wrangler resolves both relative to the config file).
 * Everything else (bindings, compatibility date, no_bundle, environments) is the real file's.
 * Lets test servers and dry runs use their own build instead of the shared dist/.
 *
 * The copy is written from the parsed file, so the real file's comments are not in it: it is a
 * generated file that only wrangler reads, and wrangler.toml stays the one to read and edit.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'smol-toml';
import { WRANGLER_TOML, parseWranglerToml } from './wrangler-toml';

/** Paths inside the build directory, where the copy is written. */
const BUILD_MAIN = 'worker/index.js';

/**
 * Where an assets directory of wrangler.toml (`dist/public`, `dist/preview-public`) is inside a
 * build directory: the same folder of it, since the build lays out every build as it does dist/.
 */
export function assetsDirInBuild(directory: string): string {
  const m = /^(?:\.\/)?dist\/([^/]+)\/?$/.exec(directory);
  if (!m) throw new Error(`wrangler.toml: assets directory "${directory}" is not a folder of dist/, where the build writes`);
  return m[1]!;
}

export interface BuildConfigOptions {
  /**
   * For `wrangler dev` on this machine: without `routes`. wrangler dev takes the first route's
   * host as the upstream origin (`dev.host`) and hands the worker every request rewritten to it
   * (request.url, Host, Origin), so `spring.preview.localhost:8788` reached the worker as
   * `preview.example.com` and named drafts could not be told apart. Its MF-Original-Hostname
   * header is filled in from the already rewritten URL, so it names the route's host too.
   * wrangler 4.86 has no switch for it (cloudflare/workers-sdk#14683; the open #14865 would add
   * `--infer-origin-from-routes=false`). Without routes the worker sees the URL the browser
   * asked for. Never for a deploy or its dry run, which must keep them.
   */
  withoutRoutes?: boolean;
}

/** Drops `route`/`routes` from a table of wrangler.toml (the top level or an environment). */
function withoutRoutes<T extends Record<string, unknown>>(table: T): T {
  const { route: _route, routes: _routes, ...rest } = table;
  return rest as T;
}

/** The text of the copy for a build directory, from the real file's text. */
export function wranglerTomlForBuild(text: string, options: BuildConfigOptions = {}): string {
  const config = parseWranglerToml(text);
  if (!config.assets) throw new Error('wrangler.toml: no [assets] table to point at the build');
  const inBuild = <A extends { directory: string }>(assets: A): A => ({ ...assets, directory: assetsDirInBuild(assets.directory) });
  // An environment with assets of its own (the preview one) names its directory again.
  const env =
    config.env &&
    Object.fromEntries(
      Object.entries(config.env).map(([name, e]) => {
        const local = options.withoutRoutes ? withoutRoutes(e) : e;
        return [name, local.assets ? { ...local, assets: inBuild(local.assets) } : local];
      }),
    );
  const top = options.withoutRoutes ? withoutRoutes(config) : config;
  const copy = { ...top, main: BUILD_MAIN, assets: inBuild(config.assets), ...(env && { env }) };
  return `# Generated from wrangler.toml by scripts/lib/wrangler-config.ts for this build; edit wrangler.toml instead.\n${stringify(copy)}`;
}

export async function writeWranglerConfigFor(outDir: string, options: BuildConfigOptions = {}): Promise<string> {
  const config = join(outDir, 'wrangler.toml');
  await writeFile(config, wranglerTomlForBuild(await readFile(WRANGLER_TOML, 'utf8'), options));
  return config;
}
