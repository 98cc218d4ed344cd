/**
 * The example editor's map between its JSON text and content paths (preview-public/editor/json-paths.js),
 * run as the browser runs it: the plain script, evaluated with a window of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatContentPath, type ContentPathKey } from '../../../app/content/content-path';
import { REPO_ROOT } from '../../support/built-site';
import { checkProperty, hostileString } from '../../support/property';

interface EditorJsonPaths {
  pathAt: (text: string, offset: number) => string;
  rangeOf: (text: string, path: string) => { start: number; end: number; container: boolean } | null;
}

const sandbox: { window: { EditorJsonPaths?: EditorJsonPaths } } = { window: {} };
runInNewContext(readFileSync(join(REPO_ROOT, 'preview-public/editor/json-paths.js'), 'utf8'), sandbox);
const { pathAt, rangeOf } = sandbox.window.EditorJsonPaths!;

const PAGE = JSON.stringify(
  {
    title: 'Loans',
    blocks: [
      { type: 'hero', heading: 'Borrow' },
      { type: 'cards', items: [{ title: 'One' }, { title: 'Two', text: 'Second card' }] },
    ],
  },
  null,
  2,
);

describe("the editor's JSON text and content paths", () => {
  test('the cursor on a field, its key or its value, is on that path', () => {
    expect(pathAt(PAGE, PAGE.indexOf('"Two"') + 2)).toBe('blocks[1].items[1].title');
    expect(pathAt(PAGE, PAGE.indexOf('"text"'))).toBe('blocks[1].items[1].text');
    expect(pathAt(PAGE, PAGE.indexOf('"heading"') + 3)).toBe('blocks[0].heading');
  });

  test('the cursor between fields of a block is on the block', () => {
    expect(pathAt(PAGE, PAGE.indexOf('"type": "cards"') - 1)).toBe('blocks[1]');
  });

  test('a path is found as its value in the text', () => {
    const range = rangeOf(PAGE, 'blocks[1].items[1].text')!;
    expect(PAGE.slice(range.start, range.end)).toBe('"Second card"');
    expect(range.container).toBe(false);
    const block = rangeOf(PAGE, 'blocks[1]')!;
    expect(PAGE[block.start]).toBe('{');
    expect(block.container).toBe(true);
    expect(rangeOf(PAGE, 'blocks[2]')).toBeNull();
  });

  test('a half-typed document still has its paths before the break', () => {
    const broken = PAGE.slice(0, PAGE.indexOf('"Two"') + 4);
    expect(pathAt(broken, broken.indexOf('"heading"'))).toBe('blocks[0].heading');
    expect(rangeOf(broken, 'blocks[0].heading')).not.toBeNull();
  });

  /** Pages of content-model-like keys, and every path in them. */
  const key = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);
  const { tree } = fc.letrec<{ tree: unknown }>((self) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constantFrom(-1.5e-7, 3.25, true, false, null)),
      fc.array(self('tree'), { maxLength: 3 }),
      fc.dictionary(key, self('tree'), { maxKeys: 3 }),
    ),
  }));
  const page = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 4 });

  function everyPath(value: unknown, keys: ContentPathKey[] = [], out: [ContentPathKey[], unknown][] = []) {
    if (keys.length > 0) out.push([keys, value]);
    if (Array.isArray(value)) value.forEach((v, i) => everyPath(v, [...keys, i], out));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) everyPath(v, [...keys, k], out);
    return out;
  }

  test('every path of a page is found at its value, and the cursor there is on that path', () => {
    checkProperty(
      fc.property(page, fc.constantFrom(0, 2, '\t'), (doc, indent) => {
        const text = JSON.stringify(doc, null, indent);
        for (const [keys, value] of everyPath(doc)) {
          const path = formatContentPath(keys);
          const range = rangeOf(text, path)!;
          expect(JSON.parse(text.slice(range.start, range.end))).toEqual(value);
          expect(pathAt(text, range.start)).toBe(path);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('any text at all, and any cursor in it, gives a path or none and never throws', () => {
    checkProperty(
      fc.property(fc.oneof(hostileString(), fc.json(), fc.string()), fc.nat(), (text, at) => {
        expect(typeof pathAt(text, at % (text.length + 1))).toBe('string');
        expect(() => rangeOf(text, 'blocks[0]')).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });
});
