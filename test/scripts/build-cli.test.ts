import { spawnSync } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateContent } from '../../scripts/lib/generate-content';
import { REPO_ROOT, tempDir } from '../support/built-site';
import { runScriptInProcess } from '../support/script-in-process';

let contentDir: string;
let outDir: string;

beforeAll(async () => {
  contentDir = await tempDir('cli-content');
  outDir = await tempDir('cli-out');
  await generateContent({ dir: contentDir });
});
afterAll(async () => {
  await rm(contentDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
});

/** `npm run build` in a process of its own: what proves the command's wiring, once for the file. */
function build(...args: string[]) {
  return spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/build.ts', '--out', outDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
}

/** The same command in this process (test/support/script-in-process.ts): what it decides, without a tsx of its own. */
const buildInProcess = (...args: string[]) => runScriptInProcess('build', ['--out', outDir, ...args]);

describe('npm run build', () => {
  test('builds a content directory and says what it built', () => {
    const result = build('--content', contentDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^built [a-f0-9]{16}: 9 pages, \d+ KV records/);
  });

  test('fails with exit code 1, one line per problem, and writes nothing', async () => {
    const page = join(contentDir, 'pages/en/page-1.json');
    const original = await readFile(page, 'utf8');
    const broken = JSON.parse(original);
    delete broken.title;
    broken.blocks.push({ type: 'mystery' });
    await writeFile(page, JSON.stringify(broken));
    await rm(outDir, { recursive: true, force: true });
    try {
      const result = await buildInProcess('--content', contentDir);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines.some((l) => l.endsWith('pages/en/page-1.json: title: Required'))).toBe(true);
      expect(lines.some((l) => l.endsWith('pages/en/page-1.json: blocks[5].type: Unknown block type "mystery"'))).toBe(true);
      expect(lines.at(-1)).toMatch(/build failed: 2 problem\(s\) in .*; nothing was written/);
      await expect(stat(outDir)).rejects.toThrow();
    } finally {
      await writeFile(page, original);
    }
  });

  test('refuses an unknown flag in one line naming the flag it was meant to be', async () => {
    const result = await buildInProcess('--contnet', contentDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error: unknown option --contnet; did you mean --content? (npm run build -- --help lists the options)\n');
  });
});
