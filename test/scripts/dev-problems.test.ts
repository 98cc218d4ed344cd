/** Where in a content file `npm run dev` says a problem is: line and column, for the terminal and the overlay. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatLocatedProblem, locateProblem, locateProblems, pathSegments } from '../../scripts/lib/dev-problems';
import { tempDir } from '../support/built-site';

const PAGE = `{
  "title": 5,
  "blocks": [
    { "type": "hero", "heading": "Hi" },
    {
      "type": "cards",
      "items": [{ "title": "a" }, { "text": "no title" }]
    }
  ],
  "na\\"me": {}
}`;

describe('a problem’s field in the file', () => {
  test('is found at its value', () => {
    expect(locateProblem(PAGE, 'title')).toEqual({ line: 2, column: 12 });
    expect(locateProblem(PAGE, 'blocks[0].heading')).toEqual({ line: 4, column: 34 });
    expect(locateProblem(PAGE, 'blocks[1].items[0].title')).toEqual({ line: 7, column: 28 });
  });

  test('that is missing is found at the object that should hold it', () => {
    expect(locateProblem(PAGE, 'blocks[1].items[1].title')).toEqual({ line: 7, column: 35 });
  });

  test('under a key with escapes is found too', () => {
    expect(locateProblem(PAGE, 'na"me')).toEqual({ line: 10, column: 13 });
  });

  test('of the whole file is its first character', () => {
    expect(locateProblem(PAGE, '(root)')).toEqual({ line: 1, column: 1 });
    expect(pathSegments('(file)')).toEqual([]);
  });

  test('of a file that is not JSON is where the JSON stops', () => {
    expect(locateProblem('{\n  "title": "a",\n  ,\n}', '(file)')).toEqual({ line: 3, column: 3 });
  });
});

describe('problems as the build names them', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('dev-problems');
    await mkdir(join(dir, 'pages/en'), { recursive: true });
    await writeFile(join(dir, 'pages/en/about.json'), PAGE);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('get the line and column of their file under the shown content folder, printed as file:line:column', async () => {
    const [located, outside] = await locateProblems(
      [
        { file: 'site/pages/en/about.json', path: 'title', message: 'Expected string' },
        { file: 'dist', path: '(folder)', message: 'is not empty' },
      ],
      { contentDir: dir, shownContentRoot: 'site' },
    );
    expect(formatLocatedProblem(located!)).toBe('site/pages/en/about.json:2:12: title: Expected string');
    expect(formatLocatedProblem(outside!)).toBe('dist: (folder): is not empty');
  });
});
