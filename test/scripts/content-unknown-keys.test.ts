/**
 * Keys the content model does not know, through the content loader on a generated directory:
 * each is a problem naming the file, the object that holds it and the key it may stand for.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';

let dir: string;
const originals = new Map<string, string>();
const EDITED = ['site.json', 'pages/en/page-1.json'];

beforeAll(async () => {
  dir = await tempDir('unknown-keys');
  await generateContent({ dir, pagesPerLocale: 1 });
  for (const rel of EDITED) originals.set(rel, await readFile(join(dir, rel), 'utf8'));
});
// The files each test edits are put back, so the directory is generated once for the file.
beforeEach(async () => {
  for (const [rel, text] of originals) await writeFile(join(dir, rel), text);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function edit(rel: string, change: (value: any) => void) {
  const value = JSON.parse(await readFile(join(dir, rel), 'utf8'));
  change(value);
  await writeFile(join(dir, rel), JSON.stringify(value));
}

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('unknown keys', () => {
  test('the generated directory builds', async () => {
    expect(await problemLines()).toEqual([]);
  });

  test('a misspelt page description fails the build with the field it stands for', async () => {
    await edit('pages/en/page-1.json', (page) => {
      page.descripton = page.description;
      delete page.description;
    });
    expect(await problemLines()).toEqual(['content/pages/en/page-1.json: (root): Unknown field "descripton": did you mean "description"?']);
  });

  test('a misspelt key deep in a block is named by its object’s path', async () => {
    await edit('pages/en/page-1.json', (page) => {
      page.blocks[3].items[0].answr = page.blocks[3].items[0].answer;
    });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[3].items[0]: Unknown field "answr": did you mean "answer"?',
    ]);
  });

  test('a key of a form field’s option is checked like any other', async () => {
    await edit('pages/en/page-1.json', (page) =>
      page.blocks.push({
        type: 'form',
        id: 'ask',
        fields: [{ name: 'topic', label: 'Topic', kind: 'select', options: [{ value: 'a', label: 'A', selected: true }] }],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[5].fields[0].options[0]: Unknown field "selected" (the fields here are value, label)',
    ]);
  });

  test('an unknown key in site.json fails the build, at the top level and inside a route rule', async () => {
    await edit('site.json', (site) => {
      site.defaultLocal = site.defaultLocale;
      site.routeRules = { '/old': { redirect: { to: '/en', status: 301 } } };
    });
    expect(await problemLines()).toEqual([
      'content/site.json: routeRules./old.redirect: Unknown field "status" (the fields here are to, statusCode)',
      'content/site.json: (root): Unknown field "defaultLocal": did you mean "defaultLocale"?',
    ]);
  });

  test('an action with both href and modal is refused rather than its modal dropped', async () => {
    await edit('pages/en/page-1.json', (page) => {
      page.blocks[0].actions[0].modal = { title: 'More', blocks: [] };
    });
    expect(await problemLines()).toEqual([
      'content/pages/en/page-1.json: blocks[0].actions[0].modal: An action has href (a link) or modal (a button that opens one), not both',
    ]);
  });
});
