/**
 * A build's static assets as the assets helper worker (workers/assets.js) needs them: every
 * file's URL path, known before workerd starts so only exact file paths ever reach the disk,
 * and the `_headers` rules Cloudflare would apply to them.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface StaticAssets {
  /** URL paths of every file (not `_headers` / `_redirects`, which Cloudflare never serves) */
  paths: string[];
  headerRules: { pattern: string; headers: Record<string, string> }[];
}

/** Parses a `_headers` file: an unindented URL pattern, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): StaticAssets['headerRules'] {
  const rules: StaticAssets['headerRules'] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const i = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && i > 0) rule.headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return rules;
}

export async function readStaticAssets(publicDir: string): Promise<StaticAssets> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => '/' + relative(publicDir, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((p) => p !== '/_headers' && p !== '/_redirects');
  const headersText = await readFile(join(publicDir, '_headers'), 'utf8').catch(() => '');
  return { paths, headerRules: parseHeadersFile(headersText) };
}
