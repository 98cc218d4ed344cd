/**
 * A wrangler.toml for a build outside dist/: the real file with `main` and `[assets]
 * directory` pointing into the build (wrangler resolves both relative to the config file).
 * Everything else (bindings, compatibility date, no_bundle, environments) is the real file's.
 * Lets test servers and dry runs use their own build instead of the shared dist/.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './bundle';

export async function writeWranglerConfigFor(outDir: string): Promise<string> {
  const toml = await readFile(join(ROOT, 'wrangler.toml'), 'utf8');
  const copy = toml
    .replace(/^main\s*=.*$/m, 'main = "worker/index.js"')
    .replace(/^directory\s*=\s*"dist\/public"\s*$/m, 'directory = "public"');
  if (!copy.includes('main = "worker/index.js"') || !copy.includes('directory = "public"')) {
    throw new Error('wrangler.toml: could not point `main` and `[assets] directory` at the build');
  }
  const config = join(outDir, 'wrangler.toml');
  await writeFile(config, copy);
  return config;
}
