import { describe, expect, test } from 'vitest';
import { budgetsTable, constantsOf, constantsTable, fillRegions, headingsByAnchor, messagesTable } from '../../scripts/lib/docs-tables';

const doc = ['# Doc', '', 'before', '<!-- generated:a -->', 'old table', '<!-- /generated:a -->', 'after', ''].join('\n');

describe('generated regions', () => {
  test('only the text between a region’s markers is rewritten', () => {
    expect(fillRegions(doc, 'x.md', () => '| new |')).toBe(doc.replace('old table', '| new |'));
  });

  test('a region without its closing marker is an error naming the file', () => {
    expect(() => fillRegions('<!-- generated:a -->\nold\n', 'docs/x.md', () => '')).toThrow(
      'docs/x.md: <!-- generated:a --> has no <!-- /generated:a --> after it',
    );
  });

  test('a region no table is generated for is an error naming the file and the name', () => {
    expect(() => fillRegions(doc, 'docs/x.md', () => undefined)).toThrow('docs/x.md: no table is generated under the name "a"');
  });
});

const code = {
  path: 'app/constants.ts',
  text: [
    '/** docs/behaviour.md#51-build-watcher: the client checks this often. More words here. */',
    'export const CHECK_MS = 60 * 60_000;',
    'export const SECOND_MS = 1_000;',
    '',
    'export const LATER_MS = 5;',
    '/** Retried on these. */',
    'export const STATUSES: readonly number[] = [408, 503];',
    'export const NOT_A_LITERAL = Math.max(1, 2);',
  ].join('\n'),
};
const headings = headingsByAnchor('## 5. Background\n### 5.1 Build watcher\n');

describe('constants tables', () => {
  test('show the value as computed, the file, the first sentence of the comment and a link to the section it cites', () => {
    expect(
      constantsTable(['CHECK_MS', 'STATUSES'], constantsOf([code]), headings)
        .split('\n')
        .slice(2),
    ).toEqual([
      '| `CHECK_MS` | 3,600,000 | `app/constants.ts` | The client checks this often. | [5.1](#51-build-watcher) |',
      '| `STATUSES` | 408, 503 | `app/constants.ts` | Retried on these. |  |',
    ]);
  });

  test('a constant right under one that cites a section is of that section; one after a blank line is not', () => {
    const rows = constantsTable(['SECOND_MS', 'LATER_MS'], constantsOf([code]), headings)
      .split('\n')
      .slice(2);
    expect(rows[0]).toMatch(/\[5\.1\]\(#51-build-watcher\) \|$/);
    expect(rows[1]).toBe('| `LATER_MS` | 5 | `app/constants.ts` |  |  |');
  });

  test('a name that is missing, not a literal, or declared twice is an error saying which', () => {
    const twice = constantsOf([code, { path: 'worker/other.ts', text: 'const CHECK_MS = 1;' }]);
    expect(() => constantsTable(['NOT_A_LITERAL'], constantsOf([code]), headings)).toThrow(
      'no constant NOT_A_LITERAL with a literal value',
    );
    expect(() => constantsTable(['CHECK_MS'], twice, headings)).toThrow('CHECK_MS is declared in app/constants.ts and worker/other.ts');
  });

  test('a citation of a section that does not exist is an error', () => {
    const stale = { path: 'app/x.ts', text: '/** docs/behaviour.md#99-gone: x. */\nconst X_MS = 1;' };
    expect(() => constantsTable(['X_MS'], constantsOf([stale]), headings)).toThrow(
      'X_MS cites docs/behaviour.md#99-gone, which is no heading',
    );
  });
});

describe('the budgets table', () => {
  test('reads each bound from the comment and each unit from the key', () => {
    const budgets = {
      path: 'bench/lib/bench/budgets.ts',
      text: [
        'export const KB = 1024;',
        'export const BUDGETS = {',
        '  /** hit CPU over saved (at most) */',
        '  hitCpu: 1.15,',
        '  /** render median, ms (strictly below) */',
        '  renderMedianMs: 1,',
        '  /** client JS, gzip bytes (at most) */',
        '  clientGzipBytes: 15 * KB,',
        '  /** bytes a phone saves (at least) */',
        '  phoneImageSaving: 0.7,',
        '} as const;',
      ].join('\n'),
    };
    expect(budgetsTable(budgets).split('\n').slice(2)).toEqual([
      '| hit CPU over saved | `hitCpu` | ≤ 1.15× |',
      '| render median, ms | `renderMedianMs` | < 1 ms |',
      '| client JS, gzip bytes | `clientGzipBytes` | ≤ 15 KB |',
      '| bytes a phone saves | `phoneImageSaving` | ≥ 70% |',
    ]);
  });
});

describe('the messages table', () => {
  test('lists each message once with its rules, and the fallback with the rules that have no text', () => {
    const messages = {
      path: 'app/validation/messages.ts',
      text: "const en: Table = { required: 'R {field}', one_of: 'V', not_one_of: 'V', fallback: 'F | {field}' };",
    };
    const rules = { path: 'app/validation/rule-string.ts', text: "export type RuleName = 'required' | 'one_of' | 'not_one_of' | 'is';" };
    expect(messagesTable(messages, rules).split('\n').slice(2)).toEqual([
      '| `required` | R {field} |',
      '| `one_of`, `not_one_of` | V |',
      '| `is`, and any rule without its own text | F \\| {field} |',
    ]);
  });
});
