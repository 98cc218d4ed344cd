/**
 * The docs stay true to the repository: code cites docs/<file>.md#<anchor> and every citation
 * leads to a heading; every relative link and anchor in README.md and docs/ leads somewhere;
 * tables generated from code are current; the README stays a doorway; and the tests the
 * README's security table names exist.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { anchorOf } from '../scripts/lib/docs-tables';
import { CONSTANT_REGIONS, generatedDocs, markdownFiles } from '../scripts/lib/docs-tables-repo';
import { REPO_ROOT } from './support/built-site';

const CODE_DIRS = ['app', 'worker', 'scripts', 'bench', 'test'];
const CITATION_RE = /docs\/([a-z-]+\.md)#([a-z0-9-]+)/g;
const README_MAX_LINES = 160;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|js)$/.test(name)) yield path;
  }
}

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

function anchorsOf(path: string): Set<string> {
  return new Set([...read(path).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Files that spell citations leading nowhere on purpose: this one and the tables' fixtures. */
const CITATION_FIXTURES = new Set(['test/docs.test.ts', 'test/scripts/docs-tables.test.ts']);

const citations = CODE_DIRS.flatMap((dir) =>
  [...files(join(REPO_ROOT, dir))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CITATION_RE)].map((m) => ({ file: relative(REPO_ROOT, file), doc: m[1]!, anchor: m[2]! })),
  ),
).filter((c) => !CITATION_FIXTURES.has(c.file));

describe('citations of docs/', () => {
  test('the code cites the docs', () => {
    expect(citations.length).toBeGreaterThan(5);
  });

  test.each(citations.map((c) => [`${c.file} -> docs/${c.doc}#${c.anchor}`, c] as const))('%s leads to a heading', (_label, c) => {
    expect(anchorsOf(`docs/${c.doc}`).has(c.anchor)).toBe(true);
  });
});

/** Markdown without its fenced blocks and code spans, where a `[x](y)` is not a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** Every relative link of a markdown file: where it leads from the repository root, and its anchor. */
function linksOf(path: string): { target: string; anchor: string | undefined; text: string }[] {
  return [...prose(read(path)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const [file, anchor] = href.split('#') as [string, string | undefined];
      const target = file === '' ? path : relative(REPO_ROOT, join(REPO_ROOT, dirname(path), file));
      return { target, anchor, text: href };
    });
}

const links = markdownFiles(REPO_ROOT).flatMap((path) => linksOf(path).map((link) => ({ from: path, ...link })));

describe('links in README.md and docs/', () => {
  test('the docs link to each other', () => {
    expect(links.filter((l) => l.anchor).length).toBeGreaterThan(20);
  });

  test.each(links.map((l) => [`${l.from} -> ${l.text}`, l] as const))('%s leads somewhere', (_label, l) => {
    expect(existsSync(join(REPO_ROOT, l.target)), `${l.target} exists`).toBe(true);
    if (l.anchor !== undefined) {
      expect(l.target.endsWith('.md'), 'an anchor points into a markdown file').toBe(true);
      expect([...anchorsOf(l.target)], `#${l.anchor} is a heading of ${l.target}`).toContain(l.anchor);
    }
  });
});

describe('the README', () => {
  test(`is a doorway of at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  const securityTests = [...read('README.md').matchAll(/`(test\/[\w./-]+\.ts)` "([^"]+)"/g)].map((m) => ({ file: m[1]!, name: m[2]! }));

  test('its security table names its tests', () => {
    expect(securityTests.length).toBeGreaterThanOrEqual(10);
  });

  test.each(securityTests.map((t) => [`${t.file}: ${t.name}`, t] as const))('the security table’s test %s exists', (_label, t) => {
    expect(existsSync(join(REPO_ROOT, t.file)), `${t.file} exists`).toBe(true);
    expect(read(t.file)).toContain(`'${t.name}'`);
  });
});

describe('tables generated from code', () => {
  const docs = generatedDocs(REPO_ROOT);

  test.each(docs.map((d) => [d.path, d] as const))('%s is as npm run docs:tables writes it', (_path, d) => {
    expect(d.before, 'stale: run npm run docs:tables').toBe(d.after);
  });

  test('every constant of app/constants.ts is in a table of docs/behaviour.md', () => {
    const declared = [...read('app/constants.ts').matchAll(/^export const ([A-Z0-9_]+)/gm)].map((m) => m[1]!);
    const listed = new Set(Object.values(CONSTANT_REGIONS).flat());
    expect(declared.filter((name) => !listed.has(name))).toEqual([]);
    const behaviour = read('docs/behaviour.md');
    for (const region of Object.keys(CONSTANT_REGIONS)) expect(behaviour).toContain(`<!-- generated:${region} -->`);
  });
});
