/** The table `npm run builds` prints, and the build an operator means by a prefix of its id. */
import { describe, expect, test } from 'vitest';
import { formatBuildsTable, resolveBuildId, type BuildHistory, type BuildRow } from '../../scripts/lib/build-history';

const row = (over: Partial<BuildRow>): BuildRow => ({
  id: 'aaaaaaaaaaaaaaaa',
  builtAt: Date.UTC(2026, 10, 1),
  publishedAt: Date.UTC(2026, 10, 2, 9, 30),
  publishedBy: 'dev@example.com',
  commit: '0123456789abcdef0123456789abcdef01234567',
  subject: 'About page: new team photo',
  pageCount: 12,
  pages: { added: 1, changed: 2, removed: 0 },
  against: null,
  live: false,
  draft: false,
  ...over,
});
const history = (over: Partial<BuildHistory>): BuildHistory => ({ live: null, draft: null, builds: [], problems: [], ...over });

describe('the builds table', () => {
  test('starts with a header naming every column', () => {
    const [header] = formatBuildsTable(history({ builds: [row({})] }));
    expect(header!.split(/\s{2,}/)).toEqual([
      'ID',
      'PUBLISHED (UTC)',
      'BY',
      'COMMIT',
      'PAGES',
      'ADDED',
      'CHANGED',
      'REMOVED',
      'STATUS',
      'SUBJECT',
    ]);
  });

  test('a row shows id, first publish, publisher, short commit, pages and their changes, status and subject', () => {
    const [, line] = formatBuildsTable(history({ builds: [row({ live: true })] }));
    expect(line!.split(/\s{2,}/)).toEqual([
      'aaaaaaaaaaaaaaaa',
      '2026-11-02 09:30Z',
      'dev@example.com',
      '01234567',
      '12',
      '1',
      '2',
      '0',
      'LIVE',
      'About page: new team photo',
    ]);
  });

  test('a build published before release records shows dashes, not made-up values', () => {
    const [, line] = formatBuildsTable(
      history({ builds: [row({ publishedAt: null, publishedBy: null, commit: null, subject: null, pages: null, draft: true })] }),
    );
    expect(line!.split(/\s{2,}/)).toEqual(['aaaaaaaaaaaaaaaa', '-', '-', '-', '12', '-', '-', '-', 'DRAFT', '-']);
  });

  test('control characters in a commit subject are shown as escapes, never sent to the terminal', () => {
    const [, line] = formatBuildsTable(history({ builds: [row({ subject: 'fix\x1b]0;owned\x07 title' })] }));
    expect([...line!].filter((c) => c.charCodeAt(0) < 0x20)).toEqual([]);
    expect(line).toContain('\\x1b');
  });

  test('a pointer naming a missing build is printed as a problem line', () => {
    const lines = formatBuildsTable(
      history({ builds: [row({})], problems: ['builds/latest.json names build ffffffffffffffff, which is not in KV'] }),
    );
    expect(lines.at(-1)).toBe('problem: builds/latest.json names build ffffffffffffffff, which is not in KV');
  });
});

describe('a build id typed by an operator', () => {
  const ids = ['0123456789abcdef', '0123ffffffffffff', '89abcdef01234567'];

  test('a prefix only one build starts with means that build', () => {
    expect(resolveBuildId('89ab', ids)).toEqual({ id: '89abcdef01234567' });
  });

  test('a whole id means that build', () => {
    expect(resolveBuildId('0123456789abcdef', ids)).toEqual({ id: '0123456789abcdef' });
  });

  test('a prefix several builds start with is refused in one line listing them', () => {
    const result = resolveBuildId('0123', ids);
    expect(result).toEqual({
      error: '0123 is ambiguous: 2 builds start with it (0123456789abcdef, 0123ffffffffffff); type more of the id',
    });
  });

  test('a prefix no build starts with says so', () => {
    expect(resolveBuildId('dead', ids)).toEqual({ error: expect.stringContaining('no build in KV has an id starting with dead') });
  });

  test.each(['012', 'ABCD', '0123456789abcdef0', '../x', ''])('"%s" is not a build id', (text) => {
    expect(resolveBuildId(text, ids)).toEqual({ error: expect.stringContaining('is not a build id') });
  });
});
