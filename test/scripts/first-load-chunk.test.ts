/** What the client build's first pass reads from esbuild's metafile (scripts/lib/first-load-chunk.ts), on a made-up one. */
import type { Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { firstLoadSplit } from '../../scripts/lib/first-load-chunk';

type Output = Metafile['outputs'][string];
const output = (inputs: string[], imports: Output['imports'], entryPoint?: string): Output => ({
  bytes: 1,
  exports: [],
  imports,
  inputs: Object.fromEntries(inputs.map((i) => [i, { bytesInOutput: 1 }])),
  ...(entryPoint ? { entryPoint } : {}),
});

// entry -> a (-> b); the lazy gallery imports a and c; c is shared by lazy parts only.
const metafile: Metafile = {
  inputs: {},
  outputs: {
    'out/entry.js': output(
      ['app/client/entry.tsx', 'node_modules/react-dom/index.js'],
      [
        { path: 'out/a.js', kind: 'import-statement' },
        { path: 'out/gallery.js', kind: 'dynamic-import' },
      ],
      'app/client/entry.tsx',
    ),
    'out/a.js': output(['app/render/app.tsx', 'node_modules/react/index.js'], [{ path: 'out/b.js', kind: 'import-statement' }]),
    'out/b.js': output(['<runtime>', 'app/urls.ts'], []),
    'out/c.js': output(['app/gestures.ts'], []),
    'out/gallery.js': output(
      ['app/render/blocks/gallery.tsx'],
      [
        { path: 'out/a.js', kind: 'import-statement' },
        { path: 'out/c.js', kind: 'import-statement' },
      ],
      'app/render/blocks/gallery.tsx',
    ),
  },
};

describe('the first load split', () => {
  test('shares the modules of every chunk the entry imports, directly or through another, but not the entry’s own', () => {
    expect(firstLoadSplit(metafile, 'app/client/entry.tsx').shared).toEqual([
      'app/render/app.tsx',
      'app/urls.ts',
      'node_modules/react/index.js',
    ]);
  });

  test('starts from the entry and every dynamic import’s target', () => {
    expect(firstLoadSplit(metafile, 'app/client/entry.tsx').entryPoints).toEqual(['app/client/entry.tsx', 'app/render/blocks/gallery.tsx']);
  });

  test('names the entry it cannot find', () => {
    expect(() => firstLoadSplit(metafile, 'app/client/other.tsx')).toThrow(/no output for app\/client\/other\.tsx/);
  });
});
