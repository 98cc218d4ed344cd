/**
 * Code cites the contract it implements as docs/<file>.md#<anchor>: every citation must lead to
 * a heading that exists, so a renamed section cannot leave comments pointing nowhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './support/built-site';

const CODE_DIRS = ['app', 'worker', 'scripts', 'bench', 'test'];
const CITATION_RE = /docs\/([a-z-]+\.md)#([a-z0-9-]+)/g;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|js)$/.test(name)) yield path;
  }
}

/** GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchors(doc: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

const citations = CODE_DIRS.flatMap((dir) =>
  [...files(join(REPO_ROOT, dir))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CITATION_RE)].map((m) => ({ file: relative(REPO_ROOT, file), doc: m[1]!, anchor: m[2]! })),
  ),
).filter((c) => c.file !== 'test/docs.test.ts');

describe('citations of docs/', () => {
  test('the code cites the docs', () => {
    expect(citations.length).toBeGreaterThan(5);
  });

  test.each(citations.map((c) => [`${c.file} -> docs/${c.doc}#${c.anchor}`, c] as const))('%s leads to a heading', (_label, c) => {
    expect(anchors(c.doc).has(c.anchor)).toBe(true);
  });
});
