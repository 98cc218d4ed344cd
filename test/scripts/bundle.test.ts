import { readFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPILE_HINT, ROOT, bundleClient, bundleCode, buildWorker, type CodeBundles } from '../../scripts/lib/bundle';
import { tempDir } from '../support/built-site';

/** The worker's inputs as esbuild records them: paths relative to the repository root. */
let inputs: string[] = [];
let outDir = '';

beforeAll(async () => {
  outDir = await tempDir('worker-bundle');
  const assets = { entry: '/_app/entry.js', css: [] };
  inputs = Object.keys((await buildWorker(assets, join(outDir, 'index.js'))).inputs);
}, 60_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('the worker bundle', () => {
  // Without this the two tests below would also pass on a bundle that recorded nothing.
  test('is built from worker/index.ts and the shared render code', () => {
    expect(inputs).toContain('worker/index.ts');
    expect(inputs).toContain('app/render/app.tsx');
  });

  test('contains no browser-only module from app/client/', () => {
    expect(inputs.filter((path) => path.startsWith('app/client/'))).toEqual([]);
  });

  test('contains nothing from the Node tools in scripts/ and bench/', () => {
    expect(inputs.filter((path) => path.startsWith('scripts/') || path.startsWith('bench/'))).toEqual([]);
  });
});

/**
 * Built-ins newer than the oldest supported browsers (Chrome 64, Safari 12). esbuild lowers
 * syntax to ES2017 but does not polyfill: a call to one of these breaks the page there.
 * (React's Promise.allSettled is not listed: React calls it only where view transitions exist.)
 */
const NEWER_BUILT_INS: readonly [string, RegExp][] = [
  ['Object.fromEntries (Chrome 73, Safari 12.1)', /\bObject\.fromEntries\b/],
  ['Object.hasOwn (Chrome 93, Safari 15.4)', /\bObject\.hasOwn\b/],
  ['Array#flat / flatMap (Chrome 69)', /\.flat(Map)?\(/],
  ['String#matchAll (Chrome 73, Safari 13)', /\.matchAll\(/],
  ['String#replaceAll (Chrome 85, Safari 13.1)', /\.replaceAll\(/],
  ['structuredClone (Chrome 98)', /\bstructuredClone\b/],
  ['Promise.any (Chrome 85)', /\bPromise\.any\(/],
  ['Array#findLast (Chrome 97)', /\.findLast(Index)?\(/],
];

describe('the client bundle', () => {
  let clientDir = '';
  let files: string[] = [];
  let entryUrl = '';

  beforeAll(async () => {
    clientDir = await tempDir('client-bundle');
    const bundle = await bundleClient(clientDir, 'label */ for the test');
    files = bundle.files.filter((file) => file.endsWith('.js'));
    entryUrl = bundle.assets.entry;
  }, 60_000);
  afterAll(() => rm(clientDir, { recursive: true, force: true }));

  /**
   * What a visitor's browser may load: the files the entry reaches by its imports, static and
   * dynamic, without passing through a part only the preview host loads (the /preview screen
   * and its schema, the click-to-edit overlay, the notes panel), and what those alone import
   * (zod, their shared chunk).
   */
  const PREVIEW_ONLY = /^(preview-schema|live-preview|preview-overlay|notes-panel)\./;
  const visitorCode = () => {
    const byName = new Map(files.map((file) => [basename(file), file]));
    const seen = new Set<string>();
    const queue = [files.find((file) => file.endsWith(entryUrl))!];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, name] of text.matchAll(/(?:from|import)\s*\(?\s*["'](?:\.\/|\/_app\/chunks\/|\.\/chunks\/)([\w.-]+\.js)["']/g)) {
        const target = byName.get(name!);
        if (target && !PREVIEW_ONLY.test(name!)) queue.push(target);
      }
    }
    return [...seen];
  };

  test('is built, with the chunks visitors load', () => {
    expect(visitorCode().length).toBeGreaterThan(5);
    // The reach is followed: the languages, the router, the gallery; not the preview host's parts.
    expect(
      visitorCode()
        .map((file) => basename(file).split('.')[0])
        .sort(),
    ).toEqual(expect.arrayContaining(['en', 'ru', 'navigation-runtime', 'gallery', 'entry']));
    expect(visitorCode().filter((file) => PREVIEW_ONLY.test(basename(file)))).toEqual([]);
  });

  // V8 honours the hint only at the very top of the file, before the code label's comment.
  test('opens the entry with the compile hint that has V8 compile it off the main thread', async () => {
    const entry = files.find((file) => file.endsWith(entryUrl))!;
    const text = await readFile(join(ROOT, entry), 'utf8');
    expect(text.startsWith(COMPILE_HINT + '/* label  for the test */')).toBe(true);
  });

  test('leaves the hint out of the lazy chunks, most of which a page never runs', async () => {
    const hinted: string[] = [];
    for (const file of files)
      if (!file.endsWith(entryUrl) && (await readFile(join(ROOT, file), 'utf8')).includes('allFunctionsCalledOnLoad')) hinted.push(file);
    expect(hinted).toEqual([]);
  });

  /** The chunks a file imports statically (`import … from "./chunk.X.js"`), as paths in the bundle. */
  const staticImportsOf = async (file: string) => {
    const code = await readFile(join(ROOT, file), 'utf8');
    return [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) => join(dirname(file), m[1]!));
  };

  // Each file is gzipped on its own: the 17 small chunks the entry used to import cost about
  // 3 KB more than the same code in one (scripts/lib/first-load-chunk.ts).
  test('has the entry import one chunk, which imports nothing', async () => {
    const entry = files.find((file) => file.endsWith(entryUrl))!;
    const shared = await staticImportsOf(entry);
    expect(shared).toHaveLength(1);
    expect(await staticImportsOf(shared[0]!)).toEqual([]);
  });

  // A lazy part that had its own copy of a module the entry imports would have its own state
  // (its own React, its own language tables): it must use the entry's chunk.
  test('has the lazy parts import the entry’s one chunk for what they share with it', async () => {
    const entry = files.find((file) => file.endsWith(entryUrl))!;
    const [shared] = await staticImportsOf(entry);
    const navigation = files.find((file) => /\/navigation-runtime\.[^/]+\.js$/.test(file))!;
    const english = files.find((file) => /\/en\.[^/]+\.js$/.test(file))!;
    expect(await staticImportsOf(navigation)).toContain(shared);
    expect(await staticImportsOf(english)).toEqual([shared]);
  });

  test.each(NEWER_BUILT_INS)('calls no %s in code visitors load', async (_name, pattern) => {
    const offenders: string[] = [];
    for (const file of visitorCode()) if (pattern.test(await readFile(join(ROOT, file), 'utf8'))) offenders.push(file);
    expect(offenders).toEqual([]);
  });
});

describe('the code of a second build from the same sources', () => {
  let first: { dir: string; code: CodeBundles };
  let second: { dir: string; code: CodeBundles };
  const filesIn = async (dir: string) => {
    const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    return new Map(
      await Promise.all(
        names.map(async (e) => [relative(dir, join(e.parentPath, e.name)), await readFile(join(e.parentPath, e.name), 'utf8')] as const),
      ),
    );
  };
  const bundleInto = async (name: string) => {
    const dir = await tempDir(name);
    return { dir, code: await bundleCode(join(dir, 'public'), join(dir, 'worker/index.js'), 'label of the reuse test') };
  };

  beforeAll(async () => {
    first = await bundleInto('code-first');
    second = await bundleInto('code-second');
  }, 60_000);
  afterAll(() => Promise.all([first, second].map((b) => b && rm(b.dir, { recursive: true, force: true }))));

  test('is not bundled again: the sources are the first build’s', () => {
    expect([first.code.reused, second.code.reused]).toEqual([false, true]);
  });

  test('is the first build’s: the same assets, client files and worker', () => {
    expect({ ...second.code, reused: false }).toEqual(first.code);
    expect(first.code.clientFiles.map((f) => f.path)).toContain(first.code.assets.entry.slice(1));
  });

  test('is written into its own folders, byte for byte as the first build wrote its own', async () => {
    expect(await filesIn(second.dir)).toEqual(await filesIn(first.dir));
    expect([...(await filesIn(second.dir)).keys()]).toContain('worker/index.js');
  });
});
