import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatProblem } from '../../app/content/issues';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { tempDir } from '../support/built-site';
import { PROTOTYPE_NAMES } from '../support/property';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('loader');
  await generateContent({ dir, pagesPerLocale: 2 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function editPage(rel: string, edit: (page: any) => void) {
  const file = join(dir, 'pages', rel);
  const page = JSON.parse(await readFile(file, 'utf8'));
  edit(page);
  await writeFile(file, JSON.stringify(page));
}

async function problemLines(): Promise<string[]> {
  const result = await loadContent(dir, 'content');
  if (result.ok) return [];
  return result.problems.map(formatProblem);
}

describe('content validation', () => {
  test('a valid generated directory loads', async () => {
    const result = await loadContent(dir);
    expect(result.ok).toBe(true);
  });

  test('a missing title is named with its file and field', async () => {
    await editPage('en/page-1.json', (p) => delete p.title);
    expect(await problemLines()).toEqual(['content/pages/en/page-1.json: title: Required']);
  });

  test('a missing field deep in a block is named by its path', async () => {
    await editPage('en/page-1.json', (p) => delete p.blocks[3].items[0].question);
    expect(await problemLines()).toEqual(['content/pages/en/page-1.json: blocks[3].items[0].question: Required']);
  });

  test('an unknown block type is named', async () => {
    await editPage('fi/page-2.json', (p) => p.blocks.push({ type: 'carousel3d' }));
    expect(await problemLines()).toEqual(['content/pages/fi/page-2.json: blocks[5].type: Unknown block type "carousel3d"']);
  });

  test('a bad rule string is named with the rule', async () => {
    await editPage('en/index.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: [{ name: 'age', label: 'Age', kind: 'number', rules: 'required|betwen:1,10' }],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual(['content/pages/en/index.json: blocks[5].fields[0].rules: unknown rule "betwen"']);
  });

  test('a regex rule with nested repetition is refused, naming the file and the field', async () => {
    await editPage('fi/page-1.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'code', label: 'Code', kind: 'text', rules: 'required|regex:^(a+)+$' },
        ],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^content\/pages\/fi\/page-1\.json: blocks\[5\]\.fields\[1\]\.rules: rule "regex" has a pattern that can backtrack for a long time/,
    );
  });

  test('a regex rule inside a section is named by its path in the section', async () => {
    await editPage('en/page-2.json', (p) =>
      p.blocks.push({
        type: 'section',
        blocks: [
          {
            type: 'form',
            id: 'f',
            fields: [{ name: 'code', label: 'Code', kind: 'text', rules: 'regex:(x*)*y' }],
            submitLabel: 'Send',
            successMessage: 'Thanks',
          },
        ],
      }),
    );
    expect((await problemLines())[0]).toMatch(
      /^content\/pages\/en\/page-2\.json: blocks\[5\]\.blocks\[0\]\.fields\[0\]\.rules: rule "regex"/,
    );
  });

  test.each(['^a*a*b$', '^\\d*[0-9]*x$'])(
    'a regex rule %s, which backtracks without nested repetition, is refused too',
    async (pattern) => {
      await editPage('fi/page-1.json', (p) =>
        p.blocks.push({
          type: 'form',
          id: 'f',
          fields: [{ name: 'code', label: 'Code', kind: 'text', rules: `regex:${pattern}` }],
          submitLabel: 'Send',
          successMessage: 'Thanks',
        }),
      );
      expect((await problemLines())[0]).toMatch(/fields\[0\]\.rules: rule "regex" has a pattern that can backtrack/);
    },
  );

  test('a regex rule with a linear pattern builds', async () => {
    await editPage('en/index.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: [{ name: 'code', label: 'Code', kind: 'text', rules: 'required|regex:^[A-Z]{2}[0-9]{2,4}$' }],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual([]);
  });

  test('a regex rule with a named group and a linear pattern builds', async () => {
    await editPage('en/index.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: [{ name: 'phone', label: 'Phone', kind: 'text', rules: 'required|regex:^(?<cc>\\+\\d{1,3})?\\d{5,12}$' }],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual([]);
  });

  test('a regex rule the backtracking check cannot read is a named problem', async () => {
    await editPage('en/index.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: [{ name: 'pin', label: 'PIN', kind: 'text', rules: 'regex:^(?<d>\\d)\\k<d>$' }],
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual([
      expect.stringMatching(
        /^content\/pages\/en\/index\.json: blocks\[5\]\.fields\[0\]\.rules: rule "regex" has a pattern the backtracking check cannot read \(/,
      ),
    ]);
  });

  test('every Object.prototype name used as a rule is refused as an unknown rule', async () => {
    await editPage('en/index.json', (p) =>
      p.blocks.push({
        type: 'form',
        id: 'f',
        fields: PROTOTYPE_NAMES.map((name, i) => ({ name: `f${i}`, label: 'F', kind: 'text', rules: `required|${name}` })),
        submitLabel: 'Send',
        successMessage: 'Thanks',
      }),
    );
    expect(await problemLines()).toEqual(
      PROTOTYPE_NAMES.map((name, i) => `content/pages/en/index.json: blocks[5].fields[${i}].rules: unknown rule "${name}"`),
    );
  });

  test('a javascript: link in rich text is refused', async () => {
    await editPage('en/page-1.json', (p) => {
      p.blocks[1].doc.content[1].content[0].marks = [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }];
    });
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content\/pages\/en\/page-1\.json: blocks\[1\]\.doc\.content\[1\]\.content\[0\]\.marks\[0\]\.attrs\.href: /);
  });

  test('a javascript: redirect target in site.json is refused', async () => {
    const site = JSON.parse(await readFile(join(dir, 'site.json'), 'utf8'));
    site.routeRules = { '/x': { redirect: 'javascript:alert(1)' } };
    await writeFile(join(dir, 'site.json'), JSON.stringify(site));
    const lines = await problemLines();
    expect(lines[0]).toMatch(/^content\/site\.json: routeRules\.\/x\.redirect/);
  });

  test('a cache rule that keeps a page longer than gc keeps its build’s files is refused', async () => {
    const site = JSON.parse(await readFile(join(dir, 'site.json'), 'utf8'));
    site.routeRules = {
      '/en/**': { cache: { maxAge: 86_400, staleWhileRevalidate: 1 } },
      '/fi/**': { cache: { maxAge: 3_600, staleWhileRevalidate: 82_800 } },
    };
    await writeFile(join(dir, 'site.json'), JSON.stringify(site));
    expect(await problemLines()).toEqual([
      "content/site.json: routeRules./en/**.cache: maxAge and staleWhileRevalidate together may be at most 86400 s (1 day), as long as gc keeps an old build's files",
    ]);
  });

  test('an invalid tag-manager id is refused', async () => {
    const site = JSON.parse(await readFile(join(dir, 'site.json'), 'utf8'));
    site.gtmId = 'GTM-abc';
    await writeFile(join(dir, 'site.json'), JSON.stringify(site));
    expect(await problemLines()).toEqual(['content/site.json: gtmId: Must be GTM- followed by uppercase letters or digits']);
  });

  test.each(['About.json', 'my page.json', 'page_1.json', 'notes.txt', '-x.json'])('a bad file name %j is named', async (name) => {
    await writeFile(join(dir, 'pages', 'en', name), '{}');
    expect(await problemLines()).toEqual([
      `content/pages/en/${name}: (file name): Page files must be named like my-page.json (lowercase letters, digits, hyphens)`,
    ]);
  });

  test('a file where the pages folder should be is named, not a crash', async () => {
    await rm(join(dir, 'pages'), { recursive: true });
    await writeFile(join(dir, 'pages'), 'not a folder');
    expect((await problemLines())[0]).toBe('content/pages: (folder): is not a folder');
  });

  test('a file where the media folder should be is named, not a crash', async () => {
    await rm(join(dir, 'media'), { recursive: true, force: true });
    await writeFile(join(dir, 'media'), 'not a folder');
    expect(await problemLines()).toContain('content/media: (folder): is not a folder');
  });

  test('a file that is not JSON is named', async () => {
    await writeFile(join(dir, 'pages', 'en', 'broken.json'), '{ "title": ');
    const lines = await problemLines();
    expect(lines[0]).toMatch(/^content\/pages\/en\/broken\.json: \(file\): is not valid JSON/);
  });

  test('a file that is not JSON is named by line and column, and none of its text after the error is printed', async () => {
    await writeFile(join(dir, 'pages', 'en', 'broken.json'), '{\n  "title": "Loans",\n  "token": preview-token-9d2e\n}');
    const lines = await problemLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content\/pages\/en\/broken\.json: \(file\): is not valid JSON: unexpected character at line 3, column 12\n/);
    expect(lines[0]).not.toContain('preview-token');
  });

  test('a link in media/ to a file outside is refused by name, and nothing of its target is printed', async () => {
    const outside = await tempDir('loader-outside');
    try {
      await writeFile(join(outside, '.dev.vars'), 'PREVIEW_TOKEN=preview-token-9d2e\n');
      await mkdir(join(dir, 'media'), { recursive: true });
      await symlink(join(outside, '.dev.vars'), join(dir, 'media', 'vars.txt'));
      const lines = await problemLines();
      expect(lines).toEqual([expect.stringMatching(/^content\/media\/vars\.txt: \(file\): is a symbolic link/)]);
      expect(lines.join('\n')).not.toContain('preview-token');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  test('a named pipe among the pages is named, and the build does not wait on it', async () => {
    execFileSync('mkfifo', [join(dir, 'pages', 'en', 'pipe.json')]);
    expect(await problemLines()).toEqual([
      expect.stringMatching(/^content\/pages\/en\/pipe\.json: \(file\): is neither a file nor a folder/),
    ]);
  });

  test('paths deeper than eight segments are refused', async () => {
    const deep = join(dir, 'pages', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    await mkdir(deep, { recursive: true });
    await writeFile(join(deep, 'i.json'), '{}');
    expect((await problemLines())[0]).toContain('(file name)');
  });

  test('every problem is reported, not just the first', async () => {
    await editPage('en/page-1.json', (p) => delete p.title);
    await editPage('fi/page-1.json', (p) => (p.blocks[0].type = 'nope'));
    expect(await problemLines()).toHaveLength(2);
  });

  test('a missing site.json is named', async () => {
    await rm(join(dir, 'site.json'));
    expect(await problemLines()).toEqual(['content/site.json: (file): is missing']);
  });
});
