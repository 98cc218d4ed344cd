import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWorker } from '../../scripts/lib/bundle';
import { tempDir } from '../support/built-site';

/** The worker's inputs as esbuild records them: paths relative to the repository root. */
let inputs: string[] = [];
let outDir = '';

beforeAll(async () => {
  outDir = await tempDir('worker-bundle');
  const assets = { entry: '/_app/entry.js', css: [], preload: [], lazy: {} };
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
