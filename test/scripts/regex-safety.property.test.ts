import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseRuleString } from '../../app/validation/rule-string';
import { loadContent } from '../../scripts/lib/content-loader';
import { generateContent } from '../../scripts/lib/generate-content';
import { checkRulePattern, withPlainGroups } from '../../scripts/lib/regex-safety';
import { tempDir } from '../support/built-site';
import { checkProperty } from '../support/property';

/** Pieces of the syntax the check's parser reads, and of the syntax it does not. */
const PIECES = [
  '(?<cc>',
  '(?<a1>',
  '(?<=',
  '(?<!',
  '(?=',
  '(?!',
  '(?:',
  '(?i:',
  '(',
  ')',
  '[',
  ']',
  '[^',
  '\\',
  '\\d',
  '\\+',
  '\\(',
  '\\k<cc>',
  '\\1',
  '\\p{L}',
  'a',
  'b',
  '<',
  '>',
  '.',
  '+',
  '*',
  '?',
  '{1,3}',
  '{5,12}',
  '^',
  '$',
];
const pattern = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
/** The patterns a `regex:` rule accepts: those JavaScript compiles with the `u` flag. */
const accepted = (p: string) => parseRuleString(`regex:${p}`).ok;

describe('the backtracking check of regex rules', () => {
  test('every pattern the rules accept gets a verdict, never an exception', () => {
    checkProperty(
      fc.property(pattern, (p) => {
        fc.pre(accepted(p));
        const verdict = checkRulePattern(p);
        if (!verdict.safe && verdict.reason === 'unreadable') expect(verdict.detail).not.toBe('');
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  test('writing named groups as plain groups matches exactly the same values', () => {
    const value = fc.array(fc.constantFrom('a', 'b', '+', '1', '9', '(', '<', 'é'), { maxLength: 8 }).map((c) => c.join(''));
    checkProperty(
      fc.property(pattern, fc.array(value, { minLength: 1, maxLength: 5 }), (p, values) => {
        fc.pre(accepted(p) && !p.includes('\\k<'));
        const original = new RegExp(p, 'u');
        const plain = new RegExp(withPlainGroups(p), 'u');
        for (const v of values) expect(plain.test(v)).toBe(original.test(v));
      }),
      { numRuns: 300 },
    );
  });

  test('the phone pattern with a named group is linear, and accepted', () => {
    expect(checkRulePattern('^(?<cc>\\+\\d{1,3})?\\d{5,12}$')).toEqual({ safe: true });
  });

  test('a named group around nested repetition is still refused as backtracking', () => {
    expect(checkRulePattern('^(?<word>a+)+$')).toEqual({ safe: false, reason: 'backtracking' });
  });

  test('lookbehinds and escaped or bracketed "(?<" are not read as named groups', () => {
    expect(withPlainGroups('(?<=a)(?<!b)\\(?<x>[(?<y>]')).toBe('(?<=a)(?<!b)\\(?<x>[(?<y>]');
  });

  test('a named backreference, which the check cannot read, is unreadable with the reason', () => {
    const verdict = checkRulePattern('^(?<d>\\d)\\k<d>$');
    expect(verdict).toMatchObject({ safe: false, reason: 'unreadable' });
  });
});

describe('regex rules in a content directory', () => {
  let dir: string;
  let pageFile: string;
  let original: string;
  beforeAll(async () => {
    dir = await tempDir('regex-rules');
    await generateContent({ dir, pagesPerLocale: 0 });
    pageFile = join(dir, 'pages', 'en', 'index.json');
    original = await readFile(pageFile, 'utf8');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('any pattern the rules accept either builds or is a problem naming its file and field', async () => {
    await checkProperty(
      fc.asyncProperty(fc.array(pattern.filter(accepted), { minLength: 1, maxLength: 6 }), async (patterns) => {
        const page = JSON.parse(original);
        const fields = patterns.map((p, i) => ({ name: `f${i}`, label: 'Code', kind: 'text', rules: `regex:${p}` }));
        page.blocks.push({ type: 'form', id: 'f', fields, submitLabel: 'Send', successMessage: 'Thanks' });
        await writeFile(pageFile, JSON.stringify(page));
        const result = await loadContent(dir, 'content');
        const unsafe = patterns.flatMap((p, i) => (checkRulePattern(p).safe ? [] : [i]));
        expect(result.ok).toBe(unsafe.length === 0);
        if (result.ok) return;
        expect(result.problems.map((p) => `${p.file}: ${p.path}`)).toEqual(
          unsafe.map((i) => `content/pages/en/index.json: blocks[5].fields[${i}].rules`),
        );
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
