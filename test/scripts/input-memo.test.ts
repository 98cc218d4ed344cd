/** A value computed from files is reused while the files hold the same bytes, and computed again once one changes. */
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inputMemo, type Computed } from '../../scripts/lib/input-memo';
import { tempDir } from '../support/built-site';

let dir: string;
let a: string;
let b: string;
const past = new Date(Date.now() - 60_000);

beforeEach(async () => {
  dir = await tempDir('input-memo');
  [a, b] = [join(dir, 'a.ts'), join(dir, 'b.ts')];
  await writeFile(a, 'export const a = 1;');
  await writeFile(b, 'export const b = 2;');
  // Written a minute ago, as sources are when a build reads them.
  await Promise.all([a, b].map((f) => utimes(f, past, past)));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A computation that counts its runs and reads both files. */
function counted() {
  let runs = 0;
  const compute = async (): Promise<Computed<number>> => ({ value: ++runs, inputs: [a, b] });
  return { compute, runs: () => runs };
}

describe('inputMemo', () => {
  test('the second get of a key whose inputs are unchanged reuses the first value', async () => {
    const memo = inputMemo<number>();
    const { compute, runs } = counted();
    expect(await memo.get('k', compute)).toEqual({ value: 1, reused: false });
    expect(await memo.get('k', compute)).toEqual({ value: 1, reused: true });
    expect(runs()).toBe(1);
  });

  test('an input with other bytes is a miss, even with its old modification time', async () => {
    const memo = inputMemo<number>();
    const { compute } = counted();
    await memo.get('k', compute);
    await writeFile(b, 'export const b = 3;');
    await utimes(b, past, past);
    expect(await memo.get('k', compute)).toEqual({ value: 2, reused: false });
    expect(await memo.get('k', compute)).toEqual({ value: 2, reused: true });
  });

  test('an input that is gone is a miss', async () => {
    const memo = inputMemo<number>();
    const { compute } = counted();
    await memo.get('k', compute);
    await rm(a);
    expect((await memo.get('k', compute)).reused).toBe(false);
  });

  test('a value whose input was modified while it was computed is not kept', async () => {
    const memo = inputMemo<number>();
    let runs = 0;
    const editing = async (): Promise<Computed<number>> => {
      runs++;
      await writeFile(a, `export const a = ${runs};`); // an editor saves during the build
      return { value: runs, inputs: [a, b] };
    };
    await memo.get('k', editing);
    expect(await memo.get('k', editing)).toEqual({ value: 2, reused: false });
  });

  test('keys are kept apart', async () => {
    const memo = inputMemo<number>();
    const { compute } = counted();
    await memo.get('one', compute);
    expect(await memo.get('two', compute)).toEqual({ value: 2, reused: false });
    expect(await memo.get('one', compute)).toEqual({ value: 1, reused: true });
  });

  test('beyond maxEntries the oldest key is dropped', async () => {
    const memo = inputMemo<number>({ maxEntries: 2 });
    const { compute } = counted();
    for (const key of ['x', 'y', 'z']) await memo.get(key, compute);
    expect((await memo.get('z', compute)).reused).toBe(true);
    expect((await memo.get('x', compute)).reused).toBe(false);
  });
});

describe('inputMemo with a store folder', () => {
  const store = () => join(dir, 'store');

  test("another memo on the same store (another process) reuses the first one's value", async () => {
    const { compute, runs } = counted();
    await inputMemo<number>({ store: store() }).get('k', compute);
    expect(await inputMemo<number>({ store: store() }).get('k', compute)).toEqual({ value: 1, reused: true });
    expect(runs()).toBe(1);
  });

  test('a stored value whose input has other bytes now is computed again, and the store keeps the new one', async () => {
    const { compute } = counted();
    await inputMemo<number>({ store: store() }).get('k', compute);
    await writeFile(a, 'export const a = 3;');
    await utimes(a, past, past);
    expect(await inputMemo<number>({ store: store() }).get('k', compute)).toEqual({ value: 2, reused: false });
    expect(await inputMemo<number>({ store: store() }).get('k', compute)).toEqual({ value: 2, reused: true });
  });

  test('a file in the store that is not an entry is computed again, not trusted', async () => {
    const { compute } = counted();
    await inputMemo<number>({ store: store() }).get('k', compute);
    const [file] = await readdir(store());
    await writeFile(join(store(), file!), '{"value": 99}');
    expect(await inputMemo<number>({ store: store() }).get('k', compute)).toEqual({ value: 2, reused: false });
  });

  test('a value not kept in memory is not stored either', async () => {
    let runs = 0;
    const editing = async (): Promise<Computed<number>> => {
      await writeFile(a, `export const a = ${++runs};`);
      return { value: runs, inputs: [a, b] };
    };
    await inputMemo<number>({ store: store() }).get('k', editing);
    expect(await readdir(store()).catch(() => [])).toEqual([]);
  });
});
